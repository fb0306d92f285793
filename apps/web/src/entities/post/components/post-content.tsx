import { splitHashtags } from '@ray/shared/hashtags';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { truncatePostText } from '../utils/truncate';

export function hashtagPath(name: string): string {
  return `/wasm/${encodeURIComponent(name)}`;
}

/** Text with every hashtag turned into a link to its page. */
export function HashtagText({ text }: { text: string }) {
  return (
    <>
      {splitHashtags(text).map((segment, index) =>
        segment.type === 'hashtag' ? (
          <Link
            key={index}
            to={hashtagPath(segment.name)}
            className="font-medium text-brand-700 hover:underline hover:underline-offset-4 focus-visible:rounded-sm"
          >
            <bdi>{segment.value}</bdi>
          </Link>
        ) : (
          <Fragment key={index}>{segment.value}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * A post's text as written, laid out by its own direction (Arabic, English or mixed). With `truncateAt` it is
 * cut for a card and followed by a link to the whole post.
 */
export function PostContent({
  content,
  truncateAt,
  moreHref,
  size = 'md',
  className,
}: {
  content: string;
  truncateAt?: number;
  moreHref?: string;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const { text, truncated } =
    truncateAt === undefined ? { text: content, truncated: false } : truncatePostText(content, truncateAt);
  return (
    <div className={className}>
      <p
        dir="auto"
        className={cn(
          'text-start whitespace-pre-line text-slate-800 wrap-break-word',
          size === 'lg' ? 'text-lg leading-9' : 'text-[0.975rem] leading-8',
        )}
      >
        <HashtagText text={text} />
        {truncated ? '…' : null}
      </p>
      {truncated && moreHref ? (
        <Link
          to={moreHref}
          className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline hover:underline-offset-4"
        >
          {strings.posts.showMore}
        </Link>
      ) : null}
    </div>
  );
}
