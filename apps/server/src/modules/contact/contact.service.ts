import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type {
  ContactCategory,
  ContactMessage,
  contactMessageFormSchema,
  contactMessagesQuerySchema,
  ContactSent,
} from '@ray/shared/schemas/contact';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { pagePosition, toPage } from '../../lib/paging';
import { limitAddress } from '../../lib/rate-limiter';
import { toContactMessage } from './contact.mapper';
import * as repo from './contact.repository';
import type { ContactMessageRow } from './contact.repository';

const HOUR = 3600;
/** Messages one client address may send per hour: enough for a person, too few to flood the support inbox. */
export const CONTACT_MESSAGES_PER_ADDRESS = 5;
/** The inbox reports its size up to this many; beyond it the count says "at least". */
const INBOX_COUNT_CAP = 10_000;

/** Category names in the e-mail to the support team. */
const CATEGORY_LABELS: Record<ContactCategory, string> = serverMsg.mail.contact.categories;

export interface ContactSender {
  /** From the access token, never from the body; null for a visitor. */
  userId: string | null;
  ip: string;
}

function supportMail(row: ContactMessageRow) {
  const category = CATEGORY_LABELS[row.category];
  // The subject is typed by a visitor: one line, so it cannot shape the mail's headers.
  const subject = row.subject.replace(/\s+/g, ' ');
  return {
    subject: serverMsg.mail.contact.subject(category, subject),
    text: serverMsg.mail.contact.body({
      id: row.id,
      category,
      name: row.name,
      email: row.email,
      userId: row.userId,
      sentAt: row.createdAt.toISOString(),
      subject: row.subject,
      message: row.message,
    }),
  };
}

/**
 * Stores a message from the contact form, then (with SMTP configured) forwards it to the support address. The
 * mail leaves after the row is written and in the background: a mail server that is down or slow never loses
 * the message nor holds the answer, and its failure is logged.
 */
export async function sendContactMessage(
  ctx: AppContext,
  sender: ContactSender,
  input: z.output<typeof contactMessageFormSchema>,
): Promise<ContactSent> {
  const wait = await ctx.limiter.take([
    {
      key: `contact:address:${limitAddress(sender.ip)}`,
      max: CONTACT_MESSAGES_PER_ADDRESS,
      windowSeconds: HOUR,
    },
  ]);
  if (wait > 0)
    throw new AppError('RATE_LIMITED', { message: serverMsg.contactTooMany, retryAfterSeconds: wait });

  const db = ctx.database.db;
  let row: ContactMessageRow;
  try {
    row = await repo.insertContactMessage(db, { ...input, userId: sender.userId });
  } catch (error) {
    // The account was deleted while its token was still valid: the message still counts, as a visitor's.
    if (sender.userId === null || !isForeignKeyViolation(error)) throw error;
    row = await repo.insertContactMessage(db, { ...input, userId: null });
  }

  if (ctx.env.SMTP_URL) {
    ctx.mailer
      .send({ to: ctx.env.SUPPORT_EMAIL, replyTo: row.email, ...supportMail(row) })
      .catch((error: unknown) => {
        ctx.logger.error({ err: error, contactMessageId: row.id }, 'contact message e-mail failed');
      });
  } else {
    ctx.logger.info({ contactMessageId: row.id }, 'contact message stored (no SMTP_URL set, not e-mailed)');
  }
  return { success: true, message: msg.contactSent };
}

export async function listContactMessages(
  ctx: AppContext,
  query: z.output<typeof contactMessagesQuerySchema>,
): Promise<Paged<ContactMessage>> {
  const db = ctx.database.db;
  const position = pagePosition(query, decodeCursor);
  const [rows, total] = await Promise.all([
    repo.listContactMessages(db, query.unread, {
      afterId: position.after,
      offset: position.offset,
      limit: query.pageSize,
    }),
    repo.countContactMessages(db, query.unread, INBOX_COUNT_CAP),
  ]);
  return toPage(rows, position, query.pageSize, total, toContactMessage, (row) => encodeCursor(row.id));
}

export async function markContactMessageRead(ctx: AppContext, id: number): Promise<ContactMessage> {
  const row = await repo.markContactMessageRead(ctx.database.db, id);
  if (!row) throw new AppError('NOT_FOUND', { message: serverMsg.contactMessageNotFound });
  return toContactMessage(row);
}
