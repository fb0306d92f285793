import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { ActiveSession, EndedSessions } from '@ray/shared/schemas/session';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { describeUserAgent } from '../../lib/user-agent';
import { listActiveSessions, revokeOwnSession, revokeUserSessions } from './sessions.repository';

/** More than anyone signs in from at once; older sessions beyond it still end with "sign out the others". */
const LISTED_SESSIONS = 50;

function deviceName(browser: string | null, os: string | null): string {
  if (browser && os) return serverMsg.deviceOn(browser, os);
  if (os) return serverMsg.browserOn(os);
  return browser ?? serverMsg.unknownDevice;
}

export async function listSessions(
  ctx: AppContext,
  auth: { userId: string; sessionId: string },
): Promise<{ items: ActiveSession[] }> {
  const rows = await listActiveSessions(ctx.database.db, auth.userId, LISTED_SESSIONS);
  const items = rows.map((row): ActiveSession => {
    const { browser, os } = describeUserAgent(row.userAgent);
    return {
      id: row.id,
      device: deviceName(browser, os),
      browser,
      os,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      current: row.id === auth.sessionId,
    };
  });
  // The device in hand first, whatever the others' times.
  items.sort((a, b) => Number(b.current) - Number(a.current));
  return { items };
}

/**
 * Ends one of the user's sessions. Its refresh token stops working with the write; its access tokens stop on
 * this instance at once and on the others as soon as the revocation reaches them (SessionGuard).
 */
export async function endSession(
  ctx: AppContext,
  auth: { userId: string },
  sessionId: string,
): Promise<EndedSessions> {
  // Another user's session is answered like a missing one, so ids say nothing about other accounts.
  if (!(await revokeOwnSession(ctx.database.db, auth.userId, sessionId))) {
    throw new AppError('NOT_FOUND', { message: msg.sessionNotFound });
  }
  ctx.sessions.revoked([sessionId]);
  return { success: true, message: msg.sessionEnded, ended: 1 };
}

export async function endOtherSessions(
  ctx: AppContext,
  auth: { userId: string; sessionId: string },
): Promise<EndedSessions> {
  const ended = await revokeUserSessions(ctx.database.db, auth.userId, auth.sessionId);
  ctx.sessions.revoked(ended);
  return { success: true, message: msg.otherSessionsEnded, ended: ended.length };
}
