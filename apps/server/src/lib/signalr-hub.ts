import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { AccessClaims, AccessTokens } from './tokens';

/**
 * The notification hub as ASP.NET Core SignalR serves it (specification section 7), for clients written with
 * `@microsoft/signalr`: the JSON hub protocol over the WebSockets transport only, with keep-alive, server timeout
 * and stateful reconnect. The wire format follows the published specifications of the aspnetcore repository:
 * src/SignalR/docs/specs/TransportProtocols.md (negotiate, connection token, `id` and `access_token` parameters)
 * and src/SignalR/docs/specs/HubProtocol.md (records, handshake, message types).
 */

/** Where the hub listens on the API host (specification section 7); the web app's page of the same path is a GET. */
export const SIGNALR_HUB_PATH = '/notifications';

/** HubProtocol.md, "JSON Encoding": every record ends with the ASCII record separator. */
const RECORD_SEPARATOR = '\u001e';

/** HubProtocol.md, "Message Types". */
const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/**
 * HubProtocol.md, "Ack" and "Sequence": only these messages carry a sequence number and wait in the buffer
 * until acknowledged; pings, acks, sequences and closes are never replayed.
 */
const SEQUENCED: ReadonlySet<number> = new Set([
  MessageType.Invocation,
  MessageType.StreamItem,
  MessageType.Completion,
  MessageType.StreamInvocation,
  MessageType.CancelInvocation,
]);

/** The hub's clocks and limits (specification section 10); the tests shorten them. */
export interface HubTimings {
  /** A Ping is sent this often, so the client's own server timeout never fires on an idle connection. */
  keepAliveMs: number;
  /** A connection the server has heard nothing from for this long is closed. */
  serverTimeoutMs: number;
  /** How long a connection token from negotiate may wait for its WebSocket. */
  connectionTokenTtlMs: number;
  /** Bytes of unacknowledged messages kept for a stateful reconnect. */
  statefulReconnectBufferBytes: number;
  /** How long a dropped stateful connection waits for its client to come back. */
  reconnectWindowMs: number;
  /** Acknowledgements of the client's messages are sent at most this often. */
  ackDelayMs: number;
}

export const DEFAULT_HUB_TIMINGS: HubTimings = {
  keepAliveMs: 15_000,
  serverTimeoutMs: 30_000,
  connectionTokenTtlMs: 60_000,
  statefulReconnectBufferBytes: 100_000,
  reconnectWindowMs: 30_000,
  ackDelayMs: 1_000,
};

/** A WebSocket message larger than this is refused: the hub expects nothing but small protocol records. */
const MAX_MESSAGE_BYTES = 32 * 1024;
/** Connection tokens used or refused are remembered this long at most (their own lifetime). */
const USED_TOKENS_MAX = 100_000;

/** What the hub asks of the sign-in sessions (the same as the Socket.IO hub asks). */
export interface HubSessions {
  isActive(sessionId: string): Promise<boolean>;
  onRevoked(listener: (sessionIds: string[]) => void): void;
}

export interface NegotiateAnswer {
  negotiateVersion: 1;
  connectionId: string;
  connectionToken: string;
  availableTransports: { transport: 'WebSockets'; transferFormats: ['Text'] }[];
  useStatefulReconnect?: true;
}

interface TokenPayload {
  connectionId: string;
  expiresAt: number;
  stateful: boolean;
}

interface Buffered {
  sequenceId: number;
  record: string;
}

type HubMessage = { type: number } & Record<string, unknown>;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** One SignalR connection: it outlives its WebSocket when stateful reconnect was negotiated. */
class Connection {
  socket: WebSocket | undefined;
  handshaken = false;
  /** Sequence id of the last sequenced message sent to the client, and those not yet acknowledged. */
  private sentSequence = 0;
  private buffer: Buffered[] = [];
  private bufferedBytes = 0;
  /**
   * Sequence ids of the client's messages: the last one received (counted again from the client's Sequence
   * message after a reconnect) and the last one acted on, so a message sent again is not acted on twice.
   */
  private receivedSequence = 0;
  private processedSequence = 0;
  private pending = '';
  private keepAlive: NodeJS.Timeout | undefined;
  private timeout: NodeJS.Timeout | undefined;
  private expiry: NodeJS.Timeout | undefined;
  private ackTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  ended = false;

