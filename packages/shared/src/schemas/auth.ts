import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';
import { msg } from '../messages.ar';
import {
  emailField,
  firstNameField,
  lastNameField,
  passwordField,
  strongPasswordField,
  usernameField,
} from './fields';
import { currentUserSchema } from './user';

export const loginSchema = z.object({
  /** Holds the e-mail address (spec section 3). */
  username: emailField,
  password: passwordField,
  rememberMe: z.boolean().optional().default(false),
});
export type LoginPayload = z.input<typeof loginSchema>;

const registerFields = z.object({
  email: emailField,
  password: passwordField,
  confirmPassword: z.string({ error: msg.confirmPasswordRequired }).min(1, msg.confirmPasswordRequired),
  username: usernameField,
  firstName: firstNameField,
  lastName: lastNameField,
});

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;

export const registerSchema = registerFields.refine(passwordsMatch, {
  message: msg.passwordMismatch,
  path: ['confirmPassword'],
});
export type RegisterPayload = z.input<typeof registerSchema>;

/** The register form also asks for the terms, which the identity call does not send. */
export const registerFormSchema = registerFields
  .extend({ acceptTerms: z.boolean().refine((value) => value, msg.acceptTerms) })
  .refine(passwordsMatch, { message: msg.passwordMismatch, path: ['confirmPassword'] });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const refreshTokenSchema = z.object({
  refreshToken: z.string({ error: msg.noRefreshToken }).min(1, msg.noRefreshToken).max(200, msg.invalidValue),
});

/** The body is optional: a client may sign out with its access token alone. */
export const logoutSchema = z.object({ refreshToken: z.string().max(200).optional() }).nullish();

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordPayload = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: msg.resetInvalidLink })
    .min(1, msg.resetInvalidLink)
    .max(200, msg.resetInvalidLink),
  email: emailField,
  newPassword: strongPasswordField,
});
export type ResetPasswordPayload = z.input<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({
    newPassword: z.string().min(1, msg.newPasswordRequired).pipe(strongPasswordField),
    confirmPassword: z.string({ error: msg.confirmPasswordRequired }).min(1, msg.confirmPasswordRequired),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: msg.passwordMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: msg.currentPasswordRequired })
      .min(1, msg.currentPasswordRequired)
      .max(4096, msg.passwordTooLong),
    newPassword: z
      .string({ error: msg.newPasswordRequired })
      .min(1, msg.newPasswordRequired)
      .pipe(strongPasswordField),
    confirmPassword: z.string({ error: msg.confirmPasswordRequired }).min(1, msg.confirmPasswordRequired),
  })
  // An empty new password is already reported as required; "must differ" would only add noise.
  .refine((value) => value.newPassword.length === 0 || value.newPassword !== value.currentPassword, {
    message: msg.passwordSameAsCurrent,
    path: ['newPassword'],
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: msg.passwordMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordPayload = z.input<typeof changePasswordSchema>;

/** The token of a mailed confirmation link (/verify-email?token=…). */
export const verifyEmailSchema = z.object({
  token: z
    .string({ error: msg.verifyLinkInvalid })
    .min(1, msg.verifyLinkInvalid)
    .max(200, msg.verifyLinkInvalid),
});
export type VerifyEmailPayload = z.input<typeof verifyEmailSchema>;

/** A new address for the account, confirmed by the current password. */
export const changeEmailSchema = z.object({
  email: emailField,
  currentPassword: z
    .string({ error: msg.currentPasswordRequired })
    .min(1, msg.currentPasswordRequired)
    .max(4096, msg.passwordTooLong),
});
export type ChangeEmailPayload = z.input<typeof changeEmailSchema>;

export const authResponseSchema = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  refreshToken: z.string().optional(),
  userId: z.string().optional(),
  message: z.string(),
  user: currentUserSchema.optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** The code and state a provider gave back, handed over by a client that received them itself. */
export const externalLoginCallbackSchema = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
});

/**
 * A native app signed in with the provider's own SDK hands over what the SDK gave it: an ID token (Google, Apple),
 * or an access token for providers without one (Facebook, GitHub). The nonce is the raw value the app sent to the
 * provider.
 */
export const socialLoginSchema = z
  .object({
    provider: z.enum(SOCIAL_PROVIDERS, { error: msg.socialProviderRequired }),
    idToken: z.string().min(1, msg.socialTokenRequired).max(8192, msg.socialTokenRequired).optional(),
    accessToken: z.string().min(1, msg.socialTokenRequired).max(4096, msg.socialTokenRequired).optional(),
    nonce: z.string().min(1, msg.socialNonceInvalid).max(512, msg.socialNonceInvalid).optional(),
  })
  .refine((value) => value.idToken !== undefined || value.accessToken !== undefined, {
    message: msg.socialTokenRequired,
    path: ['idToken'],
  });
export type SocialLoginPayload = z.input<typeof socialLoginSchema>;

export const externalLoginUrlSchema = z.object({ url: z.string() });

export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Password strength meter of spec section 5: points for length 6, length 8, mixed case, digit and symbol. */
export function passwordStrength(password: string): { score: number; level: 'weak' | 'medium' | 'strong' } {
  let score = 0;
  if (password.length >= 6) score++;
  if (password.length >= 8) score++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return { score, level: score < 2 ? 'weak' : score < 4 ? 'medium' : 'strong' };
}
