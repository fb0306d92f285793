import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DigestFrequency, KindPreference, PreferenceKind } from '@ray/shared/notification-preferences';
import type { Executor } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema';

export interface StoredKindPreference extends KindPreference {
  kind: PreferenceKind;
}

/** The user's delivery settings kept on their row; undefined when there is no such user. */
export interface DeliverySettings {
  timeZone: string;
  digestFrequency: DigestFrequency;
  quietHoursStart: number | null;
  quietHoursEnd: number | null;
}

const deliveryColumns = {
  timeZone: users.timeZone,
  digestFrequency: users.digestFrequency,
  quietHoursStart: users.quietHoursStart,
  quietHoursEnd: users.quietHoursEnd,
};

/** The kinds the user changed from the defaults: the others have no row. */
export function kindPreferences(db: Executor, userId: string): Promise<StoredKindPreference[]> {
  return db
    .select({
      kind: notificationPreferences.kind,
      inApp: notificationPreferences.inApp,
      push: notificationPreferences.push,
      digest: notificationPreferences.digest,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function deliverySettings(db: Executor, userId: string): Promise<DeliverySettings | undefined> {
  const [row] = await db.select(deliveryColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Locks the user's row for the rest of the transaction, so two saves of the same settings apply one by one. */
export async function lockDeliverySettings(
  db: Executor,
  userId: string,
): Promise<DeliverySettings | undefined> {
  const [row] = await db.select(deliveryColumns).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function upsertKindPreferences(db: Executor, userId: string, rows: StoredKindPreference[]) {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((row) => ({ userId, ...row })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: {
        inApp: sql`excluded.in_app`,
        push: sql`excluded.push`,
        digest: sql`excluded.digest`,
      },
    });
}

export async function deleteKindPreferences(db: Executor, userId: string, kinds: PreferenceKind[]) {
  if (kinds.length === 0) return;
  await db
    .delete(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), inArray(notificationPreferences.kind, kinds)));
}

export async function updateDeliverySettings(
  db: Executor,
  userId: string,
  settings: Partial<DeliverySettings>,
) {
  if (Object.keys(settings).length === 0) return;
  await db.update(users).set(settings).where(eq(users.id, userId));
}
