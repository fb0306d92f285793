import { splitHashtags } from '@ray/shared/hashtags';
import { splitMentions, type MentionTarget } from '@ray/shared/mentions';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { truncatePostText } from '../utils/truncate';

export function hashtagPath(name: string): string {
  return `/wasm/${encodeURIComponent(name)}`;
}

/**
 * `@username` of someone who exists, linked to their profile. The name is Latin inside Arabic text: isolated and
 * laid out left to right, the `@` stays in front of it.
 */
function MentionLinks({ text, mentions }: { text: string; mentions: readonly MentionTarget[] | undefined }) {
  return (
    <>
      {splitMentions(text, mentions).map((segment, index) =>
        segment.type === 'mention' ? (
          <Link
            key={index}
            to={`/profile/${encodeURIComponent(segment.userId)}`}
            data-mention={segment.username}
            className="font-medium text-brand-700 hover:underline hover:underline-offset-4 focus-visible:rounded-sm"
          >
            <bdi dir="ltr">{segment.value}</bdi>
          </Link>
        ) : (
          <Fragment key={index}>{segment.value}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * Text with every hashtag turned into a link to its page and every mention of someone who exists (`mentions`)
 * into a link to their profile; other `@names` stay plain text.
 */
export function HashtagText({
  text,
  mentions,
}: {
  text: string;
  mentions?: readonly MentionTarget[] | undefined;
}) {
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
          <MentionLinks key={index} text={segment.value} mentions={mentions} />
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
  mentions,
  truncateAt,
  moreHref,
  size = 'md',
  className,
}: {
  content: string;
  /** The people the text mentions who exist (`post.mentions`), linked to their profiles. */
  mentions?: readonly MentionTarget[] | undefined;
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
        <HashtagText text={text} mentions={mentions} />
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
