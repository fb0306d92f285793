import type { FastifyInstance } from 'fastify';
import { CACHE_FOREVER, type FileStorage } from '../lib/storage';

/** Every key the app writes, and every file the copy command takes over, is a folder and a plain name. */
const KEY = /^[a-z0-9_-]+\/[a-z0-9_-][\w.-]{0,200}$/i;

/**
 * Serves `/uploads/<key>` by streaming the object from the storage, for a bucket the browsers do not reach
 * themselves (no MEDIA_PUBLIC_URL) and for URLs stored before the media moved there. The names are random and
 * never reused, so a browser may keep a file for a year without asking again; the ETag answers those who do.
 */
export function registerStoredUploads(app: FastifyInstance, storage: FileStorage) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!KEY.test(key)) {
        reply.callNotFound();
        return reply;
      }
      const ifNoneMatch = request.headers['if-none-match'];
      const file = await storage.read(key, {
        ifNoneMatch: typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined,
        withBody: request.method === 'GET',
      });
      if (!file) {
        reply.callNotFound();
        return reply;
      }
      void reply.header('cache-control', CACHE_FOREVER).header('cross-origin-resource-policy', 'same-site');
      if (file === 'not-modified') {
        if (typeof ifNoneMatch === 'string') void reply.header('etag', ifNoneMatch);
        return reply.status(304).send();
      }
      void reply.type(file.contentType).header('etag', file.etag).header('content-length', file.size);
      return reply.send(file.body ?? undefined);
    },
  });
}
