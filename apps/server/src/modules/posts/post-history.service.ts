import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { PostVersion, postHistoryQuerySchema } from '@ray/shared/schemas/post';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { pagePosition, toPage } from '../../lib/paging';
import * as historyRepo from './post-history.repository';
import * as repo from './posts.repository';
import type { Viewer } from './posts.repository';

/**
 * The earlier contents of a post, newest first, to whoever may see the post itself (a hidden post is missing
 * for others). A version is content and time only: nothing in it says who wrote an anonymous post.
 */
export async function listPostHistory(
  ctx: AppContext,
  viewer: Viewer | null,
  id: number,
  query: z.output<typeof postHistoryQuerySchema>,
): Promise<Paged<PostVersion>> {
  const db = ctx.database.db;
  if (!(await repo.findPost(db, id, viewer))) throw new AppError('NOT_FOUND', { message: msg.postNotFound });
  const position = pagePosition(query, decodeCursor);
  const [rows, total] = await Promise.all([
    historyRepo.listVersions(db, id, {
      afterId: position.after,
      offset: position.offset,
      limit: query.pageSize,
    }),
    historyRepo.countVersions(db, id),
  ]);
  return toPage(
    rows,
    position,
    query.pageSize,
    total,
    (row) => ({ id: row.id, content: row.content, writtenAt: row.writtenAt.toISOString() }),
    (row) => encodeCursor(row.id),
  );
}
