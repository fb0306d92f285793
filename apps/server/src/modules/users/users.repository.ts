import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function findUserByEmail(db: Executor, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export function findUserById(db: Executor, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'bio' | 'avatarUrl' | 'passwordHash' | 'role'>>,
) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}
