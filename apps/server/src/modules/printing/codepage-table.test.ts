import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import CodepageEncoder from '@point-of-sale/codepage-encoder';
import { describe, expect, it } from 'vitest';
import { escPosText } from './escpos-text';
import { encodeTicket } from './print-layout';
import { encodeInCodepage, libraryEncode, useCodepageTables } from './codepage-table';

// Every UTF-16 unit, and characters beyond it (a surrogate pair: an emoji).
const EVERY_UNIT = Array.from({ length: 0x10000 }, (_, i) => String.fromCharCode(i)).join('');
const SAMPLES = [EVERY_UNIT, 'Crème brûlée £4.50 €5 — naïve café 🍔 ok', ''];

describe('code page tables', () => {
  it.each(['cp858', 'cp437', 'ascii', 'iso8859-1', 'windows1252', 'no-such-codepage'])('encode %s as the library does, character for character', (codepage) => {
    for (const text of SAMPLES) expect(encodeInCodepage(text, codepage as never)).toEqual(libraryEncode(text, codepage as never));
  });

  it('is installed by the ticket layout, and is what the ticket encoder uses', () => {
    // Importing print-layout (above) installed it; nothing in this file has called useCodepageTables yet.
    expect(CodepageEncoder.encode).toBe(encodeInCodepage);
    // The encoder's CodepageEncoder is this one (one copy of the package): a counting encode is called by it.
    let calls = 0;
    CodepageEncoder.encode = (text, codepage) => {
      calls++;
      return encodeInCodepage(text, codepage);
    };
    new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 42 }).initialize().codepage('cp858').line('Chips').encode();
    useCodepageTables();
    expect(calls).toBeGreaterThan(0);
    const bytes = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 42, codepageMapping: 'epson' }).initialize().codepage('cp858').line('£4.50').encode();
    expect(escPosText(bytes)).toContain('£4.50');
    expect(escPosText(encodeTicket([{ text: 'Crème brûlée £4.50' }]))).toContain('£4.50');
  });
});
