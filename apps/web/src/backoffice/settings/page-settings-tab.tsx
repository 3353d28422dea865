import { useEffect, useRef, useState } from 'react';
import { API_PREFIX } from '@tillpoint/contracts/api-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_UPLOAD_BYTES,
  PAGE_IMAGES,
  PAGE_IMAGE_TYPES,
  PAGE_SETTINGS_MESSAGES,
  PAGE_SETTINGS_PATHS,
  type PageImageType,
  type PageSettings,
  pageSettingsUpdateDataSchema,
} from '@tillpoint/contracts/page-settings';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { notice, showNotice, warn } from '../../shared/toast-bus';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { ChooseFile } from '../../shared/ui/choose-file';
import { useCrud } from '../../shared/ui/use-crud';
import { pageSettings } from './settings-api';
import { SETTINGS_CAN, type TabProps, SettingsLoading } from './settings-tab';

/** Page settings as the tab edits them: never-created settings are a record with id 0 (created on first save). */
type PageRecord = Omit<PageSettings, 'id'> & { id: number };
type Chosen = Partial<Record<PageImageType, { file: File; preview: string }>>;

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The upload service must answer before a file is chosen (spec 1 §2); a failure says so and opens nothing. */
async function uploadServiceUp(): Promise<boolean> {
  const r = await api.get(PAGE_SETTINGS_PATHS.checkHealth);
  if (r.ok) return true;
  if (r.status === 401) notify(r);
  else showNotice(notice('error', MESSAGES.serviceUnavailable));
  return false;
}

/**
 * Page Settings (spec 1 §2, §5): the branch's web header (1900x360), mobile header (400x300) and
 * logo (90x90), image files up to 5 MB, all three needed the first time. Current images are
 * previewed; a chosen file shows in their place until Save or Cancel.
 */
export function PageSettingsTab({ branchId, onEditingChange }: TabProps) {
  const [chosen, setChosen] = useState<Chosen>({});
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;

  const forget = () => {
    for (const c of Object.values(chosenRef.current)) if (c) URL.revokeObjectURL(c.preview);
    setChosen({});
  };
  // Previews hold the files in memory until the tab closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only
  useEffect(() => forget, []);

  const crud = useCrud<PageRecord, typeof pageSettingsUpdateDataSchema, PageSettings>({
    area: pageSettings,
    source: pageSettings.source(branchId),
    fromServer: (s) => ({ ...s, id: s.id ?? 0 }),
    schema: pageSettingsUpdateDataSchema,
    empty: {},
    toForm: () => ({}),
    // The images go as files beside the branch id; the first save creates the settings.
    send: (_values, record) => {
      const body = new FormData();
      body.append('data', JSON.stringify({ merchantBranchId: branchId }));
      for (const type of PAGE_IMAGE_TYPES) {
        const c = chosenRef.current[type];
        if (c) body.append(PAGE_IMAGES[type].field, c.file, c.file.name);
      }
      return record && record.id > 0 ? api.put<PageSettings>(PAGE_SETTINGS_PATHS.update(record.id), body) : api.post<PageSettings>(PAGE_SETTINGS_PATHS.create, body);
    },
    onSaved: forget,
    onCancelNew: () => {},
  });
  const { editing } = crud;
  useEffect(() => onEditingChange(editing), [editing, onEditingChange]);

  const record = crud.record;
  if (record === null) return <SettingsLoading failed={crud.failed} />;
  const created = record.id > 0;

  const controls = {
    ...crud,
    save: async () => {
      // The first save creates the settings with all three images (spec 1 §5).
      const missing = PAGE_IMAGE_TYPES.some((t) => !chosenRef.current[t] && !record[PAGE_IMAGES[t].field]);
      if (!created && missing) return warn(PAGE_SETTINGS_MESSAGES.imagesRequired);
      if (created && Object.keys(chosenRef.current).length === 0) {
        // Nothing new to send: leave edit mode as a save would.
        crud.cancel();
        return;
      }
      await crud.save();
    },
    cancel: () => {
      forget();
      crud.cancel();
    },
  };

  const choose = (type: PageImageType, file: File) => {
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return warn(PAGE_SETTINGS_MESSAGES.imagesOnly);
    if (file.size > MAX_UPLOAD_BYTES) return warn(PAGE_SETTINGS_MESSAGES.maxUpload);
    const previous = chosenRef.current[type];
    if (previous) URL.revokeObjectURL(previous.preview);
    setChosen((c) => ({ ...c, [type]: { file, preview: URL.createObjectURL(file) } }));
  };

  return (
    <CrudPanel title="Page Settings" crud={controls} can={SETTINGS_CAN} allowAdd={false} bare>
      <p className="muted page-images-hint">Image files only (PNG, JPEG, GIF or WebP). {PAGE_SETTINGS_MESSAGES.maxUpload}</p>
      <div className="page-images">
        {PAGE_IMAGE_TYPES.map((type) => (
          <ImageSlot
            key={type}
            type={type}
            current={created ? record[PAGE_IMAGES[type].field] : null}
            settingsId={record.id}
            chosen={chosen[type]}
            editing={editing}
            onChoose={(file) => choose(type, file)}
          />
        ))}
      </div>
    </CrudPanel>
  );
}

type SlotProps = {
  type: PageImageType;
  current: PageSettings['header'];
  settingsId: number;
  chosen: Chosen[PageImageType];
  editing: boolean;
  onChoose: (file: File) => void;
};

function ImageSlot({ type, current, settingsId, chosen, editing, onChoose }: SlotProps) {
  const { label, width, height } = PAGE_IMAGES[type];
  const title = `${label} (${width}x${height})`;
  const src = chosen?.preview ?? (current ? `${API_PREFIX}${PAGE_SETTINGS_PATHS.image(settingsId, type)}?v=${encodeURIComponent(current.version)}` : null);

  return (
    <figure className={`page-image page-image-${type.toLowerCase()}`}>
      <figcaption className="field-label">
        {label} <span className="muted">({width}x{height})</span>
      </figcaption>
      <div className="page-image-frame" style={{ aspectRatio: `${width} / ${height}` }}>
        {src ? <img src={src} alt={`${label} preview`} /> : <span className="muted">No image</span>}
      </div>
      <div className="page-image-meta">
        <span className="muted page-image-name">
          {chosen ? (
            <>
              <i className="pi pi-circle-fill page-image-new" aria-hidden="true" /> New: {chosen.file.name} ({sizeText(chosen.file.size)})
            </>
          ) : current ? (
            `${current.fileName} (${sizeText(current.size)})`
          ) : (
            'Not uploaded yet'
          )}
        </span>
        <ChooseFile label={title} disabled={!editing} beforeOpen={uploadServiceUp} onFile={onChoose} />
      </div>
    </figure>
  );
}
