import { msg } from '@ray/shared/messages.ar';
import { plural } from '@ray/shared/plural';
import type { Comment } from '@ray/shared/schemas/comment';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineStatus, useInlineStatus } from '@/components/ui/inline-status';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { conversationStrings as s } from '@/i18n/conversations.ar';
import { useAuthStore } from '@/lib/auth-store';
import { formatNumber } from '@/lib/format';
import { useReplies } from '../api/get-replies';
import { flattenComments } from '../utils/comment-pages';
import { CommentItem } from './comment-item';

const ReplyForm = lazy(() => import('./reply-form').then((m) => ({ default: m.ReplyForm })));

/**
 * A top-level comment with its conversation: «ردّ» opens a reply box under the thread, «عرض الردود (3)» loads
 * the replies (oldest first, a page at a time), laid out indented on the start side. A reply added or deleted is
 * confirmed beside the replies' own controls; the thread's comment deleted takes the thread with it, so that
 * confirmation goes to `onDeleted`.
 */
export function CommentThread({
  comment,
  onDeleted,
}: {
  comment: Comment;
  onDeleted: (confirmation: string) => void;
}) {
  const repliesId = useId();
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const promptLogin = useLoginPrompt();
  const [expanded, setExpanded] = useState(false);
  const [answering, setAnswering] = useState<Comment | null>(null);
  const query = useReplies(comment.postId, comment.id, expanded);
  const replies = flattenComments(query.data);
  const count = comment.replyCount;
  const [status, confirm] = useInlineStatus();

  const reply = (answered: Comment) => {
    if (!signedIn) {
      promptLogin(msg.loginToComment);
      return;
    }
    setAnswering(answered);
  };

  return (
    <div>
      <CommentItem
        comment={comment}
        onReply={() => {
          reply(comment);
        }}
        onDeleted={onDeleted}
      />
      {count > 0 && !expanded ? (
        <button
          type="button"
          aria-expanded={false}
          aria-controls={repliesId}
          aria-label={`${s.showReplies(formatNumber(count))}: ${plural(count, s.replies, formatNumber)}`}
          onClick={() => {
            setExpanded(true);
          }}
          className="ms-11 -mt-2 mb-3 text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline hover:underline-offset-4"
        >
          {s.showReplies(formatNumber(count))}
        </button>
      ) : null}
      {expanded ? (
        <div
          id={repliesId}
          role="list"
          aria-label={s.repliesLabel(comment.user.displayName)}
          aria-busy={query.isPending}
          className="ms-5 border-s-2 border-slate-100 ps-3 sm:ms-11"
        >
          {query.isError && !query.data ? (
            <p role="alert" className="py-2 text-sm text-red-700">
              {s.repliesLoadFailed}
            </p>
          ) : null}
          {replies.map((item) => (
            <div role="listitem" key={item.id}>
              <CommentItem
                comment={item}
                onReply={() => {
                  reply(item);
                }}
                onDeleted={confirm}
              />
            </div>
          ))}
          <div className="flex flex-wrap items-center gap-3 pb-3">
            {query.hasNextPage ? (
              <Button
                variant="ghost"
                size="sm"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
              >
                {s.loadMoreReplies}
              </Button>
            ) : null}
            {replies.length > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setExpanded(false);
                }}
              >
                {s.hideReplies}
              </Button>
            ) : null}
            <InlineStatus message={status} />
          </div>
        </div>
      ) : null}
      {answering ? (
        <div className="ms-5 pb-4 sm:ms-11">
          <Suspense fallback={null}>
            <ReplyForm
              threadId={comment.id}
              answered={answering}
              onDone={(created) => {
                setAnswering(null);
                if (!created) return;
                setExpanded(true);
                confirm(s.replyAdded);
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
