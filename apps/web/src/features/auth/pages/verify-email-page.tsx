import { msg } from '@ray/shared/messages.ar';
import { CircleCheck, MailX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { accountStrings } from '@/i18n/account.ar';
import { ApiError, renewAccessToken } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { fetchCurrentUser } from '@/lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { AuthActions, AuthStatus, AuthStatusText } from '../components/auth-status';

/**
 * Confirmed in this browser while signed in: the profile, and the role a listed address may gain, show at once
 * rather than at the next start.
 */
async function refreshSignedInUser() {
  if (!useAuthStore.getState().isAuthenticated) return;
  await renewAccessToken();
  const user = await fetchCurrentUser({ redirectOnAuthFailure: false }).catch(() => null);
  if (user) useAuthStore.getState().setUser(user);
}

/**
 * Where the mailed confirmation link lands (/verify-email?token=…), signed in or not. The token leaves the
 * address before the request that spends it, and the page asks browsers to send no Referer from here.
 */
export function VerifyEmailPage() {
  const verify = useVerifyEmail();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Read once: the address loses it right below.
  const [token] = useState(() => params.get('token'));
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  // A link works once; development's double effects must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Out of the address bar, the history entry and the router's location before the token is sent anywhere.
    void navigate(window.location.pathname, { replace: true });
    if (!token) return;
    verify.mutate(
      { token },
      {
        onSuccess: () => {
          void refreshSignedInUser();
        },
      },
    );
  }, [verify, navigate, token]);

  let failure: string | null = null;
  if (!token) failure = msg.verifyLinkInvalid;
  else if (verify.isError)
    failure =
      verify.error instanceof ApiError && verify.error.hasServerMessage
        ? verify.error.message
        : msg.genericRetry;

  const referrer = <meta name="referrer" content="no-referrer" />;

  if (!failure && !verify.isSuccess)
    return (
      <>
        {referrer}
        <PageTitle title={accountStrings.auth.verifyTitle} />
        <PageLoader label={accountStrings.auth.verifyLoading} />
      </>
    );

  if (!failure)
    return (
      <>
        {referrer}
        <AuthStatus
          icon={CircleCheck}
          title={accountStrings.auth.verifySuccessTitle}
          tone="success"
          message={msg.verifyEmailSuccess}
        >
          <AuthStatusText>{accountStrings.auth.verifySuccessBody}</AuthStatusText>
          <Link
            to={signedIn ? '/settings' : '/login'}
            className={buttonClasses({ size: 'lg', fullWidth: true })}
          >
            {signedIn ? accountStrings.auth.goToSettings : accountStrings.auth.resetGoToLogin}
          </Link>
        </AuthStatus>
      </>
    );

  return (
    <>
      {referrer}
      <AuthStatus icon={MailX} title={accountStrings.auth.verifyFailedTitle} message={failure}>
        <AuthStatusText>
          {signedIn ? accountStrings.auth.verifyFailedSignedIn : accountStrings.auth.verifyFailedGuest}
        </AuthStatusText>
        <AuthActions>
          <Link to={signedIn ? '/settings' : '/login'} className={buttonClasses()}>
            {signedIn ? accountStrings.auth.goToSettings : accountStrings.auth.resetGoToLogin}
          </Link>
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            {accountStrings.auth.goHome}
          </Link>
        </AuthActions>
      </AuthStatus>
    </>
  );
}
