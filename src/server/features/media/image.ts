import sharp from 'sharp';
import { MEDIA_ERRORS } from '../../../shared/api/media';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../shared/domain/constants';
import { AppError } from '../../http/errors';

export type ImageContentType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface ProcessedImage {
  data: Buffer;
  contentType: ImageContentType;
  width: number;
  height: number;
}

/** Profile pictures are shown at most a few hundred pixels wide; 512 is sharp on any screen. */
export const PROFILE_IMAGE_MAX_EDGE_PX = 512;
/** Refuse decoding bombs: a small file that claims a gigantic canvas. */
const MAX_INPUT_PIXELS = 40_000_000;

const FORMATS: Record<string, ImageContentType> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * Checks an upload by decoding it (never by file name or declared type) and re-encodes it: the
 * stored file is a fresh PNG, JPEG or WebP of at most 512x512, upright, with every piece of
 * metadata (EXIF location, camera, comments) dropped.
 */
export async function processProfileImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError(MEDIA_ERRORS.image_empty);
  if (input.length > PROFILE_IMAGE_MAX_BYTES) throw new AppError(MEDIA_ERRORS.image_too_large);

  let format: string | undefined;
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = metadata.format;
  } catch {
    throw new AppError(MEDIA_ERRORS.image_unsupported);
  }
  const contentType = format ? FORMATS[format] : undefined;
  if (!contentType) throw new AppError(MEDIA_ERRORS.image_unsupported);

  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: PROFILE_IMAGE_MAX_EDGE_PX,
        height: PROFILE_IMAGE_MAX_EDGE_PX,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const encoded =
      contentType === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : contentType === 'image/jpeg'
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, contentType, width: info.width, height: info.height };
  } catch {
    // The header looked like an image but the pixels do not decode: a broken or forged file.
    throw new AppError(MEDIA_ERRORS.image_unsupported);
  }
}
