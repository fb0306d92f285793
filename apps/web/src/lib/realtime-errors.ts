import type { Socket } from 'socket.io-client';

/**
 * The real-time hub failures of spec section 8: a connection attempt that timed out, a connection cut off
 * (aborted), a handshake the server refused or a transport that could not open (negotiation failure), a browser
 * without WebSocket (unsupported transport), and a server that stopped answering pings (server timeout).
 */
export type RealtimeFailure =
  'timeout' | 'aborted' | 'negotiation' | 'unsupportedTransport' | 'serverTimeout';

/** `connect_error`: Socket.IO's manager says "timeout" when the attempt outlasts its timeout. */
export function connectFailure(error: Error): RealtimeFailure {
  return error.message === 'timeout' ? 'timeout' : 'negotiation';
}

/**
 * `disconnect`: a missed ping is the server timeout; a closed or failed transport cuts the connection off. The
 * server dropping an expired token and the app closing the socket are not failures to tell anyone about.
 */
export function disconnectFailure(reason: Socket.DisconnectReason): RealtimeFailure | null {
  switch (reason) {
    case 'ping timeout':
      return 'serverTimeout';
    case 'transport close':
    case 'transport error':
    case 'parse error':
      return 'aborted';
    case 'io server disconnect':
    case 'io client disconnect':
      return null;
  }
}

/** The hub speaks WebSocket only; a browser without it cannot connect at all. */
export function transportFailure(scope: { WebSocket?: unknown }): RealtimeFailure | null {
  return typeof scope.WebSocket === 'function' ? null : 'unsupportedTransport';
}
