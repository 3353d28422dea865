import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ACCEPTED_IMAGE_TYPES } from '@tillpoint/contracts/page-settings';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_MESSAGES } from '@tillpoint/contracts/product';
import { type ApiResult, api } from '../api';
import { notify } from '../notify';
import { warn } from '../toast-bus';
import { ChooseFile } from './choose-file';
import './picker-fields.css';

/** What will happen to one image on the next save: a new file, or its removal. */
export type ImageChange = File | 'remove';
export type ImageChanges<K extends string> = Partial<Record<K, ImageChange>>;

/**
 * The image changes a record form holds until its next save: emptied when the form leaves edit
 * mode or shows another record. `current()` reads them at the moment of sending.
 */
export function useImageChanges<K extends string>(editing: boolean, recordId: number | null) {
  const [changes, setChanges] = useState<ImageChanges<K>>({});
  const ref = useRef(changes);
  ref.current = changes;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new mode or record starts with no changes
  useEffect(() => setChanges({}), [editing, recordId]);
  return {
    changes,
    current: () => ref.current,
    set: (type: K, change: ImageChange | undefined) => setChanges((c) => ({ ...c, [type]: change })),
  };
}

/** An object URL for a blob, revoked when the blob changes or the component goes. */
function useBlobUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

/**
 * A stored image read with the session's token (the download calls are not public, so an <img src>
 * cannot fetch them). `version` changes whenever the image does, so a new one is fetched then.
 */
export function useStoredImage(path: string | null, version: string | null) {
  const query = useQuery({
    queryKey: ['image', path, version],
    queryFn: async () => {
      const r = await api.file('GET', path ?? '');
      return r.ok ? r.body : null;
    },
    enabled: path !== null && version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return useBlobUrl(query.data);
}

/** The spec's upload rules, checked before anything is sent: image files only, at most 50,000 bytes. */
export function imageRefusal(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return PRODUCT_MESSAGES.imagesOnly;
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return PRODUCT_MESSAGES.maxUpload;
  return null;
}

type Props = {
  label: string;
  /** The download path of the stored image; null when the record is new. */
  path: string | null;
  /** The stored image's version; null when there is none. */
  version: string | null;
  change: ImageChange | undefined;
  onChange: (change: ImageChange | undefined) => void;
  editing: boolean;
};

/**
 * An image of a record (spec 2: Image(Web), Image(Till), the tag's image): the stored one or the
 * one chosen, Choose and Remove in edit mode. The file goes to the server after the record saves
 * (uploadImageChanges), so a refused save uploads nothing.
 */
export function ImageField({ label, path, version, change, onChange, editing }: Props) {
  const stored = useStoredImage(path, version);
  const chosen = useBlobUrl(change instanceof File ? change : null);
  const src = change === 'remove' ? null : (chosen ?? stored);
  const hasImage = change instanceof File || (change !== 'remove' && version !== null);

  return (
    <figure className="image-field">
      <figcaption className="field-label">{label}</figcaption>
      <div className="image-field-frame">{src ? <img src={src} alt={`${label} preview`} /> : <span className="muted">No image</span>}</div>
      <div className="image-field-meta">
        <small className="muted">
          {change instanceof File ? `New: ${change.name} (${Math.max(1, Math.round(change.size / 1000))} KB)` : change === 'remove' ? 'Removed on save' : 'At most 50K'}
        </small>
        <div className="toolbar">
          <ChooseFile
            label={label}
            disabled={!editing}
            onFile={(file) => {
              const refusal = imageRefusal(file);
              if (refusal) return warn(refusal);
              onChange(file);
            }}
          />
          {hasImage && (
            <Button type="button" icon="pi pi-trash" size="small" text severity="danger" aria-label={`Remove ${label}`} title="Remove" disabled={!editing} onClick={() => onChange(change instanceof File && version === null ? undefined : 'remove')} />
          )}
        </div>
      </div>
    </figure>
  );
}

/**
 * Sends the image changes of a record that has just been saved, one call each (PUT image/upload
 * with the file, or PUT image/remove), and replies with the record as the last call left it. A
 * refused upload is shown; the record itself stays saved, so the reply is still the saved record.
 */
export async function uploadImageChanges<K extends string, R>(
  saved: ApiResult<R>,
  changes: ImageChanges<K>,
  paths: { upload: (id: number, type: K) => string; remove: (id: number, type: K) => string },
): Promise<ApiResult<R>> {
  if (!saved.ok) return saved;
  let latest = saved;
  const id = (saved.body as { id: number }).id;
  for (const [type, change] of Object.entries(changes) as [K, ImageChange | undefined][]) {
    if (change === undefined) continue;
    let r: ApiResult<R>;
    if (change === 'remove') r = await api.put<R>(paths.remove(id, type));
    else {
      const body = new FormData();
      body.append('file', change, change.name);
      r = await api.put<R>(paths.upload(id, type), body);
    }
    if (r.ok) latest = r;
    else notify(r);
  }
  return latest;
}

/** One image kind of a record: its type in the image paths, its label, and the version that changes with it. */
export type ImageKind<K extends string, R> = { type: K; label: string; version: (record: R) => string | null };

/**
 * The 'Images' section of a record form (products, web menus): an ImageField a kind, whose changes
 * `images` holds until the record's save sends them.
 */
export function ImagesSection<K extends string, R extends { id: number }>(p: {
  kinds: readonly ImageKind<K, R>[];
  record: R | null | undefined;
  download: (id: number, type: K) => string;
  images: ReturnType<typeof useImageChanges<K>>;
  editing: boolean;
}) {
  const { record, images } = p;
  return (
    <section className="product-section" aria-label="Images">
      <h3>Images</h3>
      <div className="product-images">
        {p.kinds.map((i) => (
          <ImageField
            key={i.type}
            label={i.label}
            path={record ? p.download(record.id, i.type) : null}
            version={record ? i.version(record) : null}
            change={images.changes[i.type]}
            onChange={(c) => images.set(i.type, c)}
            editing={p.editing}
          />
        ))}
      </div>
    </section>
  );
}
