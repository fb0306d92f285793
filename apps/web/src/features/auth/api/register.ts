import { useMutation } from '@tanstack/react-query';
import { msg } from '@ray/shared/messages.ar';
import type { AuthResponse, RegisterPayload } from '@ray/shared/schemas/auth';
import { toast } from '@/lib/toast';
import { ApiError, identityApi } from '@/lib/api-client';
import { completeSignIn, isSignedIn } from '@/lib/session';

export function registerAccount(payload: RegisterPayload): Promise<AuthResponse> {
  return identityApi.post<AuthResponse>('/api/account/register', payload);
}

/** Resolves to whether the new account is already signed in; otherwise the user continues on /login. */
export function useRegister() {
  return useMutation({
    mutationFn: async (payload: RegisterPayload): Promise<{ signedIn: boolean }> => {
      const answer = await registerAccount(payload);
      if (isSignedIn(answer)) {
        await completeSignIn(answer);
        return { signedIn: true };
      }
      if (answer.success) return { signedIn: false };
      throw new ApiError(400, 'REGISTER_FAILED', answer.message || msg.registerFailed, {
        hasServerMessage: Boolean(answer.message),
      });
    },
    onSuccess: ({ signedIn }) => {
      if (signedIn) toast.success(msg.registerSuccess);
    },
  });
}