  constructor(
    readonly id: string,
    readonly userId: string,
    readonly sessionId: string,
    readonly stateful: boolean,
    private readonly timings: HubTimings,
    private readonly onEnd: (connection: Connection) => void,
  ) {}

  /** Takes a new WebSocket: the first one, or the one a stateful client reconnected with. */
  attach(socket: WebSocket, claims: AccessClaims) {
    const reconnecting = this.handshaken;
    clearTimeout(this.reconnectTimer);
    this.stopSocketTimers();
    // A client may come back before the server noticed its old socket die: the old one is let go silently.
    this.socket?.terminate();
    this.socket = socket;
    this.pending = '';
    this.expireAt(claims.exp);
    socket.on('message', (data, isBinary) => {
      this.heard();
      if (isBinary) {
        this.close('Binary messages are not supported by the JSON hub protocol.', false);
        return;
      }
      this.receive(rawText(data));
    });
    socket.on('close', () => {
      if (this.socket === socket) this.detached();
    });
    socket.on('error', () => {
      socket.terminate();
    });
    this.timeout = setTimeout(() => {
      this.close('Server timeout elapsed without receiving a message from the client.', false);
    }, this.timings.serverTimeoutMs);
    this.keepAlive = setInterval(() => {
      this.write({ type: MessageType.Ping });
    }, this.timings.keepAliveMs);
    if (reconnecting) {
      // HubProtocol.md, "Sequence": after a reconnect the server first says which sequence id comes next, then
      // sends again, in order, every message the client has not acknowledged.
      const next = this.buffer[0]?.sequenceId ?? this.sentSequence + 1;
      this.write({ type: MessageType.Sequence, sequenceId: next });
      for (const item of this.buffer) this.raw(item.record);
    }
  }

  /** Sends a hub method invocation (HubProtocol.md, "Invocation"), without an id: no result is expected. */
  invoke(target: string, args: unknown[]) {
    this.write({ type: MessageType.Invocation, target, arguments: args });
  }

  /** Sends a Close message (HubProtocol.md, "Close") and ends the connection, with no reconnect to replay into. */
  close(error: string | undefined, allowReconnect: boolean) {
    if (this.ended) return;
    const message: HubMessage = { type: MessageType.Close };
    if (error) message.error = error;
    if (allowReconnect) message.allowReconnect = true;
    if (this.handshaken) this.write(message);
    this.socket?.close(1000);
    this.end();
  }

