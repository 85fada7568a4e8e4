import QRCode from 'qrcode';
import { QR_ERROR_CORRECTION, QR_PNG_DOWNLOAD_SIZE_PX } from '../../shared/domain/constants';

/**
 * QR codes for tip links, built on the `qrcode` package with error correction M (spec §9).
 * The pure helpers (matrix, SVG text, RGBA pixels, file names) run in Node as well, so tests
 * can decode what they draw; the PNG and download helpers need a browser.
 */

/** The white border scanners need around the code, in modules (the standard's minimum). */
export const QR_QUIET_ZONE_MODULES = 4;
const DARK = '#000000';
const LIGHT = '#ffffff';

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  isDark(row: number, col: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  return { size: modules.size, isDark: (row, col) => modules.get(row, col) === 1 };
}

export interface QrSvgOptions {
  margin?: number;
  /** Width and height attributes in px; without them the SVG fills its box. */
  sizePx?: number;
  /** Accessible name inside the file, useful once it is downloaded. */
  title?: string;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The code as SVG text: one path of module runs on a white square, black on white always. */
export function qrSvg(text: string, options: QrSvgOptions = {}): string {
  const margin = options.margin ?? QR_QUIET_ZONE_MODULES;
  const matrix = qrMatrix(text);
  const total = matrix.size + margin * 2;
  let path = '';
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.isDark(row, col)) col++;
      path += `M${start + margin} ${row + margin}h${col - start}v1h-${col - start}z`;
    }
  }
  const size = options.sizePx ? ` width="${options.sizePx}" height="${options.sizePx}"` : '';
  const title = options.title ? `<title>${escapeXml(options.title)}</title>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}"${size} shape-rendering="crispEdges">` +
    `${title}<rect width="${total}" height="${total}" fill="${LIGHT}"/><path fill="${DARK}" d="${path}"/></svg>`
  );
}

export function qrSvgDataUrl(text: string, options: QrSvgOptions = {}): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(text, options))}`;
}

export interface QrPixels {
  width: number;
  height: number;
  /** RGBA, row by row, as ImageData and jsQR expect. */
  data: Uint8ClampedArray;
}

/**
 * The code as an exact sizePx square of RGBA pixels on white. Each pixel takes the colour of
 * the module under it, so edges stay sharp even when the size is not a multiple of the modules.
 */
export function qrPixels(
  text: string,
  sizePx: number = QR_PNG_DOWNLOAD_SIZE_PX,
  margin: number = QR_QUIET_ZONE_MODULES,
): QrPixels {
  const matrix = qrMatrix(text);
  const scale = sizePx / (matrix.size + margin * 2);
  const data = new Uint8ClampedArray(sizePx * sizePx * 4);
  for (let y = 0; y < sizePx; y++) {
    const row = Math.floor(y / scale) - margin;
    for (let x = 0; x < sizePx; x++) {
      const col = Math.floor(x / scale) - margin;
      const inside = row >= 0 && col >= 0 && row < matrix.size && col < matrix.size;
      const value = inside && matrix.isDark(row, col) ? 0 : 255;
      const offset = (y * sizePx + x) * 4;
      data[offset] = value;
      data[offset + 1] = value;
      data[offset + 2] = value;
      data[offset + 3] = 255;
    }
  }
  return { width: sizePx, height: sizePx, data };
}

/** File name per spec §9: qr-code-{uid}-{employeeName or tip}.{ext}, safe on every system. */
export function qrFileName(
  uid: string,
  name: string | null | undefined,
  ext: 'png' | 'svg',
): string {
  const safe = (part: string) =>
    part
      .normalize('NFC')
      .trim()
      .replace(/[^\p{L}\p{N}_-]+/gu, '-')
      .replace(/^-+|-+$/g, '');
  const who = safe(name ?? '') || 'tip';
  return `qr-code-${safe(uid) || 'code'}-${who}.${ext}`;
}

function drawOnCanvas(text: string, sizePx: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = sizePx;
  canvas.height = sizePx;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  const pixels = qrPixels(text, sizePx);
  const image = context.createImageData(sizePx, sizePx);
  image.data.set(pixels.data);
  context.putImageData(image, 0, 0);
  return canvas;
}

/** PNG of sizePx x sizePx on white (default 400, spec §9), as a data URL. Browser only. */
export function qrPngDataUrl(text: string, sizePx: number = QR_PNG_DOWNLOAD_SIZE_PX): string {
  return drawOnCanvas(text, sizePx).toDataURL('image/png');
}

/** PNG of sizePx x sizePx on white (default 400, spec §9), as a Blob. Browser only. */
export function qrPngBlob(text: string, sizePx: number = QR_PNG_DOWNLOAD_SIZE_PX): Promise<Blob> {
  return new Promise((resolve, reject) => {
    drawOnCanvas(text, sizePx).toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))),
      'image/png',
    );
  });
}

export function qrSvgBlob(text: string, options: QrSvgOptions = {}): Blob {
  return new Blob([qrSvg(text, options)], { type: 'image/svg+xml' });
}

/** Saves a Blob under a file name through a temporary link. Browser only. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export async function downloadQrPng(text: string, fileName: string): Promise<void> {
  downloadBlob(await qrPngBlob(text), fileName);
}

export function downloadQrSvg(text: string, fileName: string, title?: string): void {
  downloadBlob(
    qrSvgBlob(text, { sizePx: QR_PNG_DOWNLOAD_SIZE_PX, ...(title ? { title } : {}) }),
    fileName,
  );
}
