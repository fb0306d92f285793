import { msg } from '@ray/shared/messages.ar';
import { AppError } from './app-error';

/** Opaque keyset position: the id of the last item of a page, so the next page costs the same at any depth. */
export function encodeCursor(id: number): string {
  return Buffer.from(`v1:${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^v1:(\d{1,16})$/.exec(text);
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0)
    throw AppError.field('VALIDATION_FAILED', 'cursor', msg.invalidValue);
  return id;
}

/** `page` stays for compatibility, but deep offsets are refused: clients page with the cursor. */
export const MAX_OFFSET = 1_000;

export function offsetForPage(page: number, pageSize: number): number {
  const offset = (page - 1) * pageSize;
  if (offset > MAX_OFFSET) throw AppError.field('VALIDATION_FAILED', 'page', msg.invalidValue);
  return offset;
}

/**
 * Keyset position over a (timestamp, uuid) pair, for lists ordered by time whose rows have no numeric id.
 * The time is PostgreSQL's own text with microseconds, so no precision is lost on the way through JavaScript.
 */
export function encodeTimeCursor(at: string, id: string): string {
  return Buffer.from(`t1:${at}|${id}`).toString('base64url');
}

export function decodeTimeCursor(cursor: string): { at: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match =
    /^t1:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
      text,
    );
  const at = match?.[1];
  const id = match?.[2];
  const parsed = at ? new Date(at) : null;
  if (
    !at ||
    !id ||
    !parsed ||
    Number.isNaN(parsed.getTime()) ||
    parsed.toISOString().slice(0, 19) !== at.slice(0, 19)
  ) {
    throw AppError.field('VALIDATION_FAILED', 'cursor', msg.invalidValue);
  }
  return { at, id };
}

/**
 * Position in a ranked list whose candidates are capped (search, trends, popular): ranks move between requests,
 * so there is no stable key to continue from, and an offset into a bounded list stays cheap.
 */
export function encodeOffsetCursor(offset: number): string {
  return Buffer.from(`o1:${offset}`).toString('base64url');
}

export function decodeOffsetCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^o1:(\d{1,9})$/.exec(text);
  if (!match) throw AppError.field('VALIDATION_FAILED', 'cursor', msg.invalidValue);
  return Number(match[1]);
}

/**
 * Keyset position in a people search ordered by (match rank, followers desc, username key): the three values of
 * the last person shown. The key is unique, so no one is shown twice or skipped while the counts stand still.
 */
export interface PersonSearchKey {
  rank: number;
  followers: number;
  usernameKey: string;
}

export function encodePersonCursor(key: PersonSearchKey): string {
  return Buffer.from(`p1:${key.rank}|${key.followers}|${key.usernameKey}`).toString('base64url');
}

export function decodePersonCursor(cursor: string): PersonSearchKey {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^p1:([01])\|(\d{1,9})\|(.{1,100})$/su.exec(text);
  if (!match) throw AppError.field('VALIDATION_FAILED', 'cursor', msg.invalidValue);
  return { rank: Number(match[1]), followers: Number(match[2]), usernameKey: match[3]! };
}
