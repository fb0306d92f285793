import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { changeEmailSchema } from '@ray/shared/schemas/auth';
import type { CurrentUser } from '@ray/shared/schemas/user';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { uniqueViolation } from '../../lib/db-errors';
import { verifyPassword } from '../../lib/passwords';
import { hashToken, randomToken } from '../../lib/tokens';
import { toCurrentUser } from '../users/users.mapper';
import { findUserById, updateUser, type UserRow } from '../users/users.repository';
import {
  changeUserEmail,
  consumeVerificationToken,
  markEmailVerified,
  replaceVerificationToken,
} from './email-verification.repository';

const HOUR = 3600;
/** Long enough for a link opened the next evening, short enough that an old mailbox copy is soon worthless. */
const VERIFY_TOKEN_TTL_MS = 48 * HOUR * 1000;
/** Links sent again on request: per account, and per address (an address may be tried by several accounts). */
const RESEND_PER_USER = { max: 3, windowSeconds: HOUR };
const RESEND_PER_EMAIL = { max: 5, windowSeconds: 24 * HOUR };
/** Attempts to change the address, each of which checks the password and may send two mails. */
const CHANGE_EMAIL_PER_USER = { max: 5, windowSeconds: HOUR };

type Recipient = Pick<UserRow, 'id' | 'firstName'> & { email: string };

/** Mails a link that confirms `user.email`; only the newest link of a user works, and only for that address. */
export async function sendVerificationLink(ctx: AppContext, user: Recipient) {
  const token = randomToken();
  await replaceVerificationToken(ctx.database.db, {
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
  });
  const link = `${ctx.env.PUBLIC_URL}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: serverMsg.mail.verify.subject,
    text: serverMsg.mail.verify.body(user.firstName, link),
  });
}

/** Sends the link after the answer has gone: a slow or absent mail server never holds up sign-up. */
export function queueVerificationLink(ctx: AppContext, user: Pick<UserRow, 'id' | 'firstName' | 'email'>) {
  const { email } = user;
  if (!email) return;
  ctx.background.run('verification e-mail', () => sendVerificationLink(ctx, { ...user, email }));
}

function isListedAdmin(ctx: AppContext, user: Pick<UserRow, 'email' | 'emailVerifiedAt' | 'role'>) {
  return (
    user.role !== 'admin' &&
    user.email !== null &&
    user.emailVerifiedAt !== null &&
    ctx.env.ADMIN_EMAILS.includes(user.email)
  );
}

/**
 * ADMIN_EMAILS names addresses, so its role goes only to an account that has shown it holds one: at the moment
 * the address is confirmed, and at any later password sign-in of a confirmed address (an address added to the
 * list afterwards takes effect then).
 */
export async function grantListedRole(ctx: AppContext, user: UserRow): Promise<UserRow> {
  if (!isListedAdmin(ctx, user)) return user;
  return (await updateUser(ctx.database.db, user.id, { role: 'admin' })) ?? user;
}

/** Consumes a mailed link: once, before it expires, and only while the account still has the address it names. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<CurrentUser> {
  const verified = await ctx.database.db.transaction(async (tx) => {
    const link = await consumeVerificationToken(tx, hashToken(token));
    if (!link) return undefined;
    const role = ctx.env.ADMIN_EMAILS.includes(link.email) ? 'admin' : undefined;
    return markEmailVerified(tx, link.userId, link.email, role);
  });
  if (!verified) throw new AppError('VERIFY_LINK_INVALID');
  return toCurrentUser(verified);
}

export async function resendVerification(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const { email } = user;
  if (!email) throw new AppError('BAD_REQUEST', { message: serverMsg.verifyNoEmail });
  if (user.emailVerifiedAt) throw new AppError('BAD_REQUEST', { message: serverMsg.emailAlreadyVerified });
  const wait = await ctx.limiter.take([
    { key: `verify-resend:user:${user.id}`, ...RESEND_PER_USER },
    { key: `verify-resend:email:${email}`, ...RESEND_PER_EMAIL },
  ]);
  if (wait > 0)
    throw new AppError('RATE_LIMITED', { message: serverMsg.verifyTooMany, retryAfterSeconds: wait });
  queueVerificationLink(ctx, user);
}

/**
 * Moves the account to a new address, which starts unconfirmed and gets its own link; the old address is told,
 * so a change its owner did not make does not go unnoticed. The password is asked again: whoever holds the
 * address can reset the password, so changing it is as good as taking the account.
 */
export async function changeEmail(
  ctx: AppContext,
  userId: string,
  payload: z.output<typeof changeEmailSchema>,
): Promise<CurrentUser> {
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!user.passwordHash)
    throw AppError.field('BAD_REQUEST', 'currentPassword', serverMsg.changeEmailNeedsPassword);
  const wait = await ctx.limiter.take([{ key: `change-email:user:${user.id}`, ...CHANGE_EMAIL_PER_USER }]);
  if (wait > 0)
    throw new AppError('RATE_LIMITED', { message: serverMsg.changeEmailTooMany, retryAfterSeconds: wait });
  if (!(await verifyPassword(user.passwordHash, payload.currentPassword)))
    throw AppError.field('CURRENT_PASSWORD_INCORRECT', 'currentPassword', msg.currentPasswordIncorrect);
  if (payload.email === user.email)
    throw AppError.field('VALIDATION_FAILED', 'email', serverMsg.emailUnchanged);

  let changed: UserRow | undefined;
  try {
    changed = await changeUserEmail(ctx.database.db, user.id, payload.email);
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_key')
      throw AppError.field('EMAIL_TAKEN', 'email', serverMsg.emailTaken);
    throw error;
  }
  if (!changed) throw new AppError('UNAUTHORIZED');
  queueVerificationLink(ctx, changed);
  const previous = user.email;
  if (previous)
    ctx.background.run('address change notice', () =>
      ctx.mailer.send({
        to: previous,
        subject: serverMsg.mail.emailChanged.subject,
        text: serverMsg.mail.emailChanged.body(user.firstName),
      }),
    );
  return toCurrentUser(changed);
}
