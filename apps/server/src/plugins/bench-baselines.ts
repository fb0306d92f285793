import { desc, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { posts } from '../db/schema';

/**
 * Baselines of `npm run bench`, served only with BENCH_BASELINES=true, from the same process as the real routes:
 * `/bench/hello` is the framework and the global hooks alone; `/bench/raw` adds one indexed query of ten posts
 * through the app's own pool (the feed's newest-first primary-key scan), without joins, mapping or schemas. Every
 * scenario is reported as a ratio to these, so the figures compare across machines.
 */
export async function benchBaselines(app: FastifyInstance) {
  app.get('/bench/hello', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/bench/raw', { schema: { hide: true } }, async () => {
    const items = await app.ctx.database.db
      .select({ id: posts.id, authorId: posts.authorId, content: posts.content, createdAt: posts.createdAt })
      .from(posts)
      .where(isNull(posts.hiddenAt))
      .orderBy(desc(posts.id))
      .limit(10);
    return { items };
  });
}
