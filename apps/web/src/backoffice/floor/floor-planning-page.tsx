import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import {
  type FloorPlanParam,
  REST_TABLE_MESSAGES,
  REST_TABLE_PATHS,
  type RestTable,
  resizeParamsSchema,
  restTableInputSchema,
} from '@tillpoint/contracts/rest-table';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { usePrivileges } from '../../shared/privileges';
import { getOrThrow, listQuery } from '../../shared/query-client';
import { refreshArea } from '../../shared/query-keys';
import { warn } from '../../shared/toast-bus';
import { confirmWarning } from '../../shared/ui/confirm';
import { CrudDialog, useCrudDialog } from '../../shared/ui/crud-dialog';
import { NumberField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { useZodForm } from '../../shared/ui/use-zod-form';
import { PageLoading } from '../page-loading';
import { restTables } from './floor-api';
import { retireQuestion } from './retire-question';
import './floor.css';

const byNumber = (a: RestTable, b: RestTable) => a.tableNo - b.tableNo || a.id - b.id;
const PDF_NAME = 'table-qrcodes.pdf';


/**
 * #/floorPlanning (spec 2): the floor's tables as small cards, rowSize to a row; a card opens the
 * table form; Resize makes the floor tables 1 to size; QR Code gives one PDF with a code per
 * table (Download, Print) and shows it in the preview. 'Empty Floor Plan' when there are no tables.
 */
export default function FloorPlanningPage() {
  const can = usePrivileges(OBJECTS.restTable);
  const queryClient = useQueryClient();
  const tables = useQuery({ ...listQuery<RestTable>(restTables.keys.list(), `${restTables.base}all`), enabled: can.view });
  const param = useQuery({ queryKey: [...restTables.keys.all, 'param'], queryFn: () => getOrThrow<FloorPlanParam>(REST_TABLE_PATHS.param), enabled: can.view, staleTime: 0 });
  const dialog = useCrudDialog<RestTable, typeof restTableInputSchema>({
    area: restTables,
    schema: restTableInputSchema,
    empty: { tableNo: null, tableCapacity: null, status: 'ACTIVE' },
    toForm: ({ tableNo, tableCapacity, status }) => ({ tableNo, tableCapacity, status }),
  });

  if (!can.view) return <p className="card">You have no privilege to view the floor plan.</p>;
  if (tables.isPending || param.isPending) return <PageLoading />;
  if (tables.isError || param.isError) return <p className="card">The floor plan could not be loaded.</p>;
  const list = [...tables.data].sort(byNumber);
  const rowSize = param.data.rowSize;

  return (
    <div className="stack floor-page">
      <div className="page-columns floor-tools">
        <ResizeCard
          // The saved plan, once read again after a resize, is what the fields show.
          key={`${param.data.size}-${param.data.rowSize}`}
          param={param.data}
          tableNumbers={list.map((t) => t.tableNo)}
          canResize={can.create}
          onResized={(resized) => {
            queryClient.setQueryData(restTables.keys.list(), resized);
            refreshArea(queryClient, restTables, restTables.keys.list());
          }}
        />
        <QrCodeCard empty={list.filter((t) => t.status === 'ACTIVE').length === 0} />
      </div>
      <section className="card" aria-labelledby="floor-tables-heading">
        <header className="card-header">
          <h2 id="floor-tables-heading">Tables</h2>
          <span className="muted">{list.length === 1 ? '1 table' : `${list.length} tables`}</span>
        </header>
        {list.length === 0 ? (
          <p className="floor-empty">
            <i className="pi pi-th-large" aria-hidden="true" /> {REST_TABLE_MESSAGES.emptyFloorPlan}
          </p>
        ) : (
          <ul className="floor-grid" style={{ '--row-size': rowSize } as CSSProperties} aria-label="Floor Plan">
            {list.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className={`floor-table floor-table-${t.status.toLowerCase()}`}
                  onClick={() => dialog.open(t)}
                  aria-label={`Table ${t.tableNo}`}
                >
                  <span className="floor-table-no">{t.tableNo}</span>
                  <span className="floor-table-seats">
                    <i className="pi pi-users" aria-hidden="true" /> {t.tableCapacity === null ? '–' : t.tableCapacity}
                  </span>
                  <span className={`status-text status-${t.status.toLowerCase()}`}>{t.status}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CrudDialog
        title={dialog.crud.record ? `Table ${dialog.crud.record.tableNo}` : 'Table'}
        crud={dialog.crud}
        can={{ add: false, create: can.create, delete: can.delete }}
        visible={dialog.visible}
        onClose={dialog.close}
      >
        <StatusSwitch crud={dialog.crud} />
        <div className="field-grid">
          <NumberField control={dialog.crud.form.control} name="tableNo" label="Table No" required />
          <NumberField control={dialog.crud.form.control} name="tableCapacity" label="Capacity" />
        </div>
      </CrudDialog>
    </div>
  );
}

/** Resize Table: size and row size ('Please fill the Size field!' / 'Please fill the Row Size field!'). */
function ResizeCard({
  param,
  tableNumbers,
  canResize,
  onResized,
}: { param: FloorPlanParam; tableNumbers: number[]; canResize: boolean; onResized: (tables: RestTable[]) => void }) {
  const headingId = useId();
  const form = useZodForm(resizeParamsSchema, { size: String(param.size || ''), rowSize: String(param.rowSize) });
  const [busy, run] = useBusy();

  const resize = () =>
    form.submit(async ({ size, rowSize }) => {
      // Tables numbered above the new size are retired: the screen asks first.
      const question = retireQuestion(tableNumbers, size);
      if (question && !(await confirmWarning(question))) return;
      const r = await run(api.post<RestTable[]>(REST_TABLE_PATHS.resize(size, rowSize)));
      if (!notify(r) || !r.ok) return;
      onResized(r.body);
    });

  return (
    <section className="card" aria-labelledby={headingId}>
      <header className="card-header">
        <h2 id={headingId}>Resize Table</h2>
      </header>
      <SubmitForm className="floor-resize" onSubmit={resize}>
        <fieldset className="crud-fields" disabled={!canResize || busy}>
          <legend className="sr-only">Resize Table</legend>
          <div className="field-grid floor-resize-fields">
            <TextField control={form.control} name="size" label="Size" />
            <TextField control={form.control} name="rowSize" label="Row Size" />
          </div>
        </fieldset>
        {canResize && <Button type="submit" label="Resize" icon="pi pi-arrows-alt" size="small" loading={busy} />}
      </SubmitForm>
    </section>
  );
}

/**
 * QR Code: one PDF with a code per ACTIVE table, each opening the storefront at /tableNo/{n} of the
 * branch. Download saves it, Print prints it from the preview, and the preview shows the latest.
 * A refusal (no tables, or no till credential to take the client id from) shows the server's words.
 */
function QrCodeCard({ empty }: { empty: boolean }) {
  const headingId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const [pdf, setPdf] = useState<string | null>(null);
  const [busy, setBusy] = useState<'download' | 'print' | 'preview' | null>(null);
  const printWhenLoaded = useRef(false);

  // The object URL holds the PDF until the next one replaces it or the page closes.
  useEffect(() => () => void (pdf && URL.revokeObjectURL(pdf)), [pdf]);

  const fetchPdf = async (action: 'download' | 'print' | 'preview') => {
    if (empty) return warn(REST_TABLE_MESSAGES.emptyFloorPlan);
    setBusy(action);
    const r = await api.file('GET', REST_TABLE_PATHS.qrPdf);
    setBusy(null);
    if (!r.ok) return void notify(r);
    const url = URL.createObjectURL(r.body);
    printWhenLoaded.current = action === 'print';
    setPdf(url);
    if (action === 'download') {
      const a = document.createElement('a');
      a.href = url;
      a.download = PDF_NAME;
      a.click();
    }
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <header className="card-header">
        <h2 id={headingId}>QR Code</h2>
        <div className="toolbar">
          <Button type="button" label="Download" icon="pi pi-download" size="small" loading={busy === 'download'} disabled={busy !== null} onClick={() => void fetchPdf('download')} />
          <Button type="button" label="Print" icon="pi pi-print" size="small" outlined loading={busy === 'print'} disabled={busy !== null} onClick={() => void fetchPdf('print')} />
          <Button type="button" label="Preview" icon="pi pi-eye" size="small" text loading={busy === 'preview'} disabled={busy !== null} onClick={() => void fetchPdf('preview')} />
        </div>
      </header>
      {pdf ? (
        <iframe
          ref={frame}
          className="floor-qr-preview"
          title="QR Code PDF"
          // The page at the frame's width, without the thumbnails (PDF open parameters the browsers' viewers read).
          src={`${pdf}#view=FitH&navpanes=0`}
          onLoad={() => {
            if (!printWhenLoaded.current) return;
            printWhenLoaded.current = false;
            // The PDF prints from its own frame; a browser that will not, opens it to print from there.
            try {
              frame.current?.contentWindow?.print();
            } catch {
              window.open(pdf, '_blank');
            }
          }}
        />
      ) : (
        <p className="muted floor-qr-hint">One page of codes, a code per table: each opens the storefront at its table. Download, Print or Preview to see it here.</p>
      )}
    </section>
  );
}
