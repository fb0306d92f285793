import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POST_IMAGE_MAX } from '@ray/shared/constants';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { uploadResultSchema } from '@ray/shared/schemas/user';
import { POST_IMAGE } from '../../lib/images';
import { putAll } from '../../lib/storage';
import { requireAuth } from '../../plugins/auth';
import { reserveUpload } from '../../plugins/upload-limit';
import { multipartBodies, readSingleImage } from '../../plugins/uploads';

export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipartBodies);
  app.post(
    '/upload',
    {
      schema: {
        tags: ['attachments'],
        summary:
          'Upload a post image (multipart field "file"; PNG, JPEG, GIF or WebP under 10 MB). Metadata is removed.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: uploadResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await reserveUpload(app.ctx, auth.userId);
      const file = await readSingleImage(request, POST_IMAGE_MAX, msg.imageTooLarge);
      const image = await app.ctx.images.process(file, POST_IMAGE, auth.userId);
      const [url, thumbnailUrl] = await putAll(app.ctx.storage, [
        [`original/${image.name}`, image.original],
        [`thumb/${image.name}`, image.thumbnail],
      ]);
      return reply.status(201).send({ url: url!, thumbnailUrl: thumbnailUrl! });
    },
  );
};
