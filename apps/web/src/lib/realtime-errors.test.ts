import { describe, expect, it, vi } from 'vitest';
import { notificationStrings } from '@/i18n/notifications.ar';
import { connectFailure, disconnectFailure, transportFailure } from './realtime-errors';

describe('real-time hub failures (spec section 8)', () => {
  it('a connection attempt that outlasts the timeout is the timeout', () => {
    // What Socket.IO's manager emits as connect_error when `timeout` elapses.
    expect(connectFailure(new Error('timeout'))).toBe('timeout');
  });

  it('a transport that cannot open, or a handshake the server refuses, is the negotiation failure', () => {
    const transport = Object.assign(new Error('websocket error'), { type: 'TransportError' });
    expect(connectFailure(transport)).toBe('negotiation');
    const refused = Object.assign(new Error('Unauthorized'), { data: { code: 'UNAUTHORIZED' } });
    expect(connectFailure(refused)).toBe('negotiation');
  });

  it('a missed ping is the server timeout; a closed or broken transport is an abort', () => {
    expect(disconnectFailure('ping timeout')).toBe('serverTimeout');
    expect(disconnectFailure('transport close')).toBe('aborted');
    expect(disconnectFailure('transport error')).toBe('aborted');
    expect(disconnectFailure('parse error')).toBe('aborted');
  });

  it('the server dropping an expired token and the app closing the socket are not shown', () => {
    expect(disconnectFailure('io server disconnect')).toBeNull();
    expect(disconnectFailure('io client disconnect')).toBeNull();
  });

  it('a browser without WebSocket has an unsupported transport', () => {
    expect(transportFailure({})).toBe('unsupportedTransport');
    expect(transportFailure({ WebSocket: vi.fn() })).toBeNull();
  });

  it('every failure has its Arabic message, the server timeout included', () => {
    const failures = [
      connectFailure(new Error('timeout')),
      connectFailure(new Error('x')),
      disconnectFailure('ping timeout'),
      disconnectFailure('transport close'),
      transportFailure({}),
    ];
    const messages = failures.map((failure) =>
      failure ? notificationStrings.connectionErrors[failure] : '',
    );
    expect(new Set(messages).size).toBe(5);
    expect(notificationStrings.connectionErrors.serverTimeout).toBe(
      'انتهت مهلة الخادم دون أن تصل منه أي رسالة',
    );
    for (const message of messages) expect(message).toMatch(/[\u0600-\u06FF]/);
  });
});
