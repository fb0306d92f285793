import type { CurrentUser } from '@ray/shared/schemas/user';

/** Who may open the admin area; the server answers 403 to everyone else on /api/admin anyway. */
export function isAdmin(role: CurrentUser['role'] | undefined): boolean {
  return role === 'admin';
}
