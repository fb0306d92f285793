import type { MentionTarget } from '@ray/shared/mentions';
import type { Comment } from '@ray/shared/schemas/comment';
import { ANONYMOUS_AUTHOR } from '@ray/shared/schemas/post';
import type { Viewer } from '../posts/posts.repository';
import { displayName } from '../users/users.mapper';
import type { CommentRecord } from './comments.repository';

/**
 * The public shape of a comment. As for posts, an anonymous comment carries the anonymous author for everyone, its
 * own author included (who recognises it by `isOwner`); its record holds no name or avatar to leak.
 */
export function toComment(
  record: CommentRecord,
  viewer: Viewer | null,
  mentions: MentionTarget[] = [],
): Comment {
  const { comment, author } = record;
  const { username, firstName, lastName, avatarUrl } = author;
  return {
    id: comment.id,
    postId: comment.postId,
    content: comment.content,
    isAnonymous: comment.isAnonymous,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
    user:
      comment.isAnonymous || username === null || firstName === null || lastName === null
        ? { ...ANONYMOUS_AUTHOR }
        : {
            userId: comment.authorId,
            username,
            displayName: displayName({ username, firstName, lastName }),
            avatarUrl,
          },
    isOwner: viewer?.userId === comment.authorId,
    isHidden: comment.hiddenAt !== null,
    parentId: comment.parentId,
    replyCount: comment.replyCount,
    mentions,
  };
}
