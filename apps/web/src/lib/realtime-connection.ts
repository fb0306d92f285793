import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, REALTIME_RECONNECT_DELAYS_MS, REALTIME_TOKEN_MIN } from '@ray/shared/constants';
import { notificationSchema, type Notification, type ServerToClientEvents } from '@ray/shared/realtime';
import { renewAccessToken } from './api-client';
import { readAccessToken } from './credentials';
import { connectFailure, disconnectFailure, transportFailure, type RealtimeFailure } from './realtime-errors';
import { getRuntimeConfig } from './runtime-config';

/** Connection states of spec section 4. */
export type ConnectionState = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting';

export interface ConnectionHandlers {
  onState: (state: ConnectionState) => void;
  onNotification: (notification: Notification) => void;
  onUnreadCount: (count: number) => void;
  /** After every (re)connection, so anything created while away is fetched. */
  onConnected: () => void;
  /** Why the connection failed (spec section 8), or `null` once it is up again. */
  onFailure?: (failure: RealtimeFailure | null) => void;
}

export function canConnect(token: string | null): token is string {
  return typeof token === 'string' && token.length >= REALTIME_TOKEN_MIN;
}

/**
 * The notification hub connection. After a drop it retries after 0, 2, 10 and 30 seconds, then gives up
 * (spec section 4); a refused handshake first renews the access token, which may simply have expired.
 * Events are validated on receipt.
 */
export class NotificationConnection {
  private socket: Socket<ServerToClientEvents> | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private state: ConnectionState = 'Disconnected';

  constructor(private readonly handlers: ConnectionHandlers) {}

  get current(): ConnectionState {
    return this.state;
  }

  start() {
    if (this.socket) return;
    const unsupported = transportFailure(globalThis);
    if (unsupported) {
      // No WebSocket in this browser: stay disconnected; the notification list refreshes on its own.
      this.handlers.onFailure?.(unsupported);
      return;
    }
    this.setState('Connecting');
    const socket: Socket<ServerToClientEvents> = io(getRuntimeConfig().apiBaseUrl || undefined, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      autoConnect: false,
      // Read at every attempt, so a renewed token is the one sent.
      auth: (callback) => {
        callback({ token: readAccessToken() ?? '' });
      },
    });
    socket.on('connect', () => {
      this.attempt = 0;
      this.handlers.onFailure?.(null);
      this.setState('Connected');
      this.handlers.onConnected();
    });
    socket.on('connect_error', (error) => {
      this.handlers.onFailure?.(connectFailure(error));
      void renewAccessToken().finally(() => {
        this.retry();
      });
    });
    socket.on('disconnect', (reason) => {
      if (this.state === 'Disconnecting') return;
      const failure = disconnectFailure(reason);
      if (failure) this.handlers.onFailure?.(failure);
      // The server drops a socket whose token expired: renew it before coming back.
      if (reason === 'io server disconnect')
        void renewAccessToken().finally(() => {
          this.retry();
        });
      else this.retry();
    });
    socket.on('ReceiveNotification', (payload: unknown) => {
      const parsed = notificationSchema.safeParse(payload);
      if (parsed.success) this.handlers.onNotification(parsed.data);
    });
    socket.on('UnreadCountChanged', (payload: unknown) => {
      if (typeof payload === 'number' && Number.isInteger(payload) && payload >= 0)
        this.handlers.onUnreadCount(payload);
    });
    this.socket = socket;
    socket.connect();
  }

  stop() {
    clearTimeout(this.timer);
    if (!this.socket) return;
    this.setState('Disconnecting');
    this.socket.removeAllListeners();
    this.socket.disconnect();
    this.socket = null;
    this.attempt = 0;
    this.setState('Disconnected');
  }

  private retry() {
    if (!this.socket || this.state === 'Disconnecting') return;
    const delay = REALTIME_RECONNECT_DELAYS_MS[this.attempt];
    if (delay === undefined || !canConnect(readAccessToken())) {
      // Out of retries: give up and clear the connection.
      this.socket.removeAllListeners();
      this.socket.disconnect();
      this.socket = null;
      this.attempt = 0;
      this.setState('Disconnected');
      return;
    }
    this.attempt += 1;
    this.setState('Reconnecting');
    this.timer = setTimeout(() => this.socket?.connect(), delay);
  }

  private setState(state: ConnectionState) {
    this.state = state;
    this.handlers.onState(state);
  }
}
