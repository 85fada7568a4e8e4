import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { type FilledBox, readPdf, squeeze } from '../../../../test/support/pdf';
import { branding, media } from '../../db/schema';

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

/** Paints the black boxes inside the white square onto pixels and decodes them. */
function decodeQr(fills: FilledBox[]) {
  const square = fills.find(
    (r) => r.colour === '#ffffff' && Math.abs(r.w - r.h) < 0.01 && r.w > 20 * MM,
  )!;
  const inside = (r: FilledBox) =>
    r.x >= square.x - 0.01 &&
    r.y >= square.y - 0.01 &&
    r.x + r.w <= square.x + square.w + 0.01 &&
    r.y + r.h <= square.y + square.h + 0.01;
  const dark = fills.filter((r) => r.colour === '#000000' && inside(r));
  const size = 600;
  const scale = size / square.w;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const r of dark) {
    // pdf.js reports boxes in the page's top-down coordinates, like image rows.
    const x0 = Math.round((r.x - square.x) * scale);
    const x1 = Math.round((r.x + r.w - square.x) * scale);
    const y0 = Math.round((r.y - square.y) * scale);
    const y1 = Math.round((r.y + r.h - square.y) * scale);
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

    const pdf = await readPdf(bytes);
    expect(pdf.pages).toHaveLength(1);
    const page = pdf.pages[0]!;
    expect(page.width).toBeCloseTo(210 * MM, 1);
    expect(page.height).toBeCloseTo(297 * MM, 1);
    expect(pdf.title).toBe('Trinkgeld-QR-Code Jörg Weiß');
    expect(page.text).toContain('Hotel Süd');
    expect(page.text).toContain('Jörg Weiß');
    expect(page.text).toContain('Kellner');

    const { square, value } = decodeQr(page.fills);
    expect(value).toBe(`https://trinkgeld.example.com/t/${point.uid}`);
    expect(square.w).toBeGreaterThanOrEqual(30 * MM);
  });

  it("shows the business's logo and colours, and a long name in full", async () => {
    const longName = 'Maximiliane Alexandra von Hohenzollern-Sigmaringen-Württemberg';
    const business = await createBusiness(t.database.db, {
      name: 'Grand Hotel Sonnenhof am Tegernsee',
      employees: [{ fullName: longName, jobTitle: 'Chef de Rang' }],
      points: ['person'],
    });
    const logo = await sharp({
      create: { width: 240, height: 120, channels: 3, background: '#7a1f3d' },
    })
      .webp()
      .toBuffer();
    const [row] = await t.database.db
      .insert(media)
      .values({
        businessId: business.id,
        contentType: 'image/webp',
        byteSize: logo.length,
        width: 240,
        height: 120,
        sha256: 'test',
        data: logo,
      })
      .returning();
    await t.database.db
      .update(branding)
      .set({
        logoUrl: `/api/media/${row!.id}`,
        primaryColor: '#7A1F3D',
        accentColor: '#E0B341',
        fontFamily: 'Poppins',
      })
      .where(eq(branding.businessId, business.id));

    const response = await t.inject({
      method: 'GET',
      url: `/api/admin/entrypoints/${business.points[0]!.id}/print.pdf`,
      headers: { cookie: await signIn(t, business.owner.email) },
    });
    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pages).toHaveLength(1);
    const page = pdf.pages[0]!;
    expect(squeeze(page.text)).toContain(squeeze(longName));
    expect(page.text).not.toContain('…');
    expect(page.images).toHaveLength(1);
    expect(page.colours).toContain('#7a1f3d');
    expect(page.colours).toContain('#e0b341');
    const { value } = decodeQr(page.fills);
    expect(value).toBe(`https://trinkgeld.example.com/t/${business.points[0]!.uid}`);
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

describe('the printed card in the guest languages', () => {
  const sheet = async (query: string, business = hotel) =>
    t.inject({
      method: 'GET',
      url: `/api/admin/entrypoints/${business.points[0]!.id}/print.pdf${query}`,
      headers: { cookie: await signIn(t, business.owner.email) },
    });
  const textOf = async (query: string, business = hotel) => {
    const response = await sheet(query, business);
    expect(response.statusCode).toBe(200);
    return squeeze((await readPdf(response.rawPayload)).pages[0]!.text);
  };

  it('is German unless another guest language is asked for', async () => {
    const german = await textOf('');
    expect(german).toContain(squeeze('Scannen Sie den QR-Code'));
    expect(german).toContain(squeeze('Vielen Dank für Ihr Trinkgeld!'));
    expect(await textOf('?language=de')).toBe(german);
  });

  it.each([
    ['en', 'Scan the QR code', 'Thank you for your tip!'],
    ['fr', 'Scannez le code QR', 'Merci pour votre pourboire !'],
    ['es', 'Escanee el código QR', '¡Muchas gracias por su propina!'],
    ['it', 'Scansioni il codice QR', 'Grazie mille per la Sua mancia!'],
  ])('speaks %s, for the other business too', async (language, instruction, thanks) => {
    for (const business of [hotel, other]) {
      const text = await textOf(`?language=${language}`, business);
      expect(text).toContain(squeeze(instruction));
      expect(text).toContain(squeeze(thanks));
      expect(text).not.toContain(squeeze('Scannen Sie'));
    }
  });

  it('refuses a language the guest pages do not speak, in German', async () => {
    const response = await sheet('?language=nl');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Sprache');
  });
});
