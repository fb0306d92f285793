import { CARD_TRUNCATE } from '@ray/shared/constants';
import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { InlineStatus } from '@/components/ui/inline-status';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { formatCount, formatNumber } from '@/lib/format';
import { usePostActions } from '../hooks/use-post-actions';
import { imageAltOf } from '../utils/image-alt';
import { postPath } from '../utils/share';
import { usePostCardSlots } from './post-card-slots';
import { PostContent } from './post-content';
import { PostHeader } from './post-header';
import { PostImage } from './post-image';
import { PostMenu } from './post-menu';
import { ShareButton } from './share-button';

export interface PostCardProps {
  post: Post;
  /** The first cards of a page load their image at once; the rest wait until they scroll near. */
  priority?: boolean;
  className?: string;
}

/**
 * A post in a feed (home, profile, hashtag, search, trends, bookmarks, my posts): author or 'مجهول', time and
 * place, text cut at 150 characters with working hashtags, thumbnail, voting, comments link, share and the post
 * menu. Votes and bookmarks made here show everywhere the post is cached. Voting and the report dialog come from
 * their features through `PostCardSlots`.
 */
export function PostCard({ post, priority = false, className }: PostCardProps) {
  const nameId = useId();
  const slots = usePostCardSlots();
  const [dialog, setDialog] = useState<'share' | 'report' | 'block' | 'mute' | null>(null);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const actions = usePostActions(post, () => {
    setDialog('report');
  });
  const href = postPath(post.id);
  const comments = formatCount(post.commentCount, strings.counts.comments);

  return (
    <article
      aria-labelledby={nameId}
      data-testid="post-card"
      data-post-id={post.id}
      className={cn('rounded-2xl bg-surface p-4 shadow-card ring-1 ring-slate-200/80 sm:p-5', className)}
    >
      <PostHeader
        post={post}
        nameId={nameId}
        menu={
          <PostMenu
            post={post}
            onShare={() => {
              setDialog('share');
            }}
            onToggleBookmark={actions.toggleBookmark}
            onReport={actions.report}
            onEdit={actions.edit}
            restrict={
              actions.isAuthenticated && !post.isOwner && !post.isAnonymous && post.user.username
                ? {
                    username: post.user.username,
                    onBlock: () => {
                      setDialog('block');
                    },
                    onMute: () => {
                      setDialog('mute');
                    },
                  }
                : undefined
            }
          />
        }
      />

      <PostContent
        content={post.content}
        mentions={post.mentions}
        truncateAt={CARD_TRUNCATE}
        moreHref={href}
        className="mt-3"
      />

      {post.imageUrl ? (
        <Link to={href} className="mt-3 block overflow-hidden rounded-xl" aria-label={strings.posts.image}>
          <PostImage
            key={post.imageUrl}
            imageUrl={post.imageUrl}
            thumbnailUrl={post.thumbnailUrl}
            alt={imageAltOf(post)}
            priority={priority}
            className="max-h-[400px] transition-transform duration-300 hover:scale-[1.01]"
          />
        </Link>
      ) : null}

      <div className="mt-4">{slots.voting(post)}</div>

      <footer className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-2.5">
        <Link
          to={`${href}#comments`}
          aria-label={strings.posts.commentsLink(comments)}
          className="-ms-2 inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900"
        >
          <MessageCircle className="size-4.5" aria-hidden="true" />
          <span className="tabular-nums sm:hidden">{formatNumber(post.commentCount)}</span>
          <span className="hidden sm:inline">{comments}</span>
        </Link>
        {/* Saving is in the post's menu, which closes on choosing; its confirmation waits here, in the actions row. */}
        <InlineStatus message={actions.bookmarkStatus} />
        <ShareButton
          post={post}
          open={dialog === 'share'}
          onOpenChange={(open) => {
            setDialog(open ? 'share' : null);
          }}
          className="-me-2"
          // In a feed of many posts, the confirmation says whose link it is.
          copiedMessage={msg.linkCopiedPost}
        />
      </footer>

      {dialog === 'report' ? slots.reportDialog(post, close) : null}
      {dialog === 'block' || dialog === 'mute' ? slots.restrictDialog(post, dialog, close) : null}
    </article>
  );
}
