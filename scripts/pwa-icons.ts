import sharp from 'sharp';

/**
 * The staff app's PNG icons for its web app manifest, drawn at build time from the same mark as
 * `src/web/public/favicon.svg` (decision 0182). "any" icons keep the rounded tile; the maskable
 * icon fills the whole square with the brand colour and keeps the mark inside the central 80 %
 * safe zone, so a launcher's circle or squircle never cuts it.
 */
const BRAND = '#003057';
const GOLD = '#C8AA61';

function mark(scale: number, offset: number): string {
  return `<g transform="translate(${offset} ${offset}) scale(${scale})"><circle cx="16" cy="16" r="9" fill="none" stroke="${GOLD}" stroke-width="2.5"/><path d="M16 10.5v11M13 13.5c0-1.4 1.3-2.2 3-2.2s3 .8 3 2c0 3-6 1.7-6 4.9 0 1.3 1.3 2.2 3 2.2s3-.9 3-2.2" fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round"/></g>`;
}

function anySvg(size: number): string {
  const scale = size / 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${7 * scale}" fill="${BRAND}"/>${mark(scale, 0)}</svg>`;
}

function maskableSvg(size: number): string {
  // The mark's ring spans 20 of 32 units; drawn at 0.8 × the full size it stays well inside the
  // safe-zone circle (radius 40 % of the icon).
  const scale = (size * 0.8) / 32;
  const offset = (size - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${BRAND}"/>${mark(scale, offset)}</svg>`;
}

export interface AppIcon {
  fileName: string;
  size: number;
  purpose: 'any' | 'maskable';
}

/**
 * The icons the manifest (`src/web/public/employee/manifest.webmanifest`) names, and the tip
 * page's tab icon (a PNG, not the SVG: decision 0267).
 */
export const APP_ICONS: readonly AppIcon[] = [
  { fileName: 'employee/icons/icon-192.png', size: 192, purpose: 'any' },
  { fileName: 'employee/icons/icon-512.png', size: 512, purpose: 'any' },
  { fileName: 'employee/icons/maskable-512.png', size: 512, purpose: 'maskable' },
  { fileName: 'employee/icons/apple-touch-icon.png', size: 180, purpose: 'maskable' },
  { fileName: 'favicon-32.png', size: 32, purpose: 'any' },
];

export async function renderAppIcon(icon: AppIcon): Promise<Buffer> {
  const svg = icon.purpose === 'any' ? anySvg(icon.size) : maskableSvg(icon.size);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
