import { z } from 'zod';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '../domain/constants';
import { defineErrors } from '../domain/errors';

/** Content types the upload accepts on the wire; the bytes are checked, not these labels. */
export const UPLOAD_CONTENT_TYPES = [...PROFILE_IMAGE_TYPES, 'application/octet-stream'] as const;

export const mediaUploadResponseSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  contentType: z.enum(PROFILE_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
});
export type MediaUpload = z.infer<typeof mediaUploadResponseSchema>;

export const mediaIdParamsSchema = z.object({
  id: z.uuid({ message: 'Ungültige Bild-ID.' }),
});

export const PROFILE_IMAGE_MAX_MB = PROFILE_IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * Images a person may have uploaded that are not (yet) in use — a profile picture or a logo that
 * was never saved. Unused images are deleted after a day, so this bounds what one
 * person can store.
 */
export const MEDIA_UNUSED_PER_PERSON = 10;

export const MEDIA_ERRORS = defineErrors({
  upload_quota: {
    status: 429,
    title: 'Zu viele Bilder',
    message: `Sie haben ${MEDIA_UNUSED_PER_PERSON} Bilder hochgeladen, die noch nicht verwendet werden. Bitte speichern Sie eines davon oder versuchen Sie es morgen erneut.`,
  },
  image_too_large: {
    status: 413,
    title: 'Bild zu groß',
    message: `Das Bild darf höchstens ${PROFILE_IMAGE_MAX_MB} MB groß sein.`,
  },
  image_unsupported: {
    status: 415,
    title: 'Bildformat nicht unterstützt',
    message: 'Bitte wählen Sie ein Bild im Format PNG, JPEG oder WebP.',
  },
  image_empty: {
    status: 400,
    title: 'Kein Bild',
    message: 'Bitte wählen Sie ein Bild aus.',
  },
});
