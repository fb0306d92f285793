import type { Comment } from '@ray/shared/schemas/comment';
import type { Viewer } from '../posts/posts.repository';
import { displayName } from '../users/users.mapper';
import type { CommentRecord } from './comments.repository';

/**
 * The public shape of a comment. As for posts, an anonymous comment never carries its author, not even to
 * the author (who recognises it by `isOwner`), so no code path can leak it by forgetting a viewer check.
 */
export function toComment(record: CommentRecord, viewer: Viewer | null): Comment {
  const { comment, author } = record;
  return {
    id: comment.id,
    postId: comment.postId,
    content: comment.content,
    isAnonymous: comment.isAnonymous,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
    user: comment.isAnonymous
      ? null
      : {
          userId: comment.authorId,
          username: author.username,
          displayName: displayName(author),
          avatarUrl: author.avatarUrl,
        },
    isOwner: viewer?.userId === comment.authorId,
    isHidden: comment.hiddenAt !== null,
  };
}
