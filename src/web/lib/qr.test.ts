import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrFileName, qrMatrix, qrPixels, qrSvg, qrSvgDataUrl } from './qr';

const LINK = 'https://trinkgeld.example.com/t/aio-anna-schneider-4k7p';

describe('qr helpers', () => {
  it('uses error correction M', () => {
    const matrix = qrMatrix(LINK);
    const modulesAt = (level: 'L' | 'M') =>
      QRCode.create(LINK, { errorCorrectionLevel: level }).modules;
    const same = (level: 'L' | 'M') => {
      const expected = modulesAt(level);
      for (let row = 0; row < expected.size; row++)
        for (let col = 0; col < expected.size; col++)
          if (matrix.isDark(row, col) !== (expected.get(row, col) === 1)) return false;
      return expected.size === matrix.size;
    };
    expect(same('M')).toBe(true);
    expect(same('L')).toBe(false);
  });

  it('draws an exact 400x400 pixel square on white that decodes back to the link', () => {
    const pixels = qrPixels(LINK);
    expect(pixels.width).toBe(400);
    expect(pixels.data).toHaveLength(400 * 400 * 4);
    // The quiet zone: the first row and column are white.
    expect([...pixels.data.slice(0, 4)]).toEqual([255, 255, 255, 255]);
    expect(jsQR(pixels.data, 400, 400)?.data).toBe(LINK);
  });

  it('keeps edges sharp at sizes that are not a multiple of the modules', () => {
    const { data } = qrPixels(LINK, 150);
    const values = new Set<number>();
    for (let i = 0; i < data.length; i += 4) values.add(data[i]!);
    expect([...values].sort((a, b) => a - b)).toEqual([0, 255]);
    expect(jsQR(data, 150, 150)?.data).toBe(LINK);
  });

  it('writes SVG text that renders to a decodable code', async () => {
    const svg = qrSvg(LINK, { sizePx: 400, title: 'QR-Code für Anna & Ben' });
    expect(svg).toContain('width="400"');
    expect(svg).toContain('<title>QR-Code für Anna &#38; Ben</title>');
    const { data, info } = await sharp(Buffer.from(svg))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(400);
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(LINK);
  });

  it('wraps the SVG in a data URL an <img> may load under our CSP', () => {
    const url = qrSvgDataUrl(LINK);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.split(',')[1]!)).toBe(qrSvg(LINK));
  });

  it('names downloads qr-code-{uid}-{employeeName or tip}', () => {
    expect(qrFileName('aio-anna-schneider-4k7p', 'Anna Schneider', 'png')).toBe(
      'qr-code-aio-anna-schneider-4k7p-Anna-Schneider.png',
    );
    expect(qrFileName('aio-tisch-7-2b5n', null, 'svg')).toBe('qr-code-aio-tisch-7-2b5n-tip.svg');
    expect(qrFileName('x1', ' Jürgen / Bar: "Süd" ', 'png')).toBe('qr-code-x1-Jürgen-Bar-Süd.png');
    expect(qrFileName('x1', '../../', 'png')).toBe('qr-code-x1-tip.png');
  });
});
