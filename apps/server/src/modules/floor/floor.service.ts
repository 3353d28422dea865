import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { tableQrUrl } from '@tillpoint/contracts/rest-table';
import { loadPdfmake } from '../../platform/table-export';

const COLUMNS = 3;
const CODE_PT = 150;

/**
 * The floor plan's QR sheet: one code per table, three to a row on A4, each labelled 'Table n' with
 * the address it opens (the storefront's table entry for this branch, spec 2 §9). pdfmake draws
 * the codes itself (vector), so they print sharply at any size.
 */
export async function tableQrPdf(uiAddress: string, clientId: string, tableNumbers: number[], title: string): Promise<Buffer> {
  const cells: Content[] = tableNumbers.map((n) => {
    const url = tableQrUrl(uiAddress, n, clientId);
    return {
      stack: [
        { qr: url, fit: CODE_PT, alignment: 'center', eccLevel: 'M' },
        { text: `Table ${n}`, bold: true, fontSize: 14, alignment: 'center', margin: [0, 6, 0, 2] },
        { text: url, fontSize: 6, color: '#555555', alignment: 'center' },
      ],
      margin: [0, 0, 0, 18],
      unbreakable: true,
    };
  });
  const rows: Content[][] = [];
  for (let i = 0; i < cells.length; i += COLUMNS) {
    const row = cells.slice(i, i + COLUMNS);
    while (row.length < COLUMNS) row.push({ text: '' });
    rows.push(row);
  }
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [30, 30, 30, 30],
    info: { title, creator: 'Tillpoint' },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    content: [
      { text: title, fontSize: 14, bold: true, margin: [0, 0, 0, 12] },
      { table: { widths: Array(COLUMNS).fill('*'), body: rows, dontBreakRows: true }, layout: 'noBorders' },
    ],
  };
  // Loaded on first use, with the fonts and the no-network access policy of every server PDF.
  return (await loadPdfmake()).createPdf(doc).getBuffer();
}
