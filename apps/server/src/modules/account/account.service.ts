import type { z } from 'zod';
import type {
  AuthResponse,
  changePasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '@ray/shared/schemas/auth';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { uniqueViolation } from '../../lib/db-errors';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { limitAddress, type Limit } from '../../lib/rate-limiter';
import { hashToken, randomToken } from '../../lib/tokens';
import { toCurrentUser } from '../users/users.mapper';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type UserRow,
} from '../users/users.repository';
import {
  consumeResetToken,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  replaceResetToken,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
} from './sessions.repository';
import { grantListedRole, queueVerificationLink } from './email-verification.service';

export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
}

/** Who is calling, as sessions record it. */
export function clientOf(request: {
  ip: string;
  headers: { 'user-agent'?: string | undefined };
}): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

const HOUR = 3600;
const LOGIN_WINDOW = 15 * 60;
/** Failed logins allowed for one account from one address, and from one address across accounts. */
const LOGIN_ACCOUNT_MAX = 5;
const LOGIN_ADDRESS_MAX = 30;
/**
 * Registrations tried from one address, as tight as its failed sign-ins: an attempt tells whether an e-mail or
 * a username is taken, so this also bounds how fast one address can find out who has an account.
 */
const REGISTER_ADDRESS_MAX = LOGIN_ADDRESS_MAX;
/** Reset e-mails for one address (e-mail) asked from one client address, and from one client address in all. */
const RESET_EMAILS_PER_HOUR = 5;
const RESET_REQUESTS_PER_ADDRESS = 30;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A refresh token presented again this soon after its rotation is a race between tabs, not theft. */
const REFRESH_REUSE_GRACE_MS = 30_000;

