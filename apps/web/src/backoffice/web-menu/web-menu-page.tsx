import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { API_PREFIX, PATHS } from '@tillpoint/contracts/api-paths';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import {
  FONT_WEIGHTS,
  MAX_MENU_TAGS,
  OPTION_GROUP_LABELS,
  type OptionGroupKey,
  TEXT_ALIGNS,
  TOP_LEVEL,
  WEB_MENU_DEFAULTS,
  type WEB_MENU_IMAGE_TYPES,
  type WebMenu,
  type WebMenuForm,
  webMenuInputSchema,
} from '@tillpoint/contracts/web-menu';
import { navigate, parseHash, useHash } from '../../shared/hash-route';
import { usePrivileges } from '../../shared/privileges';
import { getOrThrow } from '../../shared/query-client';
import { ColorField } from '../../shared/ui/color-field';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { CheckboxRow, NumberField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { type ImageKind, ImagesSection } from '../../shared/ui/image-field';
import { ProductPicker } from '../../shared/ui/product-picker';
import { RefField, RefMultiField } from '../../shared/ui/ref-field';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { useCrud } from '../../shared/ui/use-crud';
import type { Draft } from '../../shared/ui/use-zod-form';
import { useActiveTags } from '../catalogue/catalogue-api';
import { ProductGroupDialog } from '../catalogue/product-group-dialog';
import { PageLoading } from '../page-loading';
import { PageTitle } from '../page-title';
import { ROUTES } from '../route-hrefs';
import { WEB_MENU_RESOURCE, useGroupOptions, useKitchenPrinters, webMenus } from './web-menu-api';
import { SORT_OPTIONS } from './web-menu-card';
import { empty, toForm } from './web-menu-form';
import '../catalogue/catalogue.css';
import './web-menu.css';

type ImageType = (typeof WEB_MENU_IMAGE_TYPES)[number];
type Form = Draft<WebMenuForm>;
type Chosen = { name: string; barcode: string | null } | null;

const D = WEB_MENU_DEFAULTS;

const chosenOf = (m: WebMenu | null): Chosen => (m?.productId ? { name: m.productName ?? '', barcode: m.productBarcode } : null);

const GROUPS: { key: OptionGroupKey; label: string; labelField?: keyof Form }[] = [
  { key: 'grpContent', label: OPTION_GROUP_LABELS.grpContent },
  { key: 'grpContentX', label: OPTION_GROUP_LABELS.grpContentX },
  { key: 'grpMain', label: OPTION_GROUP_LABELS.grpMain },
  { key: 'grpOption1', label: 'Option 1', labelField: 'grpOption1Label' },
  { key: 'grpOption2', label: 'Option 2', labelField: 'grpOption2Label' },
  { key: 'grpOption3', label: 'Option 3', labelField: 'grpOption3Label' },
  { key: 'grpOption4', label: 'Option 4', labelField: 'grpOption4Label' },
];
const PRINTERS = [1, 2, 3, 4] as const;

const IMAGES: ImageKind<ImageType, WebMenu>[] = [
  { type: 'WEB', label: 'Image(Web)', version: (m) => m.fileName },
  { type: 'TILL', label: 'Image(Till)', version: (m) => m.fileNameTill },
];

/**
 * #webMenuSave?{id} and #webMenuSave??{parentId} for a new one (spec 2 §2 Web menu editor): every
 * field of the menu, the product it sells, its option groups (each opening the product group
 * editor as a dialog), kitchen printers and till styling. Save and Cancel return to #webMenuList?1.
 */
export default function WebMenuPage() {
  const { params } = parseHash(useHash());
  const id = Number(params[0]) || null;
  const parentId = id === null && params[1] !== undefined && params[1] !== '' ? Number(params[1]) : TOP_LEVEL;
  return <WebMenuEditor key={id ?? `new-${parentId}`} id={id} parentId={Number.isInteger(parentId) ? parentId : TOP_LEVEL} />;
}

function WebMenuEditor({ id, parentId }: { id: number | null; parentId: number }) {
  const can = usePrivileges(OBJECTS.webMenu);
  const tags = useActiveTags();
  const groups = useGroupOptions();
  const printers = useKitchenPrinters();
  const back = () => navigate(ROUTES.webMenuList(true));
  const [dialog, setDialog] = useState<{ key: OptionGroupKey; id: number | null } | null>(null);
  const crud = useCrud<WebMenu, typeof webMenuInputSchema>({
    area: webMenus,
    id,
    newInEdit: true,
    schema: webMenuInputSchema,
    empty: empty(parentId),
    toForm,
    images: { upload: WEB_MENU_RESOURCE.imageUpload, remove: WEB_MENU_RESOURCE.imageRemove },
    onSaved: back,
    onDeleted: back,
    onCancelNew: back,
  });
  const { control, setValue } = crud.form;
  const [hasSubMenu, formParent, fontSize, fontWeight, textAlign, color, background, borderRadius, name] = useWatch({
    control,
    name: ['hasSubMenu', 'parentId', 'fontSize', 'fontWeight', 'textAlign', 'color', 'background', 'borderRadius', 'name'],
  });
  const groupValues = useWatch({ control, name: ['grpContent', 'grpContentX', 'grpMain', 'grpOption1', 'grpOption2', 'grpOption3', 'grpOption4'] });
  const menu = crud.record;
  const [picked, setPicked] = useState<Chosen | undefined>(undefined);
  // The product on show: the one picked (or cleared) in this edit, else the saved one.
  const chosen = picked === undefined || !crud.editing ? chosenOf(menu) : picked;
  const parentOf = formParent ?? TOP_LEVEL;
  const parent = useQuery({
    queryKey: webMenus.keys.detail(parentOf),
    queryFn: () => getOrThrow<WebMenu>(`${WEB_MENU_RESOURCE.base}${parentOf}`),
    enabled: parentOf !== TOP_LEVEL,
  });

  if (crud.failed) return <p className="card">This web menu could not be loaded.</p>;
  if (crud.loading) return <PageLoading />;
  // Save and Cancel both return to the list, where the user came from (spec 2 §2).
  const controls = {
    ...crud,
    cancel: () => {
      crud.cancel();
      setPicked(undefined);
      if (crud.record) back();
    },
  };
  const groupOptions = groups.data?.map((g) => ({ id: g.id, name: g.name }));
  const openGroup = (key: OptionGroupKey) => setDialog({ key, id: (crud.form.getValues(key) as number | null) ?? null });

  return (
    <div className="stack web-menu-page">
      <PageTitle title={menu ? menu.name : 'New Web Menu'} back={ROUTES.webMenuList(true)} backLabel="Web Menus" />
      <CrudPanel title="Web Menu" crud={controls} can={{ ...can, add: false }}>
        <div className="product-sections web-menu-sections">
          <section className="product-section" aria-label="Details">
            <h3>Details</h3>
            <StatusSwitch crud={crud} />
            <TextField control={control} name="name" label="Name" required />
            <TextField control={control} name="subTitle" label="Subtitle" />
            <div className="field">
              <label htmlFor="web-menu-parent">Parent</label>
              <InputText id="web-menu-parent" value={parentOf === TOP_LEVEL ? 'Top level' : (parent.data?.name ?? '…')} readOnly disabled />
            </div>
            <CheckboxRow control={control} flags={{ webEnabled: 'Web Enabled', hasSubMenu: 'Has Sub Menu' }} />
            <RefMultiField control={control} name="productTags" label="Product Tags" options={tags.data} loading={tags.isPending} maxLabels={4} />
            {crud.editing && <small className="muted">At most {MAX_MENU_TAGS} tags.</small>}
          </section>

          <section className="product-section" aria-label="Product">
            <h3>
              Product
              {!hasSubMenu && (
                <span className="field-required" aria-hidden="true">
                  {' '}
                  *
                </span>
              )}
            </h3>
            {chosen ? (
              <figure className="web-menu-product-chosen" aria-label="Chosen product">
                {chosen.barcode && <img src={`${API_PREFIX}${PATHS.product.imageByBarcodeAndName(chosen.barcode, chosen.name)}`} alt="" loading="lazy" />}
                <div className="web-menu-product-text">
                  <strong>{chosen.name}</strong>
                  <small className="muted">{chosen.barcode}</small>
                </div>
                {crud.editing && (
                  <Button
                    type="button"
                    icon="pi pi-times"
                    text
                    rounded
                    severity="secondary"
                    aria-label="Clear product"
                    title="Clear"
                    onClick={() => {
                      // Spec 2 §4: the clear button empties what choosing a product filled.
                      setValue('productId', null, { shouldDirty: true });
                      setValue('longname', '', { shouldDirty: true });
                      setValue('name', '', { shouldDirty: true });
                      setPicked(null);
                    }}
                  />
                )}
              </figure>
            ) : (
              <p className="muted">{hasSubMenu ? 'A menu with submenus needs no product.' : 'No product yet: an item without submenus needs one.'}</p>
            )}
            {crud.editing && (
              <ProductPicker
                onPick={(p) => {
                  // Spec 2 §4: choosing a product fills longname, name, productId, productName and productBarcode.
                  setValue('productId', p.id, { shouldDirty: true });
                  setValue('longname', p.name, { shouldDirty: true });
                  setValue('name', p.name, { shouldDirty: true });
                  setPicked({ name: p.name, barcode: p.barcode });
                }}
              />
            )}
            <TextField control={control} name="longname" label="Long Name" />
          </section>

          <section className="product-section" aria-label="Option Groups">
            <h3>Option Groups</h3>
            <div className="web-menu-groups">
              {GROUPS.map((g, i) => (
                <div key={g.key} className={g.labelField ? 'web-menu-group-row with-label' : 'web-menu-group-row'}>
                  {g.labelField && <TextField control={control} name={g.labelField} label={`${g.label} Label`} />}
                  <RefField control={control} name={g.key} label={g.label} options={groupOptions} loading={groups.isPending} />
                  <GroupButton editing={crud.editing} chosen={(groupValues[i] ?? null) !== null} label={g.label} onClick={() => openGroup(g.key)} />
                </div>
              ))}
            </div>
          </section>

          <section className="product-section" aria-label="Kitchen Printers">
            <h3>Kitchen Printers</h3>
            {PRINTERS.map((n) => (
              <div key={n} className="web-menu-printer-row">
                <RefField control={control} name={`kitchenPrinter${n}`} label={`Kitchen Printer ${n}`} options={printers.data} loading={printers.isPending} />
                <RefField control={control} name={`kitchenPrinterGrp${n}`} label={`Printer Group ${n}`} options={groupOptions} loading={groups.isPending} />
              </div>
            ))}
            {printers.data?.length === 0 && <small className="muted">No kitchen printers yet: add a device of kind KITCHEN.</small>}
          </section>

          <ImagesSection kinds={IMAGES} record={menu} download={WEB_MENU_RESOURCE.imageDownload} images={crud.images} editing={crud.editing} />

          <details className="product-section web-menu-till">
            <summary>
              <h3>Till</h3>
            </summary>
            <div className="web-menu-till-body">
              <div className="web-menu-till-preview">
                <div
                  className="web-menu-till-button"
                  role="img"
                  aria-label="Till button preview"
                  style={{
                    fontSize: `calc(${fontSize || D.fontSize} * 0.6)`,
                    fontWeight: fontWeight ?? D.fontWeight,
                    textAlign: (textAlign ?? D.textAlign) as 'left' | 'center' | 'right',
                    justifyContent: textAlign === 'left' ? 'flex-start' : textAlign === 'right' ? 'flex-end' : 'center',
                    color: color || undefined,
                    background: background || undefined,
                    borderRadius: borderRadius || D.borderRadius,
                  }}
                >
                  {name || 'Button'}
                </div>
                <small className="muted">How the till draws the button (sizes scaled down).</small>
              </div>
              <h4>Text</h4>
              <div className="field-grid field-grid-narrow">
                <TextField control={control} name="fontSize" label="Font Size" />
                <SelectField control={control} name="fontWeight" label="Font Weight" options={FONT_WEIGHTS} />
                <SelectField control={control} name="textAlign" label="Text Align" options={TEXT_ALIGNS} />
                <TextField control={control} name="borderRadius" label="Border Radius" />
              </div>
              <div className="field-grid">
                <ColorField control={control} name="color" label="Color" />
                <ColorField control={control} name="background" label="Background" />
              </div>
              <h4>Size and Place</h4>
              <div className="field-grid field-grid-narrow">
                <NumberField control={control} name="flex" label="Flex" />
                <NumberField control={control} name="menuStyleHeightFlex" label="Height Flex" />
                <NumberField control={control} name="rowNo" label="Row No" />
                <NumberField control={control} name="colNo" label="Col No" />
                <NumberField control={control} name="pageSize" label="Page Size" />
                <NumberField control={control} name="rowSize" label="Row Size" />
                <NumberField control={control} name="spaceLength" label="Space Length" />
              </div>
              <h4>Order and Tills</h4>
              <div className="field-grid field-grid-narrow">
                <NumberField control={control} name="printOrder" label="Print Order" />
                <NumberField control={control} name="menuDisplayNo" label="Sorting Number" />
                <SelectField control={control} name="menuDisplayType" label="Submenu Sorting" options={SORT_OPTIONS} />
              </div>
              <TextField control={control} name="tillIdList" label="Till Id List" />
              <CheckboxRow
                control={control}
                flags={{
                  pinned: 'Pinned',
                  lining: 'Lining',
                  dummy: 'Dummy',
                  displaySiblings: 'Display Siblings',
                  displayGrandChilds: 'Display Grand Childs',
                  showInline: 'Show Inline',
                  singleLine: 'Single Line',
                  condiment: 'Condiment',
                }}
              />
            </div>
          </details>
        </div>
      </CrudPanel>
      {/* Outside the menu's form, so the group's own Save never submits the menu. */}
      <ProductGroupDialog
        id={dialog?.id ?? null}
        visible={dialog !== null}
        onClose={() => setDialog(null)}
        onSaved={(g) => {
          if (dialog && crud.editing) setValue(dialog.key, g.id, { shouldDirty: true });
        }}
      />
    </div>
  );
}

/** Opens the chosen group in the product group editor, or a new one to fill in (spec 2 §2). */
function GroupButton({ editing, chosen, label, onClick }: { editing: boolean; chosen: boolean; label: string; onClick: () => void }) {
  // The form is disabled outside edit mode, and so would the button be.
  if (!editing) return <span />;
  return (
    <Button
      type="button"
      icon={chosen ? 'pi pi-pencil' : 'pi pi-plus'}
      outlined
      aria-label={chosen ? `Open the ${label} group` : `New ${label} group`}
      title={chosen ? 'Open the product group' : 'New product group'}
      onClick={onClick}
    />
  );
}
