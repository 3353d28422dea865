import type { OverlayOptions } from 'sharp';
import { loadSharp } from '../../platform/files';
import { tableUrl } from '@tillpoint/contracts/qr';

/** Big enough to print sharply on a table card, small enough to download at once. */
const CODE_PX = 600;
const SHEET_CODE_PX = 300;
const LABEL_PX = 40;
const SHEET_COLUMNS = 4;

/** One QR code for an address, as a PNG. */
export async function qrPng(url: string, width = CODE_PX): Promise<Buffer> {
  // Loaded on the first code drawn, not at every start.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width });
}

const label = (text: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHEET_CODE_PX}" height="${LABEL_PX}">` +
      `<text x="${SHEET_CODE_PX / 2}" y="${LABEL_PX - 12}" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#000">${text}</text></svg>`,
  );

/**
 * A printable sheet of table codes: table 1 to n left to right, top to bottom, each labelled
 * 'Table n' under its code and opening the url with its table number (the storefront's table entry).
 */
export async function tableSheetPng(url: string, numberOfTables: number): Promise<Buffer> {
  const columns = Math.min(SHEET_COLUMNS, numberOfTables);
  const rows = Math.ceil(numberOfTables / SHEET_COLUMNS);
  const cellHeight = SHEET_CODE_PX + LABEL_PX;
  const layers: OverlayOptions[] = [];
  for (let i = 0; i < numberOfTables; i++) {
    const left = (i % SHEET_COLUMNS) * SHEET_CODE_PX;
    const top = Math.floor(i / SHEET_COLUMNS) * cellHeight;
    layers.push({ input: await qrPng(tableUrl(url, i + 1), SHEET_CODE_PX), left, top });
    layers.push({ input: label(`Table ${i + 1}`), left, top: top + SHEET_CODE_PX });
  }
  const sharp = await loadSharp();
  return sharp({ create: { width: columns * SHEET_CODE_PX, height: rows * cellHeight, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png()
    .toBuffer();
}
