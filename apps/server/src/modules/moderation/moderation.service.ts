import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { AuditDetails } from '@ray/shared/schemas/audit';
import type {
  ModerationActionResult,
  suspendSchema,
  SuspensionResult,
  warnSchema,
} from '@ray/shared/schemas/moderation';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { NotificationDetails } from '../../db/schema';
import type { AccessClaims } from '../../lib/tokens';
import { recordStaffAction } from '../audit/audit.service';
import { insertNotification } from '../notifications/notifications.repository';
import { deliverNotifications, excerpt } from '../notifications/notifications.service';
import * as repo from './moderation.repository';
import { formatSuspensionEnd } from '../../lib/timestamps';

/** Staff act on the author of an anonymous item through the item's handle, or on a known user by id. */
export type AuthorRef = { handle: string } | { userId: string };

interface Target {
  userId: string;
  kind: 'author' | 'user';
  targetId: string;
  /** What the audit log keeps of the target: for a handle, the item it was issued for, never the account. */
  details: AuditDetails | null;
  /** The item the action is about, shown to its author with the notice. */
  item: { postId: number; content: string } | null;
}

function contentNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: serverMsg.contentNotFound });
}

/**
 * The account behind a reference, for the server's use only. A handle that this server did not issue, or whose
 * item is gone, answers 404 like a missing item, whether or not it ever stood for anything.
 */
async function resolve(ctx: AppContext, ref: AuthorRef): Promise<Target> {
  const db = ctx.database.db;
  if ('handle' in ref) {
    const item = ctx.handles.open(ref.handle);
    if (!item) throw contentNotFound();
    const found = await repo.findContentAuthor(db, item.kind, item.id);
    if (!found) throw contentNotFound();
    return {
      userId: found.authorId,
      kind: 'author',
      targetId: ref.handle,
      details: { contentType: item.kind, contentId: item.id },
      item: { postId: found.postId, content: found.content },
    };
  }
  if (!(await repo.userExists(db, ref.userId)))
    throw new AppError('NOT_FOUND', { message: msg.userNotFound });
  return { userId: ref.userId, kind: 'user', targetId: ref.userId, details: null, item: null };
}

/** A notice from the moderation team about the target's item (if any); its text is written when it is read. */
function notice(
  target: Target,
  kind: 'warning' | 'suspended' | 'suspension-lifted',
  details: NotificationDetails | null,
) {
  return {
    recipientId: target.userId,
    kind,
    actorId: null,
    details,
    content: target.item ? excerpt(target.item.content) : null,
    postId: target.item?.postId ?? null,
  };
}

/** Sends the author the moderator's words as a notification from the moderation team, in real time. */
export async function warn(
  ctx: AppContext,
  staff: AccessClaims,
  ref: AuthorRef,
  input: z.output<typeof warnSchema>,
): Promise<ModerationActionResult> {
  const target = await resolve(ctx, ref);
  const row = await ctx.database.db.transaction(async (tx) => {
    const created = await insertNotification(tx, notice(target, 'warning', { message: input.message }));
    await recordStaffAction(tx, staff, {
      action: target.kind === 'author' ? 'author.warn' : 'user.warn',
      targetType: target.kind,
      targetId: target.targetId,
      details: { ...target.details, message: input.message },
    });
    return created;
  });
  if (row) await deliverNotifications(ctx, [row]);
  return { success: true, message: serverMsg.warningSent };
}

/**
 * Stops the author posting, commenting and voting until the chosen moment (a longer suspension already running
 * stays). Through a handle the answer repeats only what was asked, the same whether the author was already
 * suspended through another item or not, so that staff cannot tell that two handles share an author.
 */
export async function suspend(
  ctx: AppContext,
  staff: AccessClaims,
  ref: AuthorRef,
  input: z.output<typeof suspendSchema>,
): Promise<SuspensionResult> {
  const target = await resolve(ctx, ref);
  const until = new Date(input.until);
  const { effective, row } = await ctx.database.db.transaction(async (tx) => {
    const end = await repo.extendSuspension(tx, target.userId, until);
    if (!end) throw target.kind === 'author' ? contentNotFound() : new AppError('NOT_FOUND');
    const created = await insertNotification(tx, notice(target, 'suspended', { until: end.toISOString() }));
    await recordStaffAction(tx, staff, {
      action: target.kind === 'author' ? 'author.suspend' : 'user.suspend',
      targetType: target.kind,
      targetId: target.targetId,
      details: { ...target.details, until: until.toISOString() },
    });
    return { effective: end, row: created };
  });
  if (row) await deliverNotifications(ctx, [row]);
  const shown = target.kind === 'author' ? until : effective;
  return {
    success: true,
    message: serverMsg.suspended(formatSuspensionEnd(shown)),
    suspendedUntil: shown.toISOString(),
  };
}

/** Ends a suspension early (admins). The answer is the same whether one was running or not. */
export async function liftSuspension(
  ctx: AppContext,
  staff: AccessClaims,
  ref: AuthorRef,
): Promise<ModerationActionResult> {
  const target = await resolve(ctx, ref);
  const row = await ctx.database.db.transaction(async (tx) => {
    const lifted = await repo.liftSuspension(tx, target.userId);
    await recordStaffAction(tx, staff, {
      action: target.kind === 'author' ? 'author.unsuspend' : 'user.unsuspend',
      targetType: target.kind,
      targetId: target.targetId,
      details: target.details,
    });
    return lifted ? await insertNotification(tx, notice(target, 'suspension-lifted', null)) : undefined;
  });
  if (row) await deliverNotifications(ctx, [row]);
  return { success: true, message: serverMsg.suspensionLifted };
}
