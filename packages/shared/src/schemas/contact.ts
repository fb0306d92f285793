import { z } from 'zod';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_MESSAGES_PAGE_SIZE,
  CONTACT_NAME_MAX,
  CONTACT_NAME_MIN,
  CONTACT_SUBJECT_MAX,
  CONTACT_SUBJECT_MIN,
} from '../constants';
import { msg } from '../messages.ar';
import { cursorParam, pagedSchema, pageSizeParamOf } from './common';
import { noNul } from './comment';
import { emailField, pageParam } from './fields';

/** The categories of spec section 5, in the order the form offers them. */
export const CONTACT_CATEGORIES = [
  'general',
  'technical',
  'account',
  'content',
  'suggestion',
  'business',
  'other',
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

const textField = (required: string, min: number, minMessage: string, max: number, maxMessage: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(min, minMessage)
    .max(max, maxMessage)
    .refine(noNul, msg.invalidValue);

/** A string on the way in, so a form can start with nothing chosen (""); one of the categories on the way out. */
const categoryField = z
  .string({ error: msg.contactCategoryRequired })
  .pipe(z.enum(CONTACT_CATEGORIES, { error: msg.contactCategoryRequired }));

/**
 * `POST /api/contact` and the contact form (spec section 5). The spec's body also names `userId`; it is not part
 * of the schema, so a value sent by the client is dropped and the server takes the sender from the access token.
 */
export const contactMessageFormSchema = z.object({
  name: textField(
    msg.contactNameRequired,
    CONTACT_NAME_MIN,
    msg.contactNameMin,
    CONTACT_NAME_MAX,
    msg.contactNameTooLong,
  ),
  email: emailField,
  subject: textField(
    msg.contactSubjectRequired,
    CONTACT_SUBJECT_MIN,
    msg.contactSubjectMin,
    CONTACT_SUBJECT_MAX,
    msg.contactSubjectTooLong,
  ),
  message: textField(
    msg.contactMessageRequired,
    CONTACT_MESSAGE_MIN,
    msg.contactMessageMin,
    CONTACT_MESSAGE_MAX,
    msg.contactMessageTooLong,
  ),
  category: categoryField,
});
export type ContactMessageForm = z.input<typeof contactMessageFormSchema>;
export type ContactMessagePayload = z.output<typeof contactMessageFormSchema>;

export const contactSentSchema = z.object({ success: z.boolean(), message: z.string() });
export type ContactSent = z.infer<typeof contactSentSchema>;

/** A stored message as the admins see it. */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  category: z.enum(CONTACT_CATEGORIES),
  /** The signed-in sender, or null for a visitor. */
  userId: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const pagedContactMessagesSchema = pagedSchema(contactMessageSchema);

/** `GET /api/admin/contact-messages`: newest first, paged with `cursor`; `unread=true` keeps the unread ones. */
export const contactMessagesQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: msg.invalidValue })
    .transform((value) => value === 'true')
    .optional(),
  page: pageParam,
  pageSize: pageSizeParamOf(CONTACT_MESSAGES_PAGE_SIZE),
  cursor: cursorParam.optional(),
});
export type ContactMessagesQuery = z.input<typeof contactMessagesQuerySchema>;
