import { useMutation } from '@tanstack/react-query';
import { msg } from '@ray/shared/messages.ar';
import type { AuthResponse, LoginPayload } from '@ray/shared/schemas/auth';
import { toast } from '@/lib/toast';
import { ApiError, identityApi } from '@/lib/api-client';
import { completeSignIn, isSignedIn } from '@/lib/session';

export function login(payload: LoginPayload): Promise<AuthResponse> {
  return identityApi.post<AuthResponse>('/api/account/login', payload);
}

export function useLogin() {
  return useMutation({
    mutationFn: async (payload: LoginPayload) => {
      const answer = await login(payload);
      if (!isSignedIn(answer)) {
        throw new ApiError(401, 'LOGIN_FAILED', answer.message || msg.loginFailed, {
          hasServerMessage: Boolean(answer.message),
        });
      }
      await completeSignIn(answer);
    },
    // Registered on the hook, not per call: the guest-only guard leaves the page as soon as the session exists.
    onSuccess: () => {
      toast.success(msg.loginSuccess);
    },
  });
}
