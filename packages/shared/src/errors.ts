import { z } from 'zod';

/** Stable error codes shared by server and client; the server maps each to one HTTP status. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  /** A moderator suspended the caller from posting, commenting and voting for now (403). */
  'ACCOUNT_SUSPENDED',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'CURRENT_PASSWORD_INCORRECT',
  'RESET_LINK_INVALID',
  'VERIFY_LINK_INVALID',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  /** Maintenance mode is on and the caller is not an admin (503); the message is the one the admins wrote. */
  'MAINTENANCE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorResponseSchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
