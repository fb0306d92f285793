import { SHARE_TEXT_LONG, SHARE_TEXT_SHORT, SHARE_TITLE_MAX } from '@ray/shared/constants';
import { excerpt } from './truncate';

export interface SharePayload {
  url: string;
  title: string;
  text: string;
}

export function postPath(id: number): string {
  return `/posts/${id}`;
}

/** What the share sheet hands to the clipboard or the system share: the link, a 50- and a 100-character excerpt. */
export function sharePayload(post: { id: number; content: string }, origin: string): SharePayload {
  return {
    url: `${origin.replace(/\/+$/, '')}${postPath(post.id)}`,
    title: excerpt(post.content, SHARE_TITLE_MAX),
    text: excerpt(post.content, SHARE_TEXT_SHORT),
  };
}

export type ShareTarget = 'whatsapp' | 'telegram' | 'x' | 'linkedin' | 'facebook' | 'email';

export const SHARE_TARGETS: ShareTarget[] = ['whatsapp', 'telegram', 'x', 'linkedin', 'facebook', 'email'];

/**
 * The address that opens a post in another app's share screen. Messaging apps get the 100-character excerpt,
 * X and LinkedIn the 200-character one (spec section 9); every value is URL-encoded.
 */
export function shareTargetUrl(
  target: ShareTarget,
  post: { id: number; content: string },
  origin: string,
): string {
  const { url, title, text } = sharePayload(post, origin);
  const long = excerpt(post.content, SHARE_TEXT_LONG);
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (target) {
    case 'whatsapp':
      return `https://wa.me/?${query({ text: `${text}\n${url}` })}`;
    case 'telegram':
      return `https://t.me/share/url?${query({ url, text })}`;
    case 'x':
      return `https://x.com/intent/post?${query({ text: long, url })}`;
    case 'linkedin':
      return `https://www.linkedin.com/shareArticle?${query({ mini: 'true', url, title, summary: long })}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}`;
    case 'email':
      // mailto wants %20 for spaces, not the + of form encoding.
      return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`;
  }
}
