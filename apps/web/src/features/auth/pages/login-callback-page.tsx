import { msg } from '@ray/shared/messages.ar';
import { useEffect, useRef } from 'react';
import { PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { accountStrings } from '@/i18n/account.ar';
import { exchangeExternalCode, redeemOAuthSession } from '../api/external-login';
import { callbackErrorMessage, useExternalSignIn } from '../hooks/use-external-sign-in';
import { takeExternalSignIn } from '../utils/pending-sign-in';

/** What the address of the callback carries, read once and then wiped from the address bar and history. */
function takeCallbackParams(): URLSearchParams {
  const params = new URLSearchParams(window.location.search);
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return params;
}

/**
 * Return point of a social sign-in (spec section 2): an `error`, a single-use `session` hand-over, or a `code` and
 * `state` to exchange. Only a sign-in started in this tab is accepted; tokens are never taken from the address.
 */
export function LoginCallbackPage() {
  const { finish, fail } = useExternalSignIn();
  // A hand-over works once; development's double effects must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = takeCallbackParams();
    const binding = takeExternalSignIn();
    const error = params.get('error');
    const session = params.get('session');
    const code = params.get('code');
    const state = params.get('state');
    if (error) fail(callbackErrorMessage(error));
    // A sign-in this tab did not start is someone else's: never adopt it.
    else if (!binding) fail(msg.callbackProcessing);
    else if (session) void finish(() => redeemOAuthSession(session, binding));
    else if (code && state) void finish(() => exchangeExternalCode(code, state, binding));
    else fail(msg.callbackMissingUser);
  }, [finish, fail]);

  return (
    <>
      <PageTitle title={accountStrings.auth.callbackLoading} />
      <PageLoader label={accountStrings.auth.callbackLoading} />
    </>
  );
}
