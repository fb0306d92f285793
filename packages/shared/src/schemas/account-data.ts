import { z } from 'zod';
import { msg } from '../messages.ar';

/**
 * Deleting an account is confirmed by its password, or, for an account made through a social sign-in that has
 * no password, by typing its username. Only the one that fits the account is read.
 */
export const deleteAccountSchema = z
  .object({
    password: z.string().max(128, msg.passwordTooLong).optional(),
    username: z.string().trim().max(50, msg.usernameMax).optional(),
  })
  .refine((value) => Boolean(value.password) || Boolean(value.username), {
    message: msg.deleteAccountConfirmRequired,
    path: ['password'],
  });
export type DeleteAccountPayload = z.input<typeof deleteAccountSchema>;
