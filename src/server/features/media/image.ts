import sharp from 'sharp';
import { MEDIA_ERRORS } from '../../../shared/api/media';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../shared/domain/constants';
import type { ErrorDefinition } from '../../../shared/domain/errors';
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

/** How one kind of upload is checked and stored, with the messages its form shows. */
export interface ImageRules {
  maxBytes: number;
  maxEdgePx: number;
  errors: { tooLarge: ErrorDefinition; unsupported: ErrorDefinition; empty: ErrorDefinition };
}

export const PROFILE_IMAGE_RULES: ImageRules = {
  maxBytes: PROFILE_IMAGE_MAX_BYTES,
  maxEdgePx: PROFILE_IMAGE_MAX_EDGE_PX,
  errors: {
    tooLarge: MEDIA_ERRORS.image_too_large,
    unsupported: MEDIA_ERRORS.image_unsupported,
    empty: MEDIA_ERRORS.image_empty,
  },
};

/**
 * Checks a profile picture by decoding it (never by file name or declared type) and re-encodes
 * it: the stored file is a fresh PNG, JPEG or WebP of at most 512x512, upright, with every piece
 * of metadata (EXIF location, camera, comments) dropped.
 */
export function processProfileImage(input: Buffer): Promise<ProcessedImage> {
  return processImage(input, PROFILE_IMAGE_RULES);
}

/** Decodes, checks and re-encodes an uploaded image under the given rules (see above). */
export async function processImage(input: Buffer, rules: ImageRules): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError(rules.errors.empty);
  if (input.length > rules.maxBytes) throw new AppError(rules.errors.tooLarge);
  let format: string | undefined;
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = metadata.format;
  } catch {
    throw new AppError(rules.errors.unsupported);
  }
  const contentType = format ? FORMATS[format] : undefined;
  if (!contentType) throw new AppError(rules.errors.unsupported);
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: rules.maxEdgePx,
        height: rules.maxEdgePx,
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
    throw new AppError(rules.errors.unsupported);
  }
}
