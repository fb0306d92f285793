import {
  DEFAULT_PREFERENCES,
  PREFERENCE_KINDS,
  type KindPreference,
  type PreferenceKind,
} from '@ray/shared/notification-preferences';
import { msg } from '@ray/shared/messages.ar';
import type {
  NotificationPreferences,
  notificationPreferencesUpdateSchema,
} from '@ray/shared/schemas/notification-preferences';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import * as repo from './preferences.repository';
import type { DeliverySettings, StoredKindPreference } from './preferences.repository';

const isDefault = (kind: PreferenceKind, value: KindPreference) => {
  const fallback = DEFAULT_PREFERENCES[kind];
  return value.inApp === fallback.inApp && value.push === fallback.push && value.digest === fallback.digest;
};

function toPreferences(stored: StoredKindPreference[], settings: DeliverySettings): NotificationPreferences {
  const byKind = new Map(stored.map((row) => [row.kind, row]));
  const kinds = Object.fromEntries(
    PREFERENCE_KINDS.map((kind) => {
      const row = byKind.get(kind) ?? DEFAULT_PREFERENCES[kind];
      return [kind, { inApp: row.inApp, push: row.push, digest: row.digest }];
    }),
  ) as NotificationPreferences['kinds'];
  return {
    kinds,
    quietHours:
      settings.quietHoursStart === null || settings.quietHoursEnd === null
        ? null
        : { start: settings.quietHoursStart, end: settings.quietHoursEnd },
    digest: settings.digestFrequency,
    timeZone: settings.timeZone,
  };
}

async function read(db: Executor, userId: string, settings: DeliverySettings | undefined) {
  if (!settings) throw new AppError('NOT_FOUND', { message: msg.userNotFound });
  return toPreferences(await repo.kindPreferences(db, userId), settings);
}

/** The caller's choices, every kind present: a kind never changed reads as its default. */
export async function getPreferences(ctx: AppContext, userId: string): Promise<NotificationPreferences> {
  const db = ctx.database.db;
  return read(db, userId, await repo.deliverySettings(db, userId));
}

/**
 * Applies what the caller changed in one transaction and answers the whole new state. A kind set back to its
 * default loses its row, so that a later change of the defaults reaches everyone who never chose otherwise.
 */
export async function updatePreferences(
  ctx: AppContext,
  userId: string,
  input: z.output<typeof notificationPreferencesUpdateSchema>,
): Promise<NotificationPreferences> {
  return ctx.database.db.transaction(async (tx) => {
    const current = await repo.lockDeliverySettings(tx, userId);
    if (!current) throw new AppError('NOT_FOUND', { message: msg.userNotFound });

    const changed: StoredKindPreference[] = [];
    const reset: PreferenceKind[] = [];
    for (const kind of PREFERENCE_KINDS) {
      const value = input.kinds?.[kind];
      if (!value) continue;
      if (isDefault(kind, value)) reset.push(kind);
      else changed.push({ kind, ...value });
    }
    await repo.deleteKindPreferences(tx, userId, reset);
    await repo.upsertKindPreferences(tx, userId, changed);

    const settings: Partial<DeliverySettings> = {};
    if (input.quietHours !== undefined) {
      settings.quietHoursStart = input.quietHours?.start ?? null;
      settings.quietHoursEnd = input.quietHours?.end ?? null;
    }
    if (input.digest !== undefined) settings.digestFrequency = input.digest;
    if (input.timeZone !== undefined) settings.timeZone = input.timeZone;
    await repo.updateDeliverySettings(tx, userId, settings);

    return read(tx, userId, { ...current, ...settings });
  });
}
