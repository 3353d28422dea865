import { useEffect, useId, useState } from 'react';
import { Button } from 'primereact/button';
import { QR_PATHS, qrRequestSchema } from '@tillpoint/contracts/qr';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { TextField } from '../../shared/ui/field-frame';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useZodForm } from '../../shared/ui/use-zod-form';

type Generated = { url: string; image: string };

/** Saves a file the browser holds under a name, as a link click would. */
function saveFile(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
}

/**
 * Opens a page with only the code and its address, and asks the browser to print it. The page is
 * written from here (no script of its own), so it obeys the app's content security policy.
 */
function printCode({ url, image }: Generated) {
  const w = window.open('', '_blank', 'popup,width=520,height=640');
  if (!w) return;
  const doc = w.document;
  doc.title = 'Qr Code';
  const style = doc.createElement('style');
  style.textContent =
    'body{margin:0;font-family:system-ui,sans-serif;display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:100vh;gap:12px}' +
    'img{width:320px;height:320px;image-rendering:pixelated}p{margin:0;max-width:90vw;word-break:break-all;text-align:center}';
  doc.head.append(style);
  const img = doc.createElement('img');
  img.alt = `QR code of ${url}`;
  const caption = doc.createElement('p');
  caption.textContent = url;
  doc.body.append(img, caption);
  img.onload = () => w.print();
  img.src = image;
}

/** #/barcodeGenerator (spec 1 §2, home tile 'Qr Code'): a url field with Download and Print. */
export default function QrCodePage() {
  const headingId = useId();
  const form = useZodForm(qrRequestSchema.pick({ url: true }), { url: '' });
  const [busy, setBusy] = useState<'download' | 'print' | null>(null);
  const [generated, setGenerated] = useState<Generated | null>(null);

  // The object URL holds the PNG in memory until the next code replaces it or the page closes.
  useEffect(() => () => void (generated && URL.revokeObjectURL(generated.image)), [generated]);

  const generate = (action: 'download' | 'print') =>
    form.submit(async ({ url }) => {
      setBusy(action);
      const result = await api.file('POST', QR_PATHS.generate, { url });
      setBusy(null);
      // Only a refusal is worth a toast; a file is the success (and a Blob is no notice to read).
      if (!result.ok) return void notify(result);
      const code = { url, image: URL.createObjectURL(result.body) };
      setGenerated(code);
      if (action === 'download') saveFile(code.image, 'qr-code.png');
      else printCode(code);
    });

  return (
    <section className="card qr-page" aria-labelledby={headingId}>
      <header className="card-header">
        <h2 id={headingId}>Qr Code</h2>
      </header>
      <SubmitForm className="qr-form" onSubmit={() => generate('download')}>
        <TextField control={form.control} name="url" label="Url" autoComplete="url" />
        <div className="toolbar">
          <Button type="submit" label="Download" icon="pi pi-download" size="small" loading={busy === 'download'} disabled={busy !== null} />
          <Button type="button" label="Print" icon="pi pi-print" size="small" outlined loading={busy === 'print'} disabled={busy !== null} onClick={() => void generate('print')} />
        </div>
      </SubmitForm>
      {generated && (
        <figure className="qr-preview">
          <img src={generated.image} alt={`QR code of ${generated.url}`} width={220} height={220} />
          <figcaption>{generated.url}</figcaption>
        </figure>
      )}
    </section>
  );
}
