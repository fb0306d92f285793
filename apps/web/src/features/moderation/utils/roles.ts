import type { CurrentUser } from '@ray/shared/schemas/user';

/** Who may open the moderation queue; the server answers 403 to everyone else anyway. */
export function canModerate(role: CurrentUser['role'] | undefined): boolean {
  return role === 'moderator' || role === 'admin';
}
