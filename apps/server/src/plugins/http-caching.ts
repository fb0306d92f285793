import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  entityTag,
  matchesTag,
  SHARED_MAX_AGE_SECONDS,
  STALE_WHILE_REVALIDATE_SECONDS,
  type AnswerContents,
  type PublicAnswer,
  type PublicAnswers,
} from '../lib/public-answers';

/**
 * For visitors: a browser asks again each time (and gets 304 while nothing changed); a shared cache (a CDN) may
 * answer for a few seconds, and a few more while it fetches a fresh copy. That is the longest anything naming
 * an author can outlive a change to it in a shared cache: SHARED_MAX_AGE_SECONDS + STALE_WHILE_REVALIDATE_SECONDS.
 */
export const VISITOR_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
/** For a signed-in reader: theirs alone, and checked again before each use. */
export const MEMBER_CACHE_CONTROL = 'private, no-cache';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A visitor is a request without a session: the same answer is right for every such request. */
export const isVisitor = (request: FastifyRequest) => request.headers.authorization === undefined;

function varyOnAuthorization(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (!/\bauthorization\b/i.test(current))
    void reply.header('vary', current ? `${current}, Authorization` : 'Authorization');
}

/**
 * The caching headers of a public GET: an entity tag, the visitor's or the member's Cache-Control, and
 * `Vary: Authorization`. An If-None-Match that names the tag gets 304 and no body. Used as the `onSend` hook of
 * the routes that answer visitors from PublicAnswers, so members' answers get tags too.
 */
export async function httpCaching(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  varyOnAuthorization(reply);
  if (!reply.hasHeader('cache-control'))
    void reply.header('cache-control', isVisitor(request) ? VISITOR_CACHE_CONTROL : MEMBER_CACHE_CONTROL);
  let etag = reply.getHeader('etag');
  if (typeof etag !== 'string') {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    etag = entityTag(payload);
    void reply.header('etag', etag);
  }
  if (matchesTag(request.headers['if-none-match'], etag)) {
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  }
  return payload;
}

/** How a route answers from the answers visitors share. */
export interface SharedAnswer<T> {
  /** The answer every visitor gets. */
  read: () => Promise<T>;
  /** What the answer shows, for the writes that evict it. */
  contents: (value: T) => AnswerContents;
  /** A signed-in reader's own answer, read for them alone. */
  readOwn: () => Promise<T>;
  /**
   * The visitors' answer made the signed-in reader's own (their vote, their bookmark), or null when theirs differs
   * in more than that (blocks, mutes, posts only they see) and must be read for them. Without it, every signed-in
   * reader gets `readOwn`. What it returns is sent without passing the route's schema again: it may only set fields
   * of `shared.value` (what visitors were sent) that the schema has.
   */
  adapt?: (shared: PublicAnswer<T>) => Promise<T | null>;
}

/**
 * Answers from the answers visitors share, under a key made of the route and its validated query and parameters
 * (so parameters the route does not read never split or fill the cache). A visitor gets the body serialized once
 * for all of them, with its tag (and 304 from `httpCaching` while their copy still has it); a signed-in reader
 * gets the shared answer with their own state when `adapt` allows it.
 */
export async function sendShared<T>(
  answers: PublicAnswers,
  request: FastifyRequest,
  reply: FastifyReply,
  shared: SharedAnswer<T>,
): Promise<void> {
  const visitor = isVisitor(request);
  if (!visitor && !shared.adapt) {
    await reply.send(await shared.readOwn());
    return;
  }
  const key = `${request.routeOptions.url ?? request.url} ${JSON.stringify(request.params)} ${JSON.stringify(request.query)}`;
  const load = () =>
    answers.answer<T>(key, async () => {
      const value = await shared.read();
      return { body: reply.serialize(value) as string, contents: shared.contents(value) };
    });
  if (visitor) {
    const answer = await load();
    await reply.header('etag', answer.etag).type(JSON_TYPE).send(answer.body);
    return;
  }
  // What visitors are refused (a hidden post) may still be the reader's own.
  const answer = await load().catch(() => null);
  const own = answer && (await shared.adapt!(answer));
  if (!own) {
    await reply.send(await shared.readOwn());
    return;
  }
  // Built from what visitors were sent, which the route's schema already shaped, and the reader's own state.
  await reply.type(JSON_TYPE).send(JSON.stringify(own));
}