async function issueTokens(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'role'>,
  sessionId: string,
  sessionExpiresAt: Date,
) {
  const refreshToken = randomToken();
  const refreshExpires = new Date(
    Math.min(sessionExpiresAt.getTime(), Date.now() + ctx.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  );
  await insertRefreshToken(ctx.database.db, {
    sessionId,
    tokenHash: hashToken(refreshToken),
    expiresAt: refreshExpires,
  });
  const token = await ctx.tokens.sign({ userId: user.id, sessionId, role: user.role });
  return { token, refreshToken };
}

export async function startSession(
  ctx: AppContext,
  user: UserRow,
  rememberMe: boolean,
  client: ClientInfo,
  message: string,
): Promise<AuthResponse> {
  const lifetimeMs = rememberMe
    ? ctx.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000
    : ctx.env.SESSION_TTL_HOURS * 3_600_000;
  const session = await insertSession(ctx.database.db, {
    userId: user.id,
    rememberMe,
    expiresAt: new Date(Date.now() + lifetimeMs),
    userAgent: client.userAgent?.slice(0, 300),
    ip: client.ip,
  });
  const tokens = await issueTokens(ctx, user, session.id, session.expiresAt);
  return { success: true, ...tokens, userId: user.id, message, user: toCurrentUser(user) };
}

/** Refuses a new password that sits among the most common ones, on the form field that carries it. */
async function assertUncommon(password: string, field: string) {
  if (await isCommonPassword(password))
    throw AppError.field('VALIDATION_FAILED', field, serverMsg.passwordCommon);
}

export async function register(
  ctx: AppContext,
  payload: z.output<typeof registerSchema>,
  client: ClientInfo,
): Promise<AuthResponse> {
  const wait = await ctx.limiter.take([
    {
      key: `register:address:${limitAddress(client.ip)}`,
      max: REGISTER_ADDRESS_MAX,
      windowSeconds: LOGIN_WINDOW,
    },
  ]);
  if (wait > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait });
  await assertUncommon(payload.password, 'password');
  let user: UserRow;
  try {
    user = await insertUser(ctx.database.db, {
      email: payload.email,
      username: payload.username,
      usernameKey: payload.username.toLowerCase(),
      passwordHash: await hashPassword(payload.password),
      firstName: payload.firstName,
      lastName: payload.lastName,
      // Even an address of ADMIN_EMAILS starts as a user: the role waits until the address is confirmed.
      role: 'user',
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_email_key') throw AppError.field('EMAIL_TAKEN', 'email', serverMsg.emailTaken);
    if (constraint === 'users_username_key')
      throw AppError.field('USERNAME_TAKEN', 'username', serverMsg.usernameTaken);
    throw error;
  }
  queueVerificationLink(ctx, user);
  return startSession(ctx, user, true, client, msg.registerSuccess);
}

function loginLimits(email: string, ip: string): [account: Limit, address: Limit] {
  const address = limitAddress(ip);
  return [
    { key: `login:account:${email}:${address}`, max: LOGIN_ACCOUNT_MAX, windowSeconds: LOGIN_WINDOW },
    { key: `login:address:${address}`, max: LOGIN_ADDRESS_MAX, windowSeconds: LOGIN_WINDOW },
  ];
}

/**
 * Every attempt is counted before the password is checked, so a burst of concurrent guesses gets no more checks
 * than the limit allows. A sign-in that succeeds then forgets the account's failures and hands back its attempt:
 * only failures use up the limits.
 */
export async function login(
  ctx: AppContext,
  payload: z.output<typeof loginSchema>,
  client: ClientInfo,
): Promise<AuthResponse> {
  const limits = loginLimits(payload.username, client.ip);
  const wait = await ctx.limiter.take(limits);
  if (wait > 0)
    throw new AppError('RATE_LIMITED', { message: serverMsg.tooManyLoginAttempts, retryAfterSeconds: wait });

  const user = await findUserByEmail(ctx.database.db, payload.username);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, payload.password)
    : await verifyAgainstDummy(payload.password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
  const [account, address] = limits;
  await Promise.all([ctx.limiter.clear(account), ctx.limiter.giveBack(address)]);
  return startSession(ctx, await grantListedRole(ctx, user), payload.rememberMe, client, msg.loginSuccess);
}

/**
 * Exchanges a refresh token for a new access token and the token's successor. The successor is derived from the
 * token (AccessTokens.refreshSuccessor), so a token presented again within the grace window (a second tab, a
 * retried request) gets the very successor the first exchange stored, and the session stays one chain.
 */
export async function refresh(
  ctx: AppContext,
  refreshToken: string,
  client?: ClientInfo,
): Promise<AuthResponse> {
  const db = ctx.database.db;
  const found = await findRefreshToken(db, hashToken(refreshToken));
  const now = Date.now();
  if (
    !found ||
    found.session.revokedAt ||
    found.session.expiresAt.getTime() <= now ||
    found.token.expiresAt.getTime() <= now
  ) {
    throw new AppError('UNAUTHORIZED', { message: msg.sessionExpired });
  }
  const successor = ctx.tokens.refreshSuccessor(refreshToken);
  const successorHash = hashToken(successor);
  const rotated = await rotateRefreshToken(db, {
    id: found.token.id,
    sessionId: found.session.id,
    successorHash,
    expiresAt: new Date(
      Math.min(found.session.expiresAt.getTime(), now + ctx.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    ),
    ip: client?.ip,
  });
  if (!rotated) {
    const usedAt = found.token.usedAt?.getTime() ?? now;
    if (now - usedAt > REFRESH_REUSE_GRACE_MS) {
      // A rotated token came back long after its rotation: someone else holds a copy. End the whole family.
      await revokeSession(db, found.session.id);
      ctx.sessions.revoked([found.session.id]);
      throw new AppError('UNAUTHORIZED', { message: msg.sessionExpired });
    }
    // Within the window the answer is the successor already stored, whether or not it has been exchanged since.
    const next = await findRefreshToken(db, successorHash);
    if (!next || next.session.id !== found.session.id || next.token.expiresAt.getTime() <= now) {
      throw new AppError('UNAUTHORIZED', { message: msg.sessionExpired });
    }
  }
  const token = await ctx.tokens.sign({
    userId: found.user.id,
    sessionId: found.session.id,
    role: found.user.role,
  });
  return { success: true, token, refreshToken: successor, userId: found.user.id, message: msg.loginSuccess };
}

export async function logout(ctx: AppContext, sessionId: string | null, refreshToken: string | undefined) {
  let id = sessionId;
  if (!id && refreshToken)
    id = (await findRefreshToken(ctx.database.db, hashToken(refreshToken)))?.session.id ?? null;
  if (!id) return;
  await revokeSession(ctx.database.db, id);
  ctx.sessions.revoked([id]);
}

/**
 * Answers alike for known and unknown addresses. Whether the address has an account is looked up only after
 * the answer has gone, so neither the answer nor its timing says anything about it.
 *
 * The limits count per client address, and per e-mail from that client address: never per e-mail alone,
 * which would let anyone use up the resets of someone else's account.
 */
export async function forgotPassword(ctx: AppContext, email: string, client: ClientInfo) {
  const address = limitAddress(client.ip);
  const wait = await ctx.limiter.take([
    { key: `forgot:address:${address}`, max: RESET_REQUESTS_PER_ADDRESS, windowSeconds: HOUR },
    { key: `forgot:email:${email}:${address}`, max: RESET_EMAILS_PER_HOUR, windowSeconds: HOUR },
  ]);
  if (wait > 0) throw new AppError('RATE_LIMITED', { message: msg.forgotTooMany, retryAfterSeconds: wait });
  ctx.background.run('password reset e-mail', () => sendResetLink(ctx, email));
}

async function sendResetLink(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.database.db, email);
  if (!user) return;
  const token = randomToken();
  await replaceResetToken(ctx.database.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.env.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
  await ctx.mailer.send({
    to: email,
    subject: serverMsg.mail.reset.subject,
    text: serverMsg.mail.reset.body(user.firstName, link),
  });
}

export async function resetPassword(ctx: AppContext, payload: z.output<typeof resetPasswordSchema>) {
  await assertUncommon(payload.newPassword, 'newPassword');
  const passwordHash = await hashPassword(payload.newPassword);
  const revoked = await ctx.database.db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, hashToken(payload.token), payload.email);
    if (!userId) return null;
    await updateUser(tx, userId, { passwordHash });
    return revokeUserSessions(tx, userId);
  });
  if (!revoked) throw new AppError('RESET_LINK_INVALID');
  ctx.sessions.revoked(revoked);
}

export async function changePassword(
  ctx: AppContext,
  auth: { userId: string; sessionId: string },
  payload: z.output<typeof changePasswordSchema>,
) {
  // Whoever holds a session could otherwise guess the current password here without the sign-in limits.
  const limit: Limit = {
    key: `change-password:user:${auth.userId}`,
    max: LOGIN_ACCOUNT_MAX,
    windowSeconds: LOGIN_WINDOW,
  };
  const wait = await ctx.limiter.take([limit]);
  if (wait > 0)
    throw new AppError('RATE_LIMITED', { message: serverMsg.tooManyLoginAttempts, retryAfterSeconds: wait });
  const user = await findUserById(ctx.database.db, auth.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, payload.currentPassword))) {
    throw AppError.field('CURRENT_PASSWORD_INCORRECT', 'currentPassword', msg.currentPasswordIncorrect);
  }
  await ctx.limiter.clear(limit);
  await assertUncommon(payload.newPassword, 'newPassword');
  const passwordHash = await hashPassword(payload.newPassword);
  const revoked = await ctx.database.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    return revokeUserSessions(tx, user.id, auth.sessionId);
  });
  ctx.sessions.revoked(revoked);
}
