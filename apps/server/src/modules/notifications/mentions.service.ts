import { extractMentions, MENTIONS_NOTIFIED_MAX, type MentionTarget } from '@ray/shared/mentions';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './mentions.repository';
import type { CreatedNotification } from './notifications.repository';
import { excerpt, notifyAbout } from './notifications.service';

/** The people each text mentions who exist, in the order each text names them: one query for a whole page. */
export async function mentionsOfTexts(db: Executor, texts: readonly string[]): Promise<MentionTarget[][]> {
  const perText = texts.map(extractMentions);
  const found = await repo.usersByKeys(db, [...new Set(perText.flat())]);
  const byKey = new Map(found.map((user) => [user.key, { username: user.username, userId: user.userId }]));
  return perText.map((keys) => keys.flatMap((key) => byKey.get(key) ?? []));
}

/**
 * Refuses (403) a signed text that mentions someone who blocked its writer, as a follow, comment or vote across
 * the block is refused; call it in the write's transaction before anything is written. Anonymous text stays
 * outside blocks, as everywhere: its mentions go out from «مجهول». Whoever made the block may still name the
 * person they blocked, who sees none of their signed content and is not told (notifyMentions).
 */
export async function refuseMentionOfBlockers(
  db: Executor,
  text: { content: string; authorId: string; isAnonymous: boolean },
): Promise<void> {
  if (text.isAnonymous) return;
  const blocker = await repo.blockerAmongKeys(db, text.authorId, extractMentions(text.content));
  if (blocker !== undefined) throw new AppError('FORBIDDEN', { message: serverMsg.blockedMention(blocker) });
}

export interface MentionEvent {
  /** What is mentioned in: a post or a comment (a reply is a comment), for "once per person per content". */
  content: { kind: 'post' | 'comment'; id: number };
  postId: number;
  text: string;
  authorId: string;
  isAnonymous: boolean;
  /** People the same write already told about (the answered comment's author), who are not told twice. */
  alreadyNotified?: readonly string[];
}

/**
 * Tells the people a post, comment or reply mentions ('mention'): each at most once per content (an edit tells
 * only the newly mentioned), never the writer, and only among the first MENTIONS_NOTIFIED_MAX people it names. Signed content
 * tells no one across a block in either direction. Anonymous content stays outside blocks and is sent as from
 * «مجهول» (no actor stored), so nothing the writer can observe depends on who blocked whom. Call inside the
 * write's transaction; deliver the returned rows after the commit.
 */
export async function notifyMentions(db: Executor, event: MentionEvent): Promise<CreatedNotification[]> {
  const keys = extractMentions(event.text);
  if (keys.length === 0) return [];
  const [mentioned] = await mentionsOfTexts(db, [event.text]);
  const skip = new Set([event.authorId, ...(event.alreadyNotified ?? [])]);
  // The first people the text names, whoever they are: mentioning more never reaches more.
  let people = (mentioned ?? []).slice(0, MENTIONS_NOTIFIED_MAX).filter((person) => !skip.has(person.userId));
  if (people.length === 0) return [];
  if (!event.isAnonymous) {
    const blocked = await repo.blockedBetween(
      db,
      event.authorId,
      people.map((person) => person.userId),
    );
    people = people.filter((person) => !blocked.has(person.userId));
  }
  const target = `mention:${event.content.kind}:${event.content.id}`;
  const created: CreatedNotification[] = [];
  for (const person of people) {
    if (!(await repo.markMentioned(db, person.userId, target))) continue;
    // Someone who turned mentions off in the app stays marked: an edit of this content does not tell them later.
    const row = await notifyAbout(db, {
      recipientId: person.userId,
      kind: 'mention',
      actorId: event.isAnonymous ? null : event.authorId,
      content: excerpt(event.text),
      postId: event.postId,
    });
    if (row) created.push(row);
  }
  return created;
}
