import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import { isNamedAuthor } from '@ray/shared/authors';
import type { Post } from '@ray/shared/schemas/post';
import { EyeOff, MapPin, VenetianMask } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { useNow } from '@/hooks/use-now';
import { postTruthStrings } from '@/i18n/post-truth.ar';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { mapLink } from '../utils/map-link';
import { postPath } from '../utils/share';

const PostHistoryDialog = lazy(() =>
  import('./post-history-dialog').then((m) => ({ default: m.PostHistoryDialog })),
);

export type PostHeaderPost = Pick<
  Post,
  | 'id'
  | 'user'
  | 'isAnonymous'
  | 'isOwner'
  | 'isHidden'
  | 'createdAt'
  | 'updatedAt'
  | 'editedAt'
  | 'locationName'
  | 'latitude'
  | 'longitude'
>;

/** «معدّل» beside the time of a post whose text was changed; it opens the earlier versions. */
function EditedMark({ postId, editedAt }: { postId: number; editedAt: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid="post-edited"
        title={postTruthStrings.history.editedHint(formatDateTime(editedAt))}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
        // Padding makes a finger-sized target without moving the line it sits on.
        className="-my-1 rounded py-1 underline decoration-dotted underline-offset-4 hover:text-slate-900"
        suppressHydrationWarning
      >
        {postTruthStrings.history.edited}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PostHistoryDialog postId={postId} open onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

function Badge({
  children,
  tone = 'brand',
  title,
}: {
  children: ReactNode;
  tone?: 'brand' | 'amber';
  title?: string;
}) {
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[0.7rem] leading-4 font-semibold',
        tone === 'brand'
          ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-100'
          : 'bg-amber-50 text-amber-900 ring-1 ring-amber-200',
      )}
    >
      {children}
    </span>
  );
}

/**
 * Who posted and when: avatar and name linking to the profile, or 'مجهول' with no link for an anonymous post
 * (its author also sees a 'منشورك' badge); the relative time with the full date on hover; the place, if any.
 */
export function PostHeader({
  post,
  nameId,
  linkTime = true,
  menu,
  size = 'md',
}: {
  post: PostHeaderPost;
  /** Id of the author's name, for an `aria-labelledby` on the post. */
  nameId?: string;
  /** The time links to the post (cards); on the post's own page it does not. */
  linkTime?: boolean;
  menu?: ReactNode;
  size?: 'md' | 'lg';
}) {
  const now = useNow();
  // An anonymous post carries the anonymous author (no id, no username): no profile link, a neutral avatar.
  const author = !post.isAnonymous && isNamedAuthor(post.user) ? post.user : null;
  // A place the geocoder could not name when it was posted still shows where it is: on the map.
  const map = post.locationName ? undefined : mapLink(post);
  const time = (
    // Older dates are written by the runtime's date formatter, which may differ by a character between the
    // server that rendered the page and the browser that takes it over.
    <time dateTime={post.createdAt} title={formatDateTime(post.createdAt)} suppressHydrationWarning>
      {formatRelativeTime(post.createdAt, now)}
    </time>
  );

  return (
    <header className="flex items-start gap-3">
      {author ? (
        <Link to={`/profile/${author.userId}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar src={author.avatarUrl} name={author.displayName} />
        </Link>
      ) : (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500 ring-2 ring-surface"
        >
          <VenetianMask className="size-5" />
        </span>
      )}

      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {author ? (
            <Link
              id={nameId}
              to={`/profile/${author.userId}`}
              className={cn(
                'truncate font-bold text-slate-900 hover:text-brand-800 hover:underline hover:underline-offset-4',
                size === 'lg' && 'text-lg',
              )}
            >
              <bdi>{author.displayName}</bdi>
            </Link>
          ) : (
            <span id={nameId} className={cn('font-bold text-slate-700', size === 'lg' && 'text-lg')}>
              {msg.anonymousName}
            </span>
          )}
          {author ? (
            <span className="hidden text-sm text-slate-500 sm:inline" dir="ltr">
              @{author.username}
            </span>
          ) : null}
          {post.isOwner && post.isAnonymous ? <Badge>{strings.posts.yourPost}</Badge> : null}
          {post.isHidden ? (
            <Badge tone="amber" title={strings.posts.hiddenHint}>
              <EyeOff className="size-3" aria-hidden="true" />
              {strings.posts.hidden}
            </Badge>
          ) : null}
        </div>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-slate-600">
          {linkTime ? (
            <Link
              to={postPath(post.id)}
              // Padding makes the link a finger-sized target without moving the line it sits on.
              className="py-1 hover:text-slate-900 hover:underline hover:underline-offset-4"
            >
              {time}
            </Link>
          ) : (
            time
          )}
          {post.editedAt ? (
            <>
              <span aria-hidden="true">·</span>
              <EditedMark postId={post.id} editedAt={post.editedAt} />
            </>
          ) : null}
          {post.locationName || map ? (
            <>
              <span aria-hidden="true">·</span>
              <span className="inline-flex min-w-0 items-center gap-1">
                <MapPin className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="sr-only">{strings.posts.location}:</span>
                {post.locationName ? (
                  <bdi className="truncate">{post.locationName}</bdi>
                ) : (
                  <a
                    href={map}
                    target="_blank"
                    rel="noopener"
                    className="py-1 hover:text-slate-900 hover:underline hover:underline-offset-4"
                  >
                    {strings.posts.onMap}
                  </a>
                )}
              </span>
            </>
          ) : null}
        </p>
      </div>
      {menu ? <div className="-me-2 -mt-1 shrink-0">{menu}</div> : null}
    </header>
  );
}
