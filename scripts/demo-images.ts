/**
 * Generates the demo store's product images (issue 8: small artwork made for the demo, never
 * downloaded). Each product gets a 128×128 PNG drawn from SVG: a background in its department's
 * colour, shifted a little per product, and a simple shape for its kind (plate, bowl, cup, glass,
 * bottle, wine glass, cake slice, deli board). Run: npx tsx scripts/demo-images.ts
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { DEMO_DEPARTMENTS, type DemoShape, demoImageName, demoImagesFolder } from '../apps/server/src/db/demo-catalogue';

const SIZE = 128;
/** The colour of what is on the plate or in the glass. */
const ACCENT: Record<DemoShape, string> = {
  plate: '#a0522d',
  bowl: '#e67e22',
  cup: '#6f4e37',
  glass: '#f0b429',
  bottle: '#e74c3c',
  wine: '#8e1b3a',
  slice: '#f5b7b1',
  deli: '#556b2f',
};

const shapes: Record<DemoShape, (accent: string) => string> = {
  plate: (a) =>
    `<circle cx="64" cy="68" r="44" fill="#fdfefe"/><circle cx="64" cy="68" r="32" fill="#f2f3f4"/><ellipse cx="58" cy="66" rx="16" ry="11" fill="${a}"/><rect x="70" y="58" width="14" height="18" rx="4" fill="#f4d03f"/>`,
  bowl: (a) => `<path d="M22 58 h84 a42 42 0 0 1 -84 0z" fill="#fdfefe"/><ellipse cx="64" cy="58" rx="42" ry="10" fill="${a}"/><rect x="52" y="98" width="24" height="8" rx="3" fill="#fdfefe"/>`,
  cup: (a) =>
    `<rect x="32" y="46" width="52" height="50" rx="10" fill="#fdfefe"/><path d="M84 56 a14 14 0 0 1 0 28" stroke="#fdfefe" stroke-width="7" fill="none"/><ellipse cx="58" cy="48" rx="24" ry="6" fill="${a}"/><path d="M48 36 q6 -10 0 -18 M62 36 q6 -10 0 -18" stroke="#fdfefe" stroke-width="3" fill="none" opacity="0.8"/>`,
  glass: (a) => `<path d="M40 28 h48 l-6 76 h-36z" fill="#fdfefe" opacity="0.9"/><path d="M43 44 h42 l-5 58 h-32z" fill="${a}"/><rect x="43" y="36" width="42" height="9" fill="#fdfefe"/>`,
  bottle: (a) => `<rect x="54" y="16" width="20" height="22" rx="4" fill="#fdfefe"/><rect x="42" y="36" width="44" height="76" rx="12" fill="#fdfefe"/><rect x="42" y="58" width="44" height="28" fill="${a}"/>`,
  wine: (a) => `<path d="M40 24 h48 q0 40 -24 46 q-24 -6 -24 -46z" fill="#fdfefe" opacity="0.9"/><path d="M42 44 h44 q-4 22 -22 26 q-18 -4 -22 -26z" fill="${a}"/><rect x="61" y="68" width="6" height="30" fill="#fdfefe"/><ellipse cx="64" cy="102" rx="20" ry="5" fill="#fdfefe"/>`,
  slice: (a) => `<path d="M26 92 L64 30 L102 92 z" fill="#fdfefe"/><path d="M32 82 L64 30 L96 82 z" fill="${a}"/><rect x="26" y="86" width="76" height="8" fill="#f5cba7"/><circle cx="64" cy="28" r="7" fill="#e74c3c"/>`,
  deli: (a) =>
    `<rect x="18" y="52" width="92" height="46" rx="10" fill="#ca8a4b"/><rect x="30" y="58" width="30" height="22" rx="3" fill="#f9e79f"/><circle cx="78" cy="66" r="8" fill="${a}"/><circle cx="94" cy="72" r="7" fill="${a}"/><circle cx="84" cy="82" r="7" fill="${a}"/>`,
};

/** The department colour, lightened or darkened a little per product so neighbours differ. */
function shade(hex: string, name: string) {
  const shift = (createHash('sha256').update(name).digest()[0] % 41) - 20;
  const c = [1, 3, 5].map((i) => Math.max(0, Math.min(255, Number.parseInt(hex.slice(i, i + 2), 16) + shift)));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

async function main() {
  mkdirSync(demoImagesFolder, { recursive: true });
  for (const f of readdirSync(demoImagesFolder).filter((n) => n.endsWith('.png'))) rmSync(`${demoImagesFolder}${f}`);
  let total = 0;
  for (const d of DEMO_DEPARTMENTS) {
    for (const [name] of d.products) {
      const background = shade(d.colour, name);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 128 128"><rect width="128" height="128" rx="18" fill="${background}"/>${shapes[d.shape](shade(ACCENT[d.shape], name))}</svg>`;
      const png = await sharp(Buffer.from(svg)).png({ palette: true, colours: 32, compressionLevel: 9 }).toBuffer();
      if (png.length >= 50_000) throw new Error(`${name}: ${png.length} bytes is over the 50,000-byte limit`);
      writeFileSync(`${demoImagesFolder}${demoImageName(name)}`, png);
      total += png.length;
    }
  }
  console.log(`wrote ${DEMO_DEPARTMENTS.flatMap((d) => d.products).length} images, ${total} bytes in all, to ${demoImagesFolder}`);
}

await main();
