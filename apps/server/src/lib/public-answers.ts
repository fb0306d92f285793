import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { InstanceChannel, type RedisErrorSink } from './redis';

/**
 * How long an answer for visitors is reused by an instance. Votes and comments move counts without evicting
 * anything, so a visitor sees a count at most this old; a new, edited, deleted or hidden post evicts at once.
 */
export const PUBLIC_ANSWER_TTL_MS = 3_000;
/** What browsers and shared caches (a CDN) are told: revalidate at once, and a CDN keeps a copy this long. */
export const SHARED_MAX_AGE_SECONDS = 3;
/** A CDN may answer with its expired copy this much longer while it fetches a fresh one. */
export const STALE_WHILE_REVALIDATE_SECONDS = 5;
/** At most this many bytes of answers are held per instance; the least read go first. */
const MAX_BYTES = 32 * 1024 * 1024;
/** What one post's public part is counted as against MAX_BYTES: a long post with its author, tags and counts. */
const POST_PART_BYTES = 4 * 1024;

/**
 * An answer as it goes out, serialized once and sent to every visitor who asks within its life; its value is kept
 * too, for signed-in readers who get it with their own state added (modules/posts/shared-answers.ts).
 */
export interface PublicAnswer<T = unknown> {
  /** The body read back: what visitors were sent, field for field, and nothing the route's schema left out. */
  value: T;
  body: string;
  etag: string;
  contents: AnswerContents;
}

/** One post as every reader sees it, held apart for lists that are one reader's own (the following feed). */
interface PostPart {
  value: unknown;
  contents: AnswerContents;
}

/** What an answer shows, so that the writes that change it find it: the posts in it, and whether it lists posts. */
export interface AnswerContents {
  posts: readonly number[];
  /** A list of posts (a feed, a tag, a profile, trends), which a new post can change. */
  list: boolean;
}

/**
 * What a write makes out of date: some posts (edited, deleted, hidden: every answer showing them goes), the lists
 * (a post appeared or changed its tags), or everything (an account and all its posts went).
 */
export type Eviction =
  | { all: true }
  | {
      all?: false;
      posts: readonly number[];
      lists: boolean;
      /** Only counts moved (a vote, a comment): what pages show of the post otherwise stands. */
      counts?: boolean;
    };

