import { msg } from '@ray/shared/messages.ar';
import { LogIn, MessagesSquare } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorState } from '@/components/page-states';
import { Button, buttonClasses } from '@/components/ui/button';
import { useInlineStatus } from '@/components/ui/inline-status';
import { communityStrings as s } from '@/i18n/community.ar';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { useComments } from '../api/get-comments';
import { flattenComments } from '../utils/comment-pages';
import { CommentThread } from './comment-thread';

// The comment, reply and edit forms load only for readers who can use them: a visitor reads comments without them.
const CommentForm = lazy(() => import('./comment-form').then((m) => ({ default: m.CommentForm })));

/** The comment form's room while its code loads, so the comments below do not move when it comes. */
function CommentFormPlaceholder() {
  return <div aria-hidden="true" className="h-46.5 rounded-xl bg-slate-50" />;
}

function CommentsSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {[0, 1, 2].map((index) => (
        <li key={index} className="flex animate-pulse gap-3 py-4">
          <span className="size-8 shrink-0 rounded-full bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-3 w-28 rounded-full bg-slate-200" />
            <span className="block h-3 w-full rounded-full bg-slate-100" />
            <span className="block h-3 w-2/3 rounded-full bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function LoginPrompt() {
  const { pathname, search } = useLocation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl bg-slate-50 px-4 py-5 text-center ring-1 ring-slate-100 sm:flex-row sm:justify-between sm:text-start">
      <p className="text-sm leading-6 text-slate-700">{s.comments.loginPrompt}</p>
      <div className="flex gap-2">
        <Link
          to="/login"
          state={{ from: `${pathname}${search}#comments` }}
          className={buttonClasses({ size: 'sm' })}
        >
          <LogIn className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {s.comments.loginLink}
        </Link>
        <Link to="/register" className={buttonClasses({ size: 'sm', variant: 'outline' })}>
          {s.comments.registerLink}
        </Link>
      </div>
    </div>
  );
}

/**
 * The conversation under a post: the add-comment form (or a login prompt), then the top-level comments, oldest
 * first, each with its replies.
 */
export function CommentsSection({ postId }: { postId: number }) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const query = useComments(postId);
  const comments = flattenComments(query.data);
  // Beside the comment form's button: a comment added, and a comment deleted (it leaves with its thread).
  const [status, confirm] = useInlineStatus();

  let list;
  if (query.isPending) {
    list = (
      <div aria-busy="true" aria-label={s.comments.loading}>
        <CommentsSkeleton />
      </div>
    );
  } else if (query.isError && !query.data) {
    list = (
      <ErrorState
        title={msg.commentsLoadFailed}
        message={
          query.error instanceof ApiError && query.error.isNetworkError ? query.error.message : undefined
        }
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  } else if (comments.length === 0) {
    list = (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
        <span className="flex size-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <MessagesSquare className="size-5" aria-hidden="true" />
        </span>
        <p className="font-semibold text-slate-900">{s.comments.emptyTitle}</p>
        <p className="text-sm text-slate-600">{s.comments.emptyBody}</p>
      </div>
    );
  } else {
    list = (
      <>
        <div role="list" aria-label={s.comments.listLabel} className="divide-y divide-slate-100">
          {comments.map((comment) => (
            <div role="listitem" key={comment.id}>
              <CommentThread comment={comment} onDeleted={confirm} />
            </div>
          ))}
        </div>
        {query.isFetchNextPageError ? (
          <p role="alert" className="mt-2 text-center text-sm text-red-700">
            {msg.commentsLoadFailed}
          </p>
        ) : null}
        {query.hasNextPage ? (
          <div className="mt-2 flex justify-center">
            <Button
              variant="outline"
              size="sm"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
            >
              {s.comments.loadMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="mt-4 space-y-4">
      {signedIn ? (
        <Suspense fallback={<CommentFormPlaceholder />}>
          <CommentForm postId={postId} status={status} onConfirm={confirm} />
        </Suspense>
      ) : (
        <LoginPrompt />
      )}
      {list}
    </div>
  );
}
