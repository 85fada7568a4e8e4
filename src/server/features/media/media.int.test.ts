import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness } from '../../../../test/support/factories';
import { MEDIA_UNUSED_PER_PERSON } from '../../../shared/api/media';
import { removeUnusedMedia } from './cleanup';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const own = await createBusiness(t.database.db, { employees: 1 });
  cookie = await signIn(t, own.employees[0]!.email);
});
afterAll(async () => {
  await t.close();
});

function upload(body: Buffer | string, contentType: string, session: string | null = cookie) {
  return t.inject({
    method: 'POST',
    url: '/api/media/profile-images',
    headers: { 'content-type': contentType, ...(session ? { cookie: session } : {}) },
    payload: body,
  });
}

function photo(format: 'png' | 'jpeg' | 'webp', width = 1200, height = 900) {
  const canvas = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } },
  });
  return canvas.toFormat(format).toBuffer();
}

describe('profile picture upload', () => {
  it('stores a PNG re-encoded to at most 512 px and serves it from its URL', async () => {
    const response = await upload(await photo('png'), 'image/png');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ contentType: 'image/png', width: 512, height: 384 });
    expect(body.url).toBe(`/api/media/${body.id}`);

    const served = await t.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 512, height: 384 });
    const [row] = await t.database.query<{ owner_user_id: string; byte_size: number }>(
      'SELECT owner_user_id, byte_size FROM media WHERE id = $1',
      [body.id],
    );
    expect(row!.byte_size).toBe(served.rawPayload.length);
  });

  it('decides the type by content: a WebP sent as octet-stream is stored as WebP', async () => {
    const response = await upload(await photo('webp', 300, 300), 'application/octet-stream');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ contentType: 'image/webp', width: 300 });
  });

  it('drops metadata such as the EXIF location of a JPEG', async () => {
    const withExif = await sharp(await photo('jpeg', 400, 300))
      .withExif({ IFD0: { Make: 'Kamera', Model: 'Geheim' }, IFD3: { GPSLatitudeRef: 'N' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const response = await upload(withExif, 'image/jpeg');
    expect(response.statusCode).toBe(201);
    const served = await t.inject({ method: 'GET', url: response.json().url });
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
  });

  it.each([
    [
      'an SVG labelled as PNG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/png',
    ],
    ['a script labelled as JPEG', Buffer.from('<script>alert(1)</script>'), 'image/jpeg'],
    ['text as octet-stream', Buffer.from('hello'), 'application/octet-stream'],
  ])('refuses %s', async (_label, body, type) => {
    const response = await upload(body, type);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({
      code: 'image_unsupported',
      title: 'Bildformat nicht unterstützt',
      message: 'Bitte wählen Sie ein Bild im Format PNG, JPEG oder WebP.',
    });
  });

  it('refuses a GIF and a truncated PNG', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    expect((await upload(gif, 'image/gif')).statusCode).toBe(415);
    const png = await photo('png', 200, 200);
    expect((await upload(png.subarray(0, png.length / 2), 'image/png')).statusCode).toBe(415);
  });

  it('refuses more than 2 MB with its own message', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 1);
    const response = await upload(big, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'image_too_large',
      message: 'Das Bild darf höchstens 2 MB groß sein.',
    });
  });

  it('needs a signed-in person and answers 404 for an unknown image', async () => {
    expect((await upload(await photo('png', 20, 20), 'image/png', null)).statusCode).toBe(401);
    const missing = await t.inject({
      method: 'GET',
      url: '/api/media/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/media/kein-uuid' })).statusCode).toBe(400);
  });
});

/** Uploads have a per-person quota, and images never used are removed. */
describe('upload quota and cleanup', () => {
  it('refuses more unused images than the quota allows, in German, until one is used', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const person = await signIn(t, hotel.employees[0]!.email);
    const image = await photo('png', 64, 64);
    const ids: string[] = [];
    for (let i = 0; i < MEDIA_UNUSED_PER_PERSON; i += 1) {
      const stored = await upload(image, 'image/png', person);
      expect(stored.statusCode).toBe(201);
      ids.push(stored.json().id);
    }
    const refused = await upload(image, 'image/png', person);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/Bilder/);
    // Someone else is not affected.
    expect((await upload(image, 'image/png')).statusCode).toBe(201);

    // Using one as the profile picture frees a place.
    const saved = await t.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      headers: { cookie: person },
      payload: { profileImageUrl: `/api/media/${ids[0]}` },
    });
    expect(saved.statusCode).toBeLessThan(300);
    expect((await upload(image, 'image/png', person)).statusCode).toBe(201);
  });

  it('deletes images nobody uses after a day, and keeps the ones in use', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const person = await signIn(t, hotel.employees[0]!.email);
    const image = await photo('png', 64, 64);
    const used = (await upload(image, 'image/png', person)).json().id as string;
    const unused = (await upload(image, 'image/png', person)).json().id as string;
    await t.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      headers: { cookie: person },
      payload: { profileImageUrl: `/api/media/${used}` },
    });
    const exists = async (id: string) =>
      (await t.database.query('SELECT id FROM media WHERE id = $1', [id])).length === 1;

    await removeUnusedMedia(t.database, t.clock);
    expect(await exists(unused)).toBe(true);
    t.clock.advance(25 * 60 * 60_000);
    const removed = await removeUnusedMedia(t.database, t.clock);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await exists(unused)).toBe(false);
    expect(await exists(used)).toBe(true);
    expect((await t.inject({ method: 'GET', url: `/api/media/${used}` })).statusCode).toBe(200);
  });
});