/** A strong entity tag of a body: the same body always gets the same tag, on every instance. */
export function entityTag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match header names this tag (or `*`). */
export function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * The answers that are the same for every visitor (the public feed, a post, a tag's posts, trends), computed once
 * and shared by all visitors for PUBLIC_ANSWER_TTL_MS. Signed-in readers get them only with their own vote,
 * bookmark and authorship added (modules/posts/shared-answers.ts), never as they are.
 *
 * Each instance keeps its answers in memory, where reading one costs no round trip. Writes evict what they make
 * out of date on this instance at once and, with Redis, on every other instance through a pub/sub channel; were
 * that message lost, no answer outlives its few seconds anyway. An answer loaded while an eviction happened is
 * handed to the requests that waited for it but never kept, so an edit that makes a post anonymous cannot be
 * overtaken by a read that started before it.
 */
export class PublicAnswers {
  private readonly answers: LRUCache<string, PublicAnswer | PostPart>;
  /** The keys of the answers that show each post, and of those that list posts. */
  private readonly byPost = new Map<number, Set<string>>();
  private readonly lists = new Set<string>();
  private readonly loads = new Map<string, Promise<PublicAnswer>>();
  /** Counts evictions: a load that sees it change was read before one and is not kept. */
  private generation = 0;
  private readonly listeners: ((eviction: Eviction) => void)[] = [];
  private channel: InstanceChannel | undefined;

  constructor(options: { ttlMs?: number; maxBytes?: number } = {}) {
    this.answers = new LRUCache<string, PublicAnswer | PostPart>({
      ttl: options.ttlMs ?? PUBLIC_ANSWER_TTL_MS,
      ttlResolution: 0,
      maxSize: options.maxBytes ?? MAX_BYTES,
      // The body's characters, and about as much again for the value it was serialized from.
      sizeCalculation: (entry) => ('body' in entry ? entry.body.length * 4 + 256 : POST_PART_BYTES),
      dispose: (entry, key) => {
        this.unregister(key, entry.contents);
      },
    });
  }

  /** The answer under `key`, loaded by `load` when it is not held; concurrent misses share one load. */
  answer<T>(
    key: string,
    load: () => Promise<{ body: string; contents: AnswerContents }>,
  ): Promise<PublicAnswer<T>> {
    const held = this.answers.get(key) as PublicAnswer<T> | undefined;
    if (held) return Promise.resolve(held);
    const loading = this.loads.get(key) as Promise<PublicAnswer<T>> | undefined;
    if (loading) return loading;
    const startedAt = this.generation;
    const promise = load()
      .then(({ body, contents }) => {
        const entry: PublicAnswer<T> = {
          value: JSON.parse(body) as T,
          body,
          etag: entityTag(body),
          contents,
        };
        if (this.generation === startedAt) {
          this.answers.set(key, entry);
          this.register(key, contents);
        }
        return entry;
      })
      .finally(() => {
        this.loads.delete(key);
      });
    this.loads.set(key, promise);
    return promise;
  }

  /**
   * The public parts of some posts (each as a visitor reads it), for a list whose choice of posts is one reader's
   * own but whose posts are everyone's. Each part is held under its own key and evicted with its post; the parts
   * not held are read together by `load`, which leaves out the posts it no longer finds. As with answers, parts read
   * while an eviction happened are used once and not kept.
   */
  async postParts<T>(
    ids: readonly number[],
    load: (missing: number[]) => Promise<Map<number, T>>,
  ): Promise<Map<number, T>> {
    const parts = new Map<number, T>();
    const missing: number[] = [];
    for (const id of ids) {
      const held = this.answers.get(partKey(id));
      if (held) parts.set(id, held.value as T);
      else missing.push(id);
    }
    if (missing.length === 0) return parts;
    const startedAt = this.generation;
    const loaded = await load(missing);
    const keep = this.generation === startedAt;
    for (const [id, value] of loaded) {
      parts.set(id, value);
      if (keep) {
        const contents = { posts: [id], list: false };
        this.answers.set(partKey(id), { value, contents });
        this.register(partKey(id), contents);
      }
    }
    return parts;
  }

  /** Forgets what a write made out of date, here and on the other instances. */
  evict(eviction: Eviction): void {
    this.forget(eviction);
    this.channel?.publish({ eviction });
  }

  /** Called on every eviction, local or from another instance (the server-rendered pages follow it). */
  onEvict(listener: (eviction: Eviction) => void): void {
    this.listeners.push(listener);
  }

  /** Answers held now (for tests and metrics). */
  get size(): number {
    return this.answers.size;
  }

  /** Shares evictions with the other instances through a Redis pub/sub channel. */
  shareThrough(url: string, channel: string, options: { errors: RedisErrorSink; logger: FastifyBaseLogger }) {
    this.channel = new InstanceChannel(url, channel, {
      errors: options.errors,
      // Evictions missed while disconnected are unknown: everything held is dropped on (re)connection.
      onReady: () => {
        this.forget({ all: true });
      },
      onMessage: ({ eviction }) => {
        this.forget(readEviction(eviction));
      },
      onUnreadable: (error) => {
        options.logger.warn({ err: error }, 'unreadable cache eviction message');
        this.forget({ all: true });
      },
    });
  }

  async close(): Promise<void> {
    await this.channel?.close();
  }

  private forget(eviction: Eviction) {
    this.generation += 1;
    if (eviction.all) {
      this.answers.clear();
    } else {
      const keys = new Set<string>();
      for (const id of eviction.posts) for (const key of this.byPost.get(id) ?? []) keys.add(key);
      if (eviction.lists) for (const key of this.lists) keys.add(key);
      for (const key of keys) this.answers.delete(key);
    }
    for (const listener of this.listeners) listener(eviction);
  }

  private register(key: string, contents: AnswerContents) {
    if (contents.list) this.lists.add(key);
    for (const id of contents.posts) {
      let keys = this.byPost.get(id);
      if (!keys) {
        keys = new Set();
        this.byPost.set(id, keys);
      }
      keys.add(key);
    }
  }

  private unregister(key: string, contents: AnswerContents) {
    if (contents.list) this.lists.delete(key);
    for (const id of contents.posts) {
      const keys = this.byPost.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byPost.delete(id);
    }
  }
}

const partKey = (postId: number) => `post part ${postId}`;

/** An eviction as another instance sent it; anything unexpected evicts everything. */
function readEviction(value: unknown): Eviction {
  if (typeof value !== 'object' || value === null) return { all: true };
  const { all, posts, lists } = value as { all?: unknown; posts?: unknown; lists?: unknown };
  if (all === true || !Array.isArray(posts)) return { all: true };
  return {
    posts: posts.filter((id): id is number => Number.isSafeInteger(id)),
    lists: lists !== false,
    counts: (value as { counts?: unknown }).counts === true,
  };
}
