import type { ContactMessage } from '@ray/shared/schemas/contact';
import type { ContactMessageRow } from './contact.repository';

export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    category: row.category,
    userId: row.userId,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}
