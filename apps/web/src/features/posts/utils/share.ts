import { SHARE_TEXT_SHORT, SHARE_TITLE_MAX } from '@ray/shared/constants';
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
