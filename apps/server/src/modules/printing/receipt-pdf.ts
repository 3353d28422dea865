import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { moneyString } from '@tillpoint/contracts/basket';
import { loadPdfmake } from '../../platform/table-export';
import type { Receipt } from './print-layout';

/** 80 mm receipt paper, as long as the receipt is: the browser prints it on the shop's receipt roll or on A4. */
const PAPER_PT = (80 / 25.4) * 72;
const MARGIN = 10;

/** The same receipt the receipt printer prints (receiptOf), laid out for a PDF. */
export async function receiptPdf(r: Receipt): Promise<Buffer> {
  const row = (left: Content, right: string, bold = false): Content[] => [
    typeof left === 'string' ? { text: left, bold } : left,
    { text: right, alignment: 'right', bold },
  ];
  const items: Content[][] = r.items.map((i) => [
    {
      stack: [
        { text: `${i.quantity} x ${i.name}` },
        ...i.options.map((o) => ({ text: o, fontSize: 7, color: '#444444', margin: [6, 0, 0, 0] as [number, number, number, number] })),
        ...i.notes.map((n) => ({ text: `Note: ${n}`, fontSize: 7, italics: true, margin: [6, 0, 0, 0] as [number, number, number, number] })),
      ],
    },
    { text: moneyString(i.amount), alignment: 'right' },
  ]);
  // A fresh node each time: pdfmake writes its layout into the nodes it is given.
  const rule = (): Content => ({ canvas: [{ type: 'line', x1: 0, y1: 0, x2: PAPER_PT - 2 * MARGIN, y2: 0, lineWidth: 0.5 }], margin: [0, 4, 0, 4] });
  const content: Content[] = [
    { text: r.branch.tradingName, fontSize: 12, bold: true, alignment: 'center' },
    ...r.branch.address.map((a) => ({ text: a, alignment: 'center' as const })),
    ...(r.branch.vatNo ? [{ text: `VAT No: ${r.branch.vatNo}`, alignment: 'center' as const }] : []),
    rule(),
    { text: r.title, bold: true, alignment: 'center', margin: [0, 0, 0, 2] },
    { table: { widths: ['auto', '*'], body: r.details.map(([k, v]) => [{ text: k, color: '#444444' }, { text: v }]) }, layout: 'noBorders' },
    rule(),
    { table: { widths: ['*', 'auto'], body: items.length ? items : [['', '']] }, layout: 'noBorders' },
    rule(),
    { table: { widths: ['*', 'auto'], body: r.totals.map((t) => row(t.label, moneyString(t.amount), t.bold)) }, layout: 'noBorders' },
    rule(),
    ...r.footer.map((f) => ({ text: f, alignment: 'center' as const })),
  ];
  const doc: TDocumentDefinitions = {
    pageSize: { width: PAPER_PT, height: 'auto' },
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    info: { title: `${r.title} ${r.details[0]?.[1] ?? ''}`.trim(), creator: 'Tillpoint' },
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    content,
  };
  return (await loadPdfmake()).createPdf(doc).getBuffer();
}
