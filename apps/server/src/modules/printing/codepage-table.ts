import CodepageEncoder from '@point-of-sale/codepage-encoder';

type Codepage = Parameters<typeof CodepageEncoder.encode>[1];

/** The library's own encode, as it was before useCodepageTables (the tests compare against it). */
export const libraryEncode: typeof CodepageEncoder.encode = CodepageEncoder.encode.bind(CodepageEncoder);

const tables = new Map<Codepage, Map<number, number>>();

/** A code page's positions by code point, made once; where a code point appears twice the first wins, as the library's search finds it. */
function tableOf(codepage: Codepage): Map<number, number> {
  let table = tables.get(codepage);
  if (!table) {
    table = new Map();
    const points = CodepageEncoder.getEncoding(codepage).codepoints;
    for (let i = points.length - 1; i >= 0; i--) if (points[i] !== undefined) table.set(points[i], i);
    tables.set(codepage, table);
  }
  return table;
}

/** CodepageEncoder.encode's bytes: each UTF-16 unit's code point at its position in the code page, else '?'. */
export function encodeInCodepage(input: string, codepage: Codepage): Uint8Array {
  const table = tableOf(codepage);
  const output = new Uint8Array(input.length);
  for (let c = 0; c < input.length; c++) output[c] = table.get(input.codePointAt(c) as number) ?? 0x3f;
  return output;
}

/**
 * The ticket encoder turns every word it prints into bytes through CodepageEncoder.encode, which
 * deep-copies the code page's table (structuredClone) and searches it for each character: about
 * 1.7 ms of the event loop for a kitchen ticket of a dozen items, most of its encoding, while the
 * orders of a busy service wait. The library's encode is replaced by the same mapping read from a
 * table made once (codepage-table.test.ts checks they agree on every character).
 */
export function useCodepageTables() {
  CodepageEncoder.encode = encodeInCodepage;
}
