import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MEDIA_ERRORS,
  mediaIdParamsSchema,
  mediaUploadResponseSchema,
} from '../../../shared/api/media';
import { ERRORS, type ErrorDefinition } from '../../../shared/domain/errors';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../shared/domain/constants';
import { AppError } from '../../http/errors';
import { actorOf } from '../auth/guard';
import { loadMedia, mediaUrl, storeProfileImage } from './service';

const tags = ['Bilder'];

/**
 * Lets the routes of one plugin take an image as the raw request body (any image/* type or
 * octet-stream, at most maxBytes). A body that is too large answers the upload's own message.
 */
export function acceptRawImageBodies(
  app: FastifyInstance,
  maxBytes: number,
  tooLarge: ErrorDefinition,
): void {
  for (const contentType of [/^image\//, 'application/octet-stream']) {
    app.addContentTypeParser(
      contentType,
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_request, body, done) => done(null, body),
    );
  }
  app.setErrorHandler((error, _request, _reply) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError(tooLarge);
    }
    throw error;
  });
}

/**
 * Stored images (spec: profile pictures). Uploads arrive as the raw file in the body; whatever
 * content type the browser declares, the bytes are decoded to decide what they are.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptRawImageBodies(app, PROFILE_IMAGE_MAX_BYTES, MEDIA_ERRORS.image_too_large);

  app.post(
    '/api/media/profile-images',
    {
      onRequest: app.requireActor(),
      bodyLimit: PROFILE_IMAGE_MAX_BYTES,
      schema: {
        tags,
        summary: 'Profilbild hochladen (PNG, JPEG oder WebP, höchstens 2 MB)',
        response: { 201: mediaUploadResponseSchema },
      },
    },
    async (request, reply) => {
      // No zod body schema: the body is raw bytes, validated by decoding them in the service.
      const upload = request.body;
      if (!Buffer.isBuffer(upload)) throw new AppError(MEDIA_ERRORS.image_unsupported);
      const row = await storeProfileImage(app.deps, { actor: actorOf(request), upload });
      return reply.status(201).send({
        id: row.id,
        url: mediaUrl(row.id),
        contentType: row.contentType,
        width: row.width,
        height: row.height,
        byteSize: row.byteSize,
      });
    },
  );

  app.get(
    '/api/media/:id',
    {
      schema: {
        tags,
        summary: 'Ein gespeichertes Bild (öffentlich: Gäste sehen Profilbilder)',
        params: mediaIdParamsSchema,
      },
    },
    async (request, reply) => {
      const row = await loadMedia(app.deps.database, request.params.id);
      if (!row) throw new AppError(ERRORS.not_found);
      // An id always names the same bytes (a new picture gets a new id), so caches may keep it.
      return reply
        .header('content-type', row.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${row.sha256}"`)
        .header('content-disposition', 'inline')
        .send(row.data);
    },
  );
};
