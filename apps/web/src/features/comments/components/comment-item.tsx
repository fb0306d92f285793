import { msg } from '@ray/shared/messages.ar';
import type { Comment } from '@ray/shared/schemas/comment';
import { isNamedAuthor } from '@ray/shared/authors';
import { EyeOff, Reply, VenetianMask } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Avatar } from '@/components/ui/avatar';
import { InlineStatus, useInlineStatus } from '@/components/ui/inline-status';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useNow } from '@/hooks/use-now';
import { HashtagText } from '@/entities/post/components/post-content';
import { communityStrings as s } from '@/i18n/community.ar';
import { conversationStrings } from '@/i18n/conversations.ar';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { useDeleteComment } from '../api/delete-comment';
import { truncateComment } from '../utils/truncate-comment';
import { CommentMenu } from './comment-menu';

const CommentEditForm = lazy(() =>
  import('./comment-edit-form').then((m) => ({ default: m.CommentEditForm })),
);
const DeleteDialog = lazy(() =>
  import('@/components/ui/confirm-dialog').then((m) => ({ default: m.DeleteDialog })),
);
const ReportCommentDialog = lazy(() =>
  import('./report-comment-dialog').then((m) => ({ default: m.ReportCommentDialog })),
);

/** An edit later than this after publishing is shown as "edited". */
const EDIT_MARGIN_MS = 60_000;

function CommentText({ content, mentions }: Pick<Comment, 'content' | 'mentions'>) {
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  const { text, truncated } = truncateComment(content);
  return (
    <div className="mt-1">
      <p
        id={bodyId}
        dir="auto"
        className="text-[0.95rem] leading-7 whitespace-pre-line text-slate-800 wrap-break-word"
      >
        <HashtagText text={expanded || !truncated ? content : text} mentions={mentions} />
      </p>
      {truncated ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => {
            setExpanded((value) => !value);
          }}
          className="mt-0.5 text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline hover:underline-offset-4"
        >
          {expanded ? s.comments.showLess : s.comments.showMore}
        </button>
      ) : null}
    </div>
  );
}

/**
 * One comment or reply: author or 'مجهول', time, text with show more, «ردّ», and the comment menu. An edit shows
 * at once in place, and is confirmed beside «ردّ»; a deleted comment leaves the page, so its confirmation goes to
 * `onDeleted`, for the control that stays.
 */
export function CommentItem({
  comment,
  onReply,
  onDeleted,
}: {
  comment: Comment;
  onReply?: () => void;
  onDeleted: (confirmation: string) => void;
}) {
  const nameId = useId();
  const now = useNow();
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const promptLogin = useLoginPrompt();
  const [mode, setMode] = useState<'view' | 'edit' | 'delete' | 'report'>('view');
  const remove = useDeleteComment(comment.postId, comment.parentId);
  const [status, confirm] = useInlineStatus();
  // An anonymous comment carries the anonymous author (no id, no username): no profile link, a neutral avatar.
  const author = !comment.isAnonymous && isNamedAuthor(comment.user) ? comment.user : null;
  const edited =
    new Date(comment.updatedAt).getTime() - new Date(comment.createdAt).getTime() > EDIT_MARGIN_MS;
  const closeDialog = (open: boolean) => {
    if (!open) setMode('view');
  };

  const confirmDelete = () => {
    remove.mutate(comment.id, {
      onSuccess: () => {
        setMode('view');
        onDeleted(msg.commentDeleted);
      },
      onError: (error) => {
        toast.error(
          error instanceof ApiError && error.hasServerMessage && error.status < 500
            ? error.message
            : s.comments.deleteFailed,
        );
      },
    });
  };

  return (
    <article
      data-testid="comment"
      data-comment-id={comment.id}
      aria-labelledby={nameId}
      className="flex items-start gap-3 py-4"
    >
      {author ? (
        <Link
          to={`/profile/${encodeURIComponent(author.userId)}`}
          tabIndex={-1}
          aria-hidden="true"
          className="shrink-0"
        >
          <Avatar src={author.avatarUrl} name={author.displayName} size="sm" />
        </Link>
      ) : (
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500 ring-2 ring-surface"
        >
          <VenetianMask className="size-4" />
        </span>
      )}

      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
            {author ? (
              <Link
                id={nameId}
                to={`/profile/${encodeURIComponent(author.userId)}`}
                className="truncate text-sm font-bold text-slate-900 hover:text-brand-800 hover:underline hover:underline-offset-4"
              >
                <bdi>{author.displayName}</bdi>
              </Link>
            ) : (
              <span id={nameId} className="text-sm font-bold text-slate-700">
                {msg.anonymousName}
              </span>
            )}
            {comment.isOwner && comment.isAnonymous ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-[0.7rem] font-semibold text-brand-800 ring-1 ring-brand-100">
                {s.comments.yourComment}
              </span>
            ) : null}
            {comment.isHidden ? (
              <span
                title={s.comments.hiddenHint}
                className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-[0.7rem] font-semibold text-amber-900 ring-1 ring-amber-200"
              >
                <EyeOff className="size-3" aria-hidden="true" />
                {s.comments.hidden}
              </span>
            ) : null}
            <span className="text-xs text-slate-600">
              <time
                dateTime={comment.createdAt}
                title={formatDateTime(comment.createdAt)}
                suppressHydrationWarning
              >
                {formatRelativeTime(comment.createdAt, now)}
              </time>
              {edited ? (
                <>
                  <span aria-hidden="true"> · </span>
                  <span title={formatDateTime(comment.updatedAt)}>{s.comments.edited}</span>
                </>
              ) : null}
            </span>
          </div>
          {mode === 'edit' ? null : (
            <div className="-mt-1.5 -me-2 shrink-0">
              <CommentMenu
                isOwner={comment.isOwner}
                onEdit={() => {
                  setMode('edit');
                }}
                onDelete={() => {
                  setMode('delete');
                }}
                onReport={() => {
                  if (signedIn) setMode('report');
                  else promptLogin(msg.loginToReport);
                }}
              />
            </div>
          )}
        </div>

        {mode === 'edit' ? (
          <Suspense fallback={<CommentText content={comment.content} mentions={comment.mentions} />}>
            <CommentEditForm
              postId={comment.postId}
              commentId={comment.id}
              content={comment.content}
              onDone={(saved) => {
                setMode('view');
                if (saved) confirm(s.comments.updated);
              }}
            />
          </Suspense>
        ) : (
          <CommentText content={comment.content} mentions={comment.mentions} />
        )}
        <div className="flex flex-wrap items-center gap-x-3">
          {onReply && mode !== 'edit' && !comment.isHidden ? (
            <button
              type="button"
              onClick={onReply}
              className="mt-1 inline-flex items-center gap-1 rounded-md py-0.5 text-xs font-semibold text-slate-600 hover:text-brand-800"
            >
              <Reply className="size-3.5 rtl:-scale-x-100" aria-hidden="true" />
              {conversationStrings.reply}
            </button>
          ) : null}
          <InlineStatus message={status} />
        </div>
      </div>

      <Suspense fallback={null}>
        {mode === 'delete' ? (
          <DeleteDialog
            copy={s.comments}
            open
            onOpenChange={closeDialog}
            onConfirm={confirmDelete}
            deleting={remove.isPending}
          />
        ) : null}
        {mode === 'report' ? <ReportCommentDialog comment={comment} open onOpenChange={closeDialog} /> : null}
      </Suspense>
    </article>
  );
}
