import { z } from 'zod';
import { msg } from '../messages.ar';

/** One signed-in session of the user, as the settings page lists it. */
export const activeSessionSchema = z.object({
  id: z.string(),
  /** Browser and system in words, e.g. "Chrome على Windows". */
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The client address the session was last seen from. */
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the access token that asked. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionListSchema = z.object({ items: z.array(activeSessionSchema) });
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: msg.sessionNotFound }) });

export const endedSessionsSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** How many sessions were signed out. */
  ended: z.number().int().nonnegative(),
});
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
