import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImage, cleanFileName } from './files';

const make = (format: 'png' | 'jpeg' | 'gif' | 'webp' | 'tiff') => sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })[format]().toBuffer();

describe('files: image checks by content', () => {
  it('accepts PNG, JPEG, GIF and WebP, typed by what the content is, whatever the name says', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
    ] as const) {
      const content = await make(format);
      const checked = await checkImage({ field: 'logo', fileName: 'logo.txt', content });
      expect(checked).toMatchObject({ fileName: 'logo.txt', contentType: type, size: content.length });
      expect(checked.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('refuses what is not an accepted image, with the spec’s messages', async () => {
    const refuse = async (content: Buffer) => (await checkImage({ field: 'logo', fileName: 'a.png', content }).catch((e: Error) => e)) as Error;
    expect((await refuse(Buffer.alloc(0))).message).toBe('Please choose an image file (PNG, JPEG, GIF or WebP).');
    expect((await refuse(Buffer.from('GIF89a but really text'))).message).toBe('Please choose an image file (PNG, JPEG, GIF or WebP).');
    expect((await refuse(await make('tiff'))).message).toBe('Please choose an image file (PNG, JPEG, GIF or WebP).');
    expect((await refuse(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'))).message).toBe(
      'Please choose an image file (PNG, JPEG, GIF or WebP).',
    );
    // A truncated PNG: the header is right but the picture is not there.
    expect((await refuse((await make('png')).subarray(0, 40))).message).toBe('Please choose an image file (PNG, JPEG, GIF or WebP).');
    expect((await refuse(Buffer.alloc(5 * 1024 * 1024 + 1))).message).toBe('Maximum upload size is 5MB.');
  });

  it('file names lose paths and characters that could break a header', () => {
    expect(cleanFileName('C:\\Users\\me\\logo.png')).toBe('logo.png');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('my "best" logo;.png')).toBe('my _best_ logo_.png');
    expect(cleanFileName('', 'image')).toBe('image');
  });
});
