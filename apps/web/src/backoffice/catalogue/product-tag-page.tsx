import { PATHS } from '@tillpoint/contracts/api-paths';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { PRODUCT_TAG_PAGE_SIZE, type ProductTag, productTagInputSchema } from '@tillpoint/contracts/product-tag';
import { api } from '../../shared/api';
import { usePrivileges } from '../../shared/privileges';
import { ColorField } from '../../shared/ui/color-field';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { TextField } from '../../shared/ui/field-frame';
import { ImageField, uploadImageChanges, useImageChanges } from '../../shared/ui/image-field';
import { LazyTable } from '../../shared/ui/lazy-table';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { useCrud } from '../../shared/ui/use-crud';
import { productTags } from './catalogue-api';
import './catalogue.css';

const P = PATHS.productTag;

/** #/productTagSave (spec 2): the tag form (name, short name, colour, image) beside a table of 10 rows. */
export default function ProductTagPage() {
  const can = usePrivileges(OBJECTS.productTag);
  // The image changes follow the form's mode and record, so they are made after useCrud; its send
  // runs on a later click, by when they exist.
  let images: ReturnType<typeof useImageChanges<'WEB'>> | undefined;
  const crud = useCrud<ProductTag, typeof productTagInputSchema>({
    area: productTags,
    schema: productTagInputSchema,
    empty: { name: '', status: 'ACTIVE', shortName: '', tagColor: null },
    toForm: ({ name, status, shortName, tagColor }) => ({ name, status, shortName, tagColor }),
    // The image goes after the tag is saved (spec 2 §2), so a refused save uploads nothing.
    send: async (values, record) =>
      uploadImageChanges(
        record ? await api.put<ProductTag>(`${P.base}update`, { ...values, id: record.id }) : await api.post<ProductTag>(`${P.base}create`, values),
        images?.current() ?? {},
        { upload: (id) => P.imageUpload(id), remove: (id) => P.imageRemove(id) },
      ),
  });
  images = useImageChanges<'WEB'>(crud.editing, crud.record?.id ?? null);
  const { control } = crud.form;
  const tag = crud.record;

  return (
    <div className="page-split">
      <CrudPanel title="Product Tag" crud={crud} can={can}>
        <StatusSwitch crud={crud} />
        <TextField control={control} name="name" label="Name" required />
        <TextField control={control} name="shortName" label="Short Name" required />
        <ColorField control={control} name="tagColor" label="Colour" disabled={!crud.editing} />
        <ImageField
          label="Image"
          path={tag ? P.imageDownload(tag.id) : null}
          version={tag?.imageVersion ?? null}
          change={images.changes.WEB}
          onChange={(c) => images?.set('WEB', c)}
          editing={crud.editing}
        />
      </CrudPanel>
      {can.view && (
        <LazyTable<ProductTag>
          title="Product Tags"
          dataUrl={`${P.base}all`}
          rows={PRODUCT_TAG_PAGE_SIZE}
          columns={[
            { field: 'name', header: 'Name' },
            { field: 'shortName', header: 'Short Name' },
            { field: 'tagColor', header: 'Colour', filter: false, body: (t) => t.tagColor && <span className="tag-colour" style={{ background: t.tagColor }} title={t.tagColor} /> },
            { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
          ]}
          selection={tag}
          onSelect={crud.load}
        />
      )}
    </div>
  );
}