  /** Drops the socket without a word (a server shutting down, whose client will go elsewhere). */
  end() {
    if (this.ended) return;
    this.ended = true;
    this.stopSocketTimers();
    clearTimeout(this.expiry);
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      socket.close(1000);
      setTimeout(() => {
        socket.terminate();
      }, 1_000).unref();
    }
    this.buffer = [];
    this.onEnd(this);
  }

  private expireAt(exp: number | undefined) {
    clearTimeout(this.expiry);
    if (exp === undefined) return;
    // A client with automatic reconnect comes back with a fresh access token.
    this.expiry = setTimeout(
      () => {
        this.close('Unauthorized: the access token expired.', true);
      },
      Math.max(0, exp * 1000 - Date.now()),
    );
    this.expiry.unref();
  }

  private heard() {
    this.timeout?.refresh();
  }

  private stopSocketTimers() {
    clearTimeout(this.timeout);
    clearInterval(this.keepAlive);
    clearTimeout(this.ackTimer);
    this.ackTimer = undefined;
  }

  /** The WebSocket went away without a Close message: a stateful connection waits for its client. */
  private detached() {
    this.socket = undefined;
    this.stopSocketTimers();
    if (this.ended) return;
    if (!this.stateful || !this.handshaken) {
      this.end();
      return;
    }
    this.reconnectTimer = setTimeout(() => {
      this.end();
    }, this.timings.reconnectWindowMs);
  }

  private receive(text: string) {
    // HubProtocol.md, "JSON Encoding": a message may carry several records, and a record may be cut by the
    // transport; what follows the last separator waits for the next message.
    const records = (this.pending + text).split(RECORD_SEPARATOR);
    this.pending = records.pop() ?? '';
    if (this.pending.length > MAX_MESSAGE_BYTES) {
      this.close('Message too large.', false);
      return;
    }
    for (const record of records) {
      if (this.ended || !this.socket) return;
      let message: unknown;
      try {
        message = JSON.parse(record);
      } catch {
        this.close('Message is not valid JSON.', false);
        return;
      }
      if (!message || typeof message !== 'object' || Array.isArray(message)) {
        this.close('Message is not a JSON object.', false);
        return;
      }
      if (this.handshaken) this.dispatch(message as Record<string, unknown>);
      else this.handshake(message as Record<string, unknown>);
    }
  }

  /**
   * HubProtocol.md, "Overview": the first record is the handshake request, answered by `{}` or an error. The
   * client sends version 2 when stateful reconnect was negotiated, 1 otherwise.
   */
  private handshake(request: Record<string, unknown>) {
    if (request.protocol !== 'json') {
      this.raw(JSON.stringify({ error: `The protocol '${String(request.protocol)}' is not supported.` }));
      this.socket?.close(1000);
      this.end();
      return;
    }
    // Version 2 adds Ack and Sequence (stateful reconnect); clients that did not negotiate it send version 1.
    if (request.version !== 1 && request.version !== 2) {
      this.raw(
        JSON.stringify({
          error: `The server does not support version ${String(request.version)} of the 'json' protocol.`,
        }),
      );
      this.socket?.close(1000);
      this.end();
      return;
    }
    this.handshaken = true;
    this.raw('{}');
  }

  private dispatch(message: Record<string, unknown>) {
    const type = message.type;
    if (typeof type !== 'number') {
      this.close('Message has no type.', false);
      return;
    }
    if (this.stateful && SEQUENCED.has(type)) {
      this.receivedSequence += 1;
      this.scheduleAck();
      // A message the client sends again after a reconnect, which had arrived before the socket dropped.
      if (this.receivedSequence <= this.processedSequence) return;
      this.processedSequence = this.receivedSequence;
    }
    switch (type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation: {
        // This hub offers no methods to call: a caller waiting for a result is told so (HubProtocol.md,
        // "Completion" with an error); a non-blocking invocation is dropped.
        const invocationId = message.invocationId;
        if (typeof invocationId === 'string') {
          const target = typeof message.target === 'string' ? message.target : '';
          this.write({
            type: MessageType.Completion,
            invocationId,
            error: `Unknown hub method '${target}'.`,
          });
        }
        return;
      }
      case MessageType.Ack: {
        // HubProtocol.md, "Ack": everything up to and including `sequenceId` arrived; it leaves the buffer.
        const upTo = typeof message.sequenceId === 'number' ? message.sequenceId : 0;
        while (this.buffer.length > 0 && this.buffer[0]!.sequenceId <= upTo) {
          this.bufferedBytes -= bytes(this.buffer.shift()!.record);
        }
        return;
      }
      case MessageType.Sequence: {
        // HubProtocol.md, "Sequence": the client's messages resume at `sequenceId`; ones already received are
        // counted again, so the count after it stays that of the client.
        const next = typeof message.sequenceId === 'number' ? message.sequenceId : this.processedSequence + 1;
        if (next > this.processedSequence + 1) {
          this.close('Sequence ID greater than the number of messages received.', false);
          return;
        }
        this.receivedSequence = next - 1;
        return;
      }
      case MessageType.Close:
        this.end();
        return;
      default:
        // Ping keeps the connection alive (heard() above); StreamItem and CancelInvocation concern streams
        // this hub never opens.
        return;
    }
  }

  private scheduleAck() {
    if (this.ackTimer) return;
    this.ackTimer = setTimeout(() => {
      this.ackTimer = undefined;
      this.write({ type: MessageType.Ack, sequenceId: this.processedSequence });
    }, this.timings.ackDelayMs);
  }

  /** Writes one message; with stateful reconnect a sequenced one is also kept until the client acknowledges it. */
  private write(message: HubMessage) {
    const record = JSON.stringify(message) + RECORD_SEPARATOR;
    if (this.stateful && this.handshaken && SEQUENCED.has(message.type)) {
      this.sentSequence += 1;
      this.buffer.push({ sequenceId: this.sentSequence, record });
      this.bufferedBytes += bytes(record);
      if (this.bufferedBytes > this.timings.statefulReconnectBufferBytes) {
        // A client this far behind starts over: closed with leave to reconnect, it fetches its state afresh
        // rather than miss messages a full buffer could no longer keep.
        this.buffer = [];
        this.bufferedBytes = 0;
        this.close('The stateful reconnect buffer is full.', true);
        return;
      }
    }
    this.raw(record);
  }

  private raw(record: string) {
    const text = record.endsWith(RECORD_SEPARATOR) ? record : record + RECORD_SEPARATOR;
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(text);
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** The access token of a request: `Authorization: Bearer`, or the `access_token` parameter browsers must use. */
export function bearerToken(authorization: string | undefined, query: string | null | undefined) {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (match) return match[1];
  return query ?? undefined;
}

/**
 * The hub: negotiates connections, takes their WebSockets (ws in noServer mode, from the HTTP server's upgrade
 * event) and delivers events to the connections of one user on this instance.
 */
export class SignalRHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly connections = new Map<string, Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  /** Connection tokens already opened, until they expire: each opens one connection. */
  private readonly usedTokens = new Map<string, number>();
  private readonly key: Buffer;
  private readonly timings: HubTimings;
  private closing = false;

  constructor(
    private readonly deps: {
      tokens: AccessTokens;
      sessions: HubSessions;
      /** The server's signing secret: a connection token issued by one instance opens on any other. */
      secret: string;
      logger: FastifyBaseLogger;
      timings?: Partial<HubTimings>;
    },
  ) {
    this.timings = { ...DEFAULT_HUB_TIMINGS, ...deps.timings };
    this.key = createHmac('sha256', deps.secret).update('ray signalr connection tokens').digest();
    deps.sessions.onRevoked((sessionIds) => {
      const revoked = new Set(sessionIds);
      for (const connection of this.connections.values()) {
        if (revoked.has(connection.sessionId)) connection.close('Unauthorized: the session ended.', false);
      }
    });
  }

  /**
   * TransportProtocols.md, "POST [endpoint-base]/negotiate", version 1: a connection id for the client to see and
   * a connection token to open the WebSocket with, which only this user's session can use, once, within
   * `connectionTokenTtlMs`. Only the WebSockets transport is offered.
   */
  negotiate(claims: AccessClaims, statefulReconnect: boolean): NegotiateAnswer {
    const connectionId = randomBytes(16).toString('base64url');
    const payload: TokenPayload = {
      connectionId,
      expiresAt: Date.now() + this.timings.connectionTokenTtlMs,
      stateful: statefulReconnect,
    };
    const body = `${payload.connectionId}.${payload.expiresAt.toString(36)}.${payload.stateful ? 's' : 'n'}`;
    return {
      negotiateVersion: 1,
      connectionId,
      connectionToken: `${body}.${this.mac(body, claims)}`,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      ...(statefulReconnect ? { useStatefulReconnect: true as const } : {}),
    };
  }

  /** Whether an upgrade request is addressed to this hub (its path, with a connection token). */
  claims(request: IncomingMessage, path: string): boolean {
    const url = new URL(request.url ?? '/', 'http://hub');
    return url.pathname === path && url.searchParams.has('id');
  }

  /**
   * TransportProtocols.md, "WebSockets (Full Duplex)": `GET [endpoint-base]?id=<connection-token>` upgraded to a
   * WebSocket, with the access token again. A token opens a new connection once; a stateful connection whose
   * socket dropped takes the same token again within its window and is replayed what it missed.
   */
  async handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => {
      socket.destroy();
    });
    const url = new URL(request.url ?? '/', 'http://hub');
    const refuse = (status: 401 | 503) => {
      const reason = status === 401 ? 'Unauthorized' : 'Service Unavailable';
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (this.closing) {
      refuse(503);
      return;
    }
    const token = url.searchParams.get('id') ?? '';
    const accessToken = bearerToken(request.headers.authorization, url.searchParams.get('access_token'));
    const claims = accessToken ? await this.verifyAccess(accessToken) : undefined;
    const payload = claims ? this.readToken(token, claims) : undefined;
    if (!claims || !payload || socket.destroyed) {
      refuse(401);
      return;
    }
    const existing = this.connections.get(payload.connectionId);
    let connection: Connection;
    if (existing) {
      // Only a stateful connection takes a socket again; the token's signature already binds it to this user's
      // session.
      if (!existing.stateful || existing.userId !== claims.userId) {
        refuse(401);
        return;
      }
      connection = existing;
    } else {
      this.forgetExpiredTokens();
      if (payload.expiresAt <= Date.now() || this.usedTokens.has(payload.connectionId)) {
        refuse(401);
        return;
      }
      this.usedTokens.set(payload.connectionId, payload.expiresAt);
      connection = new Connection(
        payload.connectionId,
        claims.userId,
        claims.sessionId,
        payload.stateful,
        this.timings,
        (ended) => {
          this.forget(ended);
        },
      );
      this.connections.set(connection.id, connection);
      let mine = this.byUser.get(connection.userId);
      if (!mine) this.byUser.set(connection.userId, (mine = new Set()));
      mine.add(connection);
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      if (connection.ended) {
        ws.close(1000);
        return;
      }
      connection.attach(ws, claims);
    });
  }

  /** Invokes `target` on every connection of the user on this instance (a detached stateful one buffers it). */
  sendToUser(userId: string, target: string, args: unknown[]) {
    for (const connection of this.byUser.get(userId) ?? []) {
      if (connection.handshaken) connection.invoke(target, args);
    }
  }

  /** Whether this instance holds a connection of the user, open or waiting for its client to come back. */
  hasUser(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  /** WebSockets open on this instance. */
  openConnections(): number {
    let open = 0;
    for (const connection of this.connections.values()) if (connection.socket) open += 1;
    return open;
  }

  /** Before the server closes: every client is told it may reconnect (to another instance). */
  closeAll() {
    this.closing = true;
    for (const connection of [...this.connections.values()]) {
      connection.close('The server is shutting down.', true);
    }
    for (const client of this.wss.clients) client.terminate();
  }

  close() {
    this.closeAll();
    this.wss.close();
  }

  private async verifyAccess(accessToken: string): Promise<AccessClaims | undefined> {
    try {
      const claims = await this.deps.tokens.verify(accessToken);
      return (await this.deps.sessions.isActive(claims.sessionId)) ? claims : undefined;
    } catch {
      return undefined;
    }
  }

  private mac(body: string, claims: AccessClaims) {
    return createHmac('sha256', this.key)
      .update(`${body}.${claims.userId}.${claims.sessionId}`)
      .digest('base64url');
  }

  /** The connection token's content, when it was issued by this site to this user's session. */
  private readToken(token: string, claims: AccessClaims): TokenPayload | undefined {
    const parts = token.split('.');
    if (parts.length !== 4) return undefined;
    const [connectionId, expires, flag, mac] = parts as [string, string, string, string];
    const expected = Buffer.from(this.mac(`${connectionId}.${expires}.${flag}`, claims));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const expiresAt = Number.parseInt(expires, 36);
    if (!Number.isSafeInteger(expiresAt) || (flag !== 's' && flag !== 'n')) return undefined;
    return { connectionId, expiresAt, stateful: flag === 's' };
  }

  private forgetExpiredTokens() {
    const now = Date.now();
    for (const [id, expiresAt] of this.usedTokens) {
      if (expiresAt <= now || this.usedTokens.size > USED_TOKENS_MAX) this.usedTokens.delete(id);
      else if (expiresAt > now) break;
    }
  }

  private forget(connection: Connection) {
    this.connections.delete(connection.id);
    const mine = this.byUser.get(connection.userId);
    mine?.delete(connection);
    if (mine?.size === 0) this.byUser.delete(connection.userId);
  }
}
