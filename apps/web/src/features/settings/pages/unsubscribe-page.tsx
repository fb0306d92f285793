import { digestMsg } from '@ray/shared/digest-messages.ar';
import { msg } from '@ray/shared/messages.ar';
import { MailCheck, MailX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { unsubscribeStrings as text } from '@/i18n/unsubscribe.ar';
import { ApiError } from '@/lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * Where a digest's "unsubscribe" link lands (/unsubscribe?token=…), signed in or not. Opening the page changes
 * nothing, since mail scanners open links: only the button posts the token. The page asks browsers to send no
 * Referer, so the token stays on this page.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token'));
  const leave = useUnsubscribe();

  let failure: string | null = null;
  if (!token) failure = digestMsg.unsubscribeInvalid;
  else if (leave.isError)
    failure =
      leave.error instanceof ApiError && leave.error.hasServerMessage
        ? leave.error.message
        : msg.genericRetry;

  // A link the server refused stays refused: asking again would not help, unlike a failed connection.
  const refused = !token || (leave.error instanceof ApiError && leave.error.status === 400);
  const done = leave.isSuccess;
  const Icon = done ? MailCheck : MailX;
  const title = done ? text.doneTitle : failure ? text.failedTitle : text.title;

  return (
    <div className="mx-auto w-full max-w-md py-2 sm:py-6">
      <meta name="referrer" content="no-referrer" />
      <PageTitle title={title} />
      <Card className="px-5 py-8 sm:px-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-brand-strong text-white shadow-float">
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        </div>
        {done ? (
          <div className="space-y-5 text-center">
            <Alert tone="success" className="text-start">
              {leave.data.message}
            </Alert>
            <p className="text-sm leading-7 text-slate-600">{text.doneBody}</p>
            <Link to="/settings#notifications" className={buttonClasses({ size: 'lg', fullWidth: true })}>
              {text.settingsLink}
            </Link>
          </div>
        ) : (
          <div className="space-y-5">
            {failure ? (
              <Alert tone="error" className="text-start">
                {failure}
              </Alert>
            ) : null}
            {!refused ? (
              <>
                <p className="text-sm leading-7 text-slate-700">{text.intro}</p>
                <p className="text-sm leading-7 text-slate-500">{text.securityNote}</p>
                <Button
                  size="lg"
                  fullWidth
                  loading={leave.isPending}
                  onClick={() => {
                    leave.mutate(token);
                  }}
                >
                  {text.confirm}
                </Button>
              </>
            ) : (
              <Link to="/" className={buttonClasses({ variant: 'outline', fullWidth: true })}>
                {text.goHome}
              </Link>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
