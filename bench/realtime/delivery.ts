/**
 * Comments written over HTTP and the notifications they cause, matched by content: each comment's clock starts
 * just before its request is sent and stops when its `ReceiveNotification` reaches the post owner's socket.
 */
import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@ray/shared/constants';
import type { Notification, ServerToClientEvents } from '@ray/shared/realtime';
import type { Listener } from './fixtures';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SentComment {
  ownerId: string;
  postId: number;
  content: string;
  /** performance.now() just before the request was sent. */
  sentAt: number;
  answeredAt: number | null;
  /** HTTP status; 0 when the request itself failed. */
  status: number;
  deliveredAt: number | null;
}

export const isCreated = (comment: SentComment) => comment.status >= 200 && comment.status < 300;

export class DeliveryTracker {
  private readonly byContent = new Map<string, SentComment>();
  /** Notifications that matched no comment sent to that socket's user. */
  strays = 0;
  duplicates = 0;

  add(comment: SentComment) {
    this.byContent.set(comment.content, comment);
  }

  received(userId: string, notification: Notification) {
    const now = performance.now();
    const sent = notification.content === null ? undefined : this.byContent.get(notification.content);
    if (!sent || sent.postId !== notification.postId || sent.ownerId !== userId) {
      this.strays += 1;
      return;
    }
    if (sent.deliveredAt !== null) {
      this.duplicates += 1;
      return;
    }
    sent.deliveredAt = now;
  }

  /** Waits until every created comment was delivered, or `timeoutMs` passed. */
  async settle(comments: SentComment[], timeoutMs: number, signal: AbortSignal) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && comments.some((c) => isCreated(c) && c.deliveredAt === null)) {
      signal.throwIfAborted();
      await sleep(50);
    }
  }
}

export interface ConnectedSocket {
  listener: Listener;
  socket: Socket<ServerToClientEvents>;
  disconnects: number;
  reconnects: number;
}

/** One socket per listener, opened `batch` at a time, the way the web app connects (WebSocket only). */
export async function connectListeners(
  url: string,
  listeners: Listener[],
  batch: number,
  tracker: Pick<DeliveryTracker, 'received'>,
  signal: AbortSignal,
): Promise<{ sockets: ConnectedSocket[]; connectErrors: number }> {
  const sockets: ConnectedSocket[] = [];
  let connectErrors = 0;
  for (let start = 0; start < listeners.length; start += batch) {
    if (signal.aborted) {
      disconnectAll(sockets);
      throw new Error('interrupted');
    }
    const opened = await Promise.all(
      listeners.slice(start, start + batch).map(
        (listener) =>
          new Promise<ConnectedSocket>((resolve, reject) => {
            const socket: Socket<ServerToClientEvents> = io(url, {
              path: REALTIME_PATH,
              transports: ['websocket'],
              auth: { token: listener.token },
              forceNew: true,
            });
            const entry: ConnectedSocket = { listener, socket, disconnects: 0, reconnects: 0 };
            const timer = setTimeout(() => {
              socket.disconnect();
              reject(new Error(`socket of ${listener.userId} did not connect within 60 s`));
            }, 60_000);
            socket.once('connect', () => {
              clearTimeout(timer);
              resolve(entry);
            });
            socket.on('connect_error', () => {
              connectErrors += 1;
            });
            socket.on('disconnect', () => {
              entry.disconnects += 1;
            });
            socket.io.on('reconnect', () => {
              entry.reconnects += 1;
            });
            socket.on('ReceiveNotification', (notification) => {
              tracker.received(listener.userId, notification);
            });
          }),
      ),
    );
    sockets.push(...opened);
  }
  return { sockets, connectErrors };
}

export function disconnectAll(sockets: ConnectedSocket[]) {
  for (const { socket } of sockets) socket.disconnect();
}

/** Small deterministic generator (mulberry32), so every run comments on the same owners. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface StreamOptions {
  url: string;
  token: string;
  targets: Listener[];
  /** Comments to send, or the stream's length in ms (whichever ends first). */
  count: number;
  durationMs?: number;
  /** Comments started per second; at most `concurrency` are in flight, later ones wait for a slot. */
  rate: number;
  concurrency: number;
  /** Tags the contents, so phases never match each other's notifications. */
  label: string;
  random: () => number;
  tracker: DeliveryTracker;
  /** Stops the stream (Ctrl-C): no new comment starts and those in flight are abandoned. */
  signal: AbortSignal;
}

async function sendComment(options: StreamOptions, target: Listener, content: string): Promise<SentComment> {
  const comment: SentComment = {
    ownerId: target.userId,
    postId: target.postId,
    content,
    sentAt: 0,
    answeredAt: null,
    status: 0,
    deliveredAt: null,
  };
  options.tracker.add(comment);
  const body = JSON.stringify({ postId: target.postId, content });
  comment.sentAt = performance.now();
  try {
    const response = await fetch(`${options.url}/api/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
      body,
      signal: options.signal,
    });
    await response.arrayBuffer();
    comment.status = response.status;
  } catch {
    comment.status = 0;
  }
  comment.answeredAt = performance.now();
  return comment;
}

/** An open-loop stream of comments on random listeners' posts. */
export async function streamComments(options: StreamOptions): Promise<SentComment[]> {
  const started = performance.now();
  const pending = new Set<Promise<SentComment>>();
  const sent: Promise<SentComment>[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const due = started + (index * 1000) / options.rate;
    if (options.durationMs !== undefined && due - started >= options.durationMs) break;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    while (pending.size >= options.concurrency) await Promise.race(pending);
    if (options.signal.aborted) break;
    const target = options.targets[Math.floor(options.random() * options.targets.length)]!;
    const request = sendComment(options, target, `تعليق القياس ${options.label}-${index}`);
    pending.add(request);
    void request.finally(() => pending.delete(request));
    sent.push(request);
  }
  return Promise.all(sent);
}
