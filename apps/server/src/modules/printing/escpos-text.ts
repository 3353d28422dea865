/**
 * What a ticket says, read back from the ESC/POS bytes print-layout.ts writes: the commands the
 * encoder uses are skipped (ESC @ initialise; ESC E/M/t/a/! n styles, code page and alignment;
 * GS ! n size; GS V n cut; FS . leaves the Kanji mode), code page 858's '£', '€' and rule
 * character read back, and line feeds kept. For the demo printer's files and the tests.
 */
const CP858 = new Map<number, string>([
  [0x9c, '£'],
  [0xd5, '€'],
  [0xc4, '-'],
]);

export function escPosText(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x1b) {
      // ESC d n (feed n lines) prints blank lines; ESC @ has no argument; the others have one.
      if (bytes[i + 1] === 0x64) out += '\n'.repeat(bytes[i + 2] ?? 0);
      i += bytes[i + 1] === 0x40 ? 1 : 2;
    } else if (b === 0x1d) {
      // GS V 65/66 n (cut with a feed) has one more byte than GS V 0/1 and GS ! n.
      i += bytes[i + 1] === 0x56 && (bytes[i + 2] === 65 || bytes[i + 2] === 66) ? 3 : 2;
    } else if (b === 0x1c) i += 1;
    else if (b === 0x0a) out += '\n';
    else if (CP858.has(b)) out += CP858.get(b);
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
  }
  return out;
}
