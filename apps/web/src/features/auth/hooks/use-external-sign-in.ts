import { msg } from '@ray/shared/messages.ar';
import type { AuthResponse } from '@ray/shared/schemas/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { accountStrings } from '@/i18n/account.ar';
import { clearReturnUrl } from '@/lib/return-url';
import { completeSignIn, isSignedIn } from '@/lib/session';
import { authFailureMessage } from '../utils/failure-message';

/** The sentence shown for the `error` a sign-in round trip came back with. */
export function callbackErrorMessage(error: string): string {
  if (error === 'user_info') return msg.callbackMissingUser;
  if (error === 'server_error') return msg.callbackProcessing;
  const reason = accountStrings.auth.callbackReasons[error];
  // An unknown value is not shown: the address is anyone's to write.
  return reason ? msg.callbackError(reason) : msg.callbackProcessing;
}

/**
 * Ends an external sign-in: stores the session it produced, or shows why it failed and goes back to /login.
 * Signed in, the guest-only guard around the callback pages moves on to the saved return URL.
 */
export function useExternalSignIn() {
  const navigate = useNavigate();

  const fail = useCallback(
    (message: string) => {
      clearReturnUrl();
      toast.error(message);
      void navigate('/login', { replace: true });
    },
    [navigate],
  );

  const finish = useCallback(
    async (answer: () => Promise<AuthResponse>) => {
      try {
        const auth = await answer();
        if (!isSignedIn(auth)) {
          fail(msg.callbackMissingUser);
          return;
        }
        await completeSignIn(auth);
        toast.success(msg.loginSuccess);
      } catch (error) {
        fail(authFailureMessage(error, msg.callbackProcessing, msg.callbackProcessing));
      }
    },
    [fail],
  );

  return { finish, fail };
}
