import sharp from 'sharp';
import { normalizeHexColor } from '../../../shared/domain/contrast';

/** Apple requires icon.png; logo.png is shown top left (at most 160 × 50 points). */
export interface PassImages {
  icon: Buffer;
  icon2x: Buffer;
  logo: Buffer;
  logo2x: Buffer;
}

function solidSquare(size: number, hex: string): Promise<Buffer> {
  return sharp({
    create: { width: size, height: size, channels: 4, background: normalizeHexColor(hex) },
  })
    .png()
    .toBuffer();
}

function fitted(source: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(source)
    .resize({ width, height, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/**
 * The business's logo (any of the stored formats) scaled into Apple's boxes; without one, a
 * square in the brand colour, so the pass still carries the business's look.
 */
export async function passImages(logo: Buffer | null, primaryColor: string): Promise<PassImages> {
  if (!logo) {
    const [icon, icon2x, square, square2x] = await Promise.all([
      solidSquare(29, primaryColor),
      solidSquare(58, primaryColor),
      solidSquare(50, primaryColor),
      solidSquare(100, primaryColor),
    ]);
    return { icon, icon2x, logo: square, logo2x: square2x };
  }
  const [icon, icon2x, small, large] = await Promise.all([
    fitted(logo, 29, 29),
    fitted(logo, 58, 58),
    fitted(logo, 160, 50),
    fitted(logo, 320, 100),
  ]);
  return { icon, icon2x, logo: small, logo2x: large };
}
