import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { type PDFArray, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';

let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp({ config: { publicOrigin: 'https://trinkgeld.example.com' } });
  hotel = await createBusiness(t.database.db, {
    name: 'Hotel Süd',
    employees: [{ fullName: 'Jörg Weiß', jobTitle: 'Kellner' }],
    points: ['person'],
  });
  other = await createBusiness(t.database.db, { points: ['object'] });
});
afterAll(async () => {
  await t.close();
});

const MM = 72 / 25.4;

/** The page's drawing operators, decompressed. */
async function pageOperators(bytes: Buffer) {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPages()[0]!;
  const contents = page.node.Contents() as PDFArray;
  let text = '';
  for (let i = 0; i < contents.size(); i++) {
    const stream = pdf.context.lookup(contents.get(i)) as PDFRawStream;
    const data = Buffer.from(stream.getContents());
    text += stream.dict.get(PDFName.of('Filter')) ? inflateSync(data).toString('latin1') : data;
  }
  return { pdf, page, text };
}

/** Filled rectangles as pdf-lib draws them: colour, position (cm) and size (the "l" corner). */
function filledRectangles(operators: string) {
  const rects: { colour: string; x: number; y: number; w: number; h: number }[] = [];
  for (const block of operators.split(/\nQ\n?/)) {
    if (!/\nf$/.test(block.trim().replace(/\s+$/, '')) && !block.includes('\nf')) continue;
    const colour = /([\d.]+ [\d.]+ [\d.]+) rg/.exec(block)?.[1];
    const move = /1 0 0 1 ([\d.-]+) ([\d.-]+) cm/.exec(block);
    const corner = /\n([\d.]+) ([\d.]+) l\n[\d.]+ 0 l\nh\nf/.exec(block);
    if (!colour || !move || !corner) continue;
    rects.push({ colour, x: +move[1]!, y: +move[2]!, w: +corner[1]!, h: +corner[2]! });
  }
  return rects;
}

/** Paints the black rectangles inside the white square onto pixels and decodes them. */
function decodeQr(rects: ReturnType<typeof filledRectangles>) {
  const square = rects.find((r) => r.colour === '1 1 1' && Math.abs(r.w - r.h) < 0.01)!;
  const dark = rects.filter((r) => r.colour === '0 0 0');
  const scale = 600 / square.w;
  const size = 600;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const r of dark) {
    const x0 = Math.round((r.x - square.x) * scale);
    const x1 = Math.round((r.x + r.w - square.x) * scale);
    // PDF y grows upwards, image rows downwards.
    const y0 = Math.round((square.y + square.h - (r.y + r.h)) * scale);
    const y1 = Math.round((square.y + square.h - r.y) * scale);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const offset = (y * size + x) * 4;
        data[offset] = data[offset + 1] = data[offset + 2] = 0;
      }
    }
  }
  return { square, value: jsQR(data, size, size)?.data ?? null };
}

describe('GET /api/admin/entrypoints/:id/print.pdf', () => {
  it('is an A4 sheet with a scannable QR code of the tip link, at least 3 × 3 cm', async () => {
    const point = hotel.points[0]!;
    const response = await t.inject({
      method: 'GET',
      url: `/api/admin/entrypoints/${point.id}/print.pdf`,
      headers: { cookie: await signIn(t, hotel.owner.email) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="qr-code-${point.uid}-joerg-weiss.pdf"`,
    );
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const { pdf, page, text } = await pageOperators(bytes);
    expect(page.getWidth()).toBeCloseTo(210 * MM, 1);
    expect(page.getHeight()).toBeCloseTo(297 * MM, 1);
    expect(pdf.getTitle()).toBe('Trinkgeld-QR-Code Jörg Weiß');

    const { square, value } = decodeQr(filledRectangles(text));
    expect(value).toBe(`https://trinkgeld.example.com/t/${point.uid}`);
    expect(square.w).toBeGreaterThanOrEqual(30 * MM);
  });

  it('is not found for a point of another business', async () => {
    const response = await t.inject({
      method: 'GET',
      url: `/api/admin/entrypoints/${other.points[0]!.id}/print.pdf`,
      headers: { cookie: await signIn(t, hotel.owner.email) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Der Bezahlpunkt wurde nicht gefunden.');
  });
});
