import { MOBILE_APP_SCHEME, MOBILE_HANDOFF_WAIT_MS } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { accountStrings } from '@/i18n/account.ar';
import { readReturnUrl } from '@/lib/return-url';
import { exchangeExternalCode, redeemOAuthSession } from '../api/external-login';
import { callbackErrorMessage, useExternalSignIn } from '../hooks/use-external-sign-in';
import { takeExternalSignIn } from '../utils/pending-sign-in';

const MOBILE_PLATFORMS = new Set(['ios', 'android']);

interface AuthResultMessage {
  type: 'SNAPCHAT_AUTH_RESULT';
  event: 'auth_success' | 'auth_error';
}

function isAuthResult(data: unknown): data is AuthResultMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'SNAPCHAT_AUTH_RESULT' &&
    ['auth_success', 'auth_error'].includes(String((data as { event?: unknown }).event))
  );
}

/**
 * Return point of a sign-in started from the mobile app (spec section 2). On a phone the code goes to the app
 * through its own address scheme, since the app holds the sign-in's secret; when the page is still in front a
 * second later, no app took it. The app's web view may also answer with a SNAPCHAT_AUTH_RESULT message. A
 * sign-in started in this browser tab is finished here.
 */
export function MobileCallbackPage() {
  const navigate = useNavigate();
  const { finish, fail } = useExternalSignIn();
  const started = useRef(false);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || !isAuthResult(event.data)) return;
      if (event.data.event === 'auth_success') void navigate(readReturnUrl() ?? '/', { replace: true });
      else void navigate('/login', { replace: true });
    }
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
    };
  }, [navigate]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const binding = takeExternalSignIn();
    const error = params.get('error');
    const session = params.get('session');
    const code = params.get('code');
    const state = params.get('state');
    if (error) {
      fail(callbackErrorMessage(error));
      return;
    }
    if (!session && (!code || !state)) {
      fail(msg.mobileCallbackNoCode);
      return;
    }
    const platform = params.get('platform') ?? '';
    if (MOBILE_PLATFORMS.has(platform) && code && state) {
      // The app started this sign-in and holds its secret: it finishes it, not this page.
      const handoff = new URLSearchParams({ code, state, platform });
      window.location.href = `${MOBILE_APP_SCHEME}://auth/callback?${handoff.toString()}`;
      window.setTimeout(() => {
        if (document.visibilityState === 'visible') fail(msg.callbackProcessing);
      }, MOBILE_HANDOFF_WAIT_MS);
      return;
    }
    // In the browser, only a sign-in this tab started is finished here.
    if (!binding) fail(msg.callbackProcessing);
    else if (session) void finish(() => redeemOAuthSession(session, binding));
    else if (code && state) void finish(() => exchangeExternalCode(code, state, binding));
  }, [finish, fail]);

  return (
    <>
      <PageTitle title={accountStrings.auth.mobileCallbackLoading} />
      <PageLoader label={accountStrings.auth.mobileCallbackLoading} />
    </>
  );
}
