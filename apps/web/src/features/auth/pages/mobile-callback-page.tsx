import { MOBILE_APP_SCHEME, MOBILE_HANDOFF_WAIT_MS } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { strings } from '@/i18n/strings.ar';
import { readReturnUrl } from '@/lib/return-url';
import { exchangeExternalCode, redeemOAuthSession } from '../api/external-login';
import { callbackErrorMessage, useExternalSignIn } from '../hooks/use-external-sign-in';

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
 * Return point of a sign-in started from the mobile app (spec section 2). On a phone the app is offered the
 * code through its own address scheme first; when the page is still in front a second later, the browser
 * finishes the sign-in itself. The app's web view may also answer with a SNAPCHAT_AUTH_RESULT message.
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
    const error = params.get('error');
    const session = params.get('session');
    const code = params.get('code');
    const state = params.get('state');
    if (error) {
      fail(callbackErrorMessage(error));
      return;
    }
    if (session) {
      void finish(() => redeemOAuthSession(session));
      return;
    }
    if (!code || !state) {
      fail(msg.mobileCallbackNoCode);
      return;
    }
    const platform = params.get('platform') ?? '';
    if (!MOBILE_PLATFORMS.has(platform)) {
      void finish(() => exchangeExternalCode(code, state));
      return;
    }
    const handoff = new URLSearchParams({ code, state, platform });
    window.location.href = `${MOBILE_APP_SCHEME}://auth/callback?${handoff.toString()}`;
    // Not cleared on unmount: the page only unmounts by navigating, and a hand-over must still finish.
    window.setTimeout(() => {
      // Still visible: no app took the address, so the browser signs in.
      if (document.visibilityState === 'visible') void finish(() => exchangeExternalCode(code, state));
    }, MOBILE_HANDOFF_WAIT_MS);
  }, [finish, fail]);

  return (
    <>
      <PageTitle title={strings.auth.mobileCallbackLoading} />
      <PageLoader label={strings.auth.mobileCallbackLoading} />
    </>
  );
}
