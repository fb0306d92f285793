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

/**
 * Points the user at a new avatar and answers the URL it replaces (null when there was none), or undefined when
 * there is no such user. The old URL is read under the row's lock, so two uploads at once cannot both miss it.
 */
export async function replaceAvatar(
  db: Executor,
  id: string,
  avatarUrl: string,
): Promise<{ previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!row) return undefined;
    await tx
      .update(users)
      .set({ avatarUrl, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    return { previous: row.avatarUrl };
  });
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
