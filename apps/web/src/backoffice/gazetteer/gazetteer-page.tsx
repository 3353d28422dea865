import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import {
  GAZETTEER_BOUNDS,
  GAZETTEER_CSV_COLUMNS,
  GAZETTEER_IMPORT_MAX_BYTES,
  GAZETTEER_MESSAGES,
  GAZETTEER_PATHS,
  type GazetteerImportResult,
  type GazetteerSummary,
} from '@tillpoint/contracts/address-lookup-import';
import { isApiError } from '@tillpoint/contracts/notice';
import type { ApiError } from '@tillpoint/contracts/api-error';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { getOrThrow } from '../../shared/query-client';
import { warn } from '../../shared/toast-bus';
import { ChooseFile } from '../../shared/ui/choose-file';
import { useBusy } from '../../shared/ui/use-busy';
import './gazetteer.css';

const summaryKey = ['gazetteer', 'summary'];
const number = (n: number) => n.toLocaleString('en-GB');
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const EXAMPLE = 'SW1A 2AA,10 Downing Street,,,,London,51.503541,-0.127670';

/**
 * #/gazetteer: the built-in postcode gazetteer (issue 10, 'Postcodes and addresses'). A platform
 * administrator uploads a CSV of addresses with their positions; the server checks every row first
 * and imports all or nothing, and the page shows what was imported and replaced, or each bad line.
 */
export default function GazetteerPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const summary = useQuery({ queryKey: summaryKey, queryFn: () => getOrThrow<GazetteerSummary>(GAZETTEER_PATHS.summary), staleTime: 0 });
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<GazetteerImportResult | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [busy, track] = useBusy();

  const choose = (f: File) => {
    setResult(null);
    setRefusal(null);
    if (f.size > GAZETTEER_IMPORT_MAX_BYTES) return warn(GAZETTEER_MESSAGES.tooLarge);
    setFile(f);
  };

  const importFile = async () => {
    if (!file) return warn(GAZETTEER_MESSAGES.noFile);
    const body = new FormData();
    body.append('file', file, file.name);
    const r = await track(api.post<GazetteerImportResult>(GAZETTEER_PATHS.import, body));
    notify(r, { suppressSuccess: true });
    if (r.ok) {
      setResult(r.body);
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: summaryKey });
    } else if (isApiError(r.body) && r.body.errors?.length) {
      setRefusal(r.body);
    }
  };

  return (
    <div className="gazetteer-page">
      <section className="card" aria-labelledby={`${id}-title`}>
        <header className="card-header">
          <h2 id={`${id}-title`}>Postcode Gazetteer</h2>
          <p className="gazetteer-summary" aria-live="polite">
            {summary.data
              ? `${number(summary.data.addresses)} addresses in ${number(summary.data.postcodes)} postcodes`
              : summary.isError
                ? 'The gazetteer could not be read.'
                : 'Reading the gazetteer…'}
          </p>
        </header>
        <p className="muted gazetteer-hint">
          Stores look up delivery addresses and measure delivery distances here when the built-in gazetteer is the address provider. Import a CSV
          file (UTF-8, up to 50 MB) whose first line names these columns:
        </p>
        <pre className="gazetteer-columns">
          {GAZETTEER_CSV_COLUMNS.join(',')}
          {'\n'}
          {EXAMPLE}
        </pre>
        <ul className="muted gazetteer-rules">
          <li>postcode, address_line1 and post_town are required; lines 2 to 4 may be empty.</li>
          <li>
            latitude {GAZETTEER_BOUNDS.latMin} to {GAZETTEER_BOUNDS.latMax} and longitude {GAZETTEER_BOUNDS.lonMin} to {GAZETTEER_BOUNDS.lonMax}, in
            degrees.
          </li>
          <li>An address already in the gazetteer (same postcode and lines) gets the new town and position.</li>
          <li>Every row is checked first: if any row is not valid, nothing is imported.</li>
        </ul>
        <div className="gazetteer-upload">
          <ChooseFile label="gazetteer CSV file" accept={['.csv', 'text/csv']} disabled={busy} onFile={choose} />
          <span className="gazetteer-file" data-testid="gazetteer-file">
            {file ? `${file.name} (${size(file.size)})` : 'No file chosen'}
          </span>
          <Button type="button" label="Import" icon="pi pi-database" size="small" disabled={!file} loading={busy} onClick={() => void importFile()} />
        </div>
      </section>

      {result && (
        <section className="card" aria-labelledby={`${id}-done`}>
          <header className="card-header">
            <h2 id={`${id}-done`}>Import finished</h2>
          </header>
          <dl className="stat-tiles gazetteer-stats">
            <div>
              <dt>Rows</dt>
              <dd>{number(result.rows)}</dd>
            </div>
            <div>
              <dt>Imported</dt>
              <dd>{number(result.imported)}</dd>
            </div>
            <div>
              <dt>Replaced</dt>
              <dd>{number(result.replaced)}</dd>
            </div>
            <div>
              <dt>Postcodes</dt>
              <dd>{number(result.postcodes)}</dd>
            </div>
          </dl>
        </section>
      )}

      {refusal && (
        <section className="card gazetteer-refusal" aria-labelledby={`${id}-refused`}>
          <header className="card-header">
            <h2 id={`${id}-refused`}>Nothing was imported</h2>
          </header>
          <p>{refusal.details}</p>
          <table className="gazetteer-errors">
            <caption className="sr-only">Lines of the file that are not valid</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {refusal.errors?.map((e) => (
                <tr key={e.field}>
                  <td>{e.field.replace(/^Line /, '')}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
