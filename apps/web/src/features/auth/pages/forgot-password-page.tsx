import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { forgotPasswordSchema } from '@ray/shared/schemas/auth';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { fieldProps } from '@/components/forms/field-props';
import { FormShell } from '@/components/forms/form-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { accountStrings } from '@/i18n/account.ar';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { AuthActions, AuthStatus } from '../components/auth-status';

/** Forgot-password errors of spec section 8. */
function forgotErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return msg.forgotNotRegistered;
    if (error.status === 429) return msg.forgotTooMany;
  }
  return msg.genericRetry;
}

function BackToLogin() {
  return (
    <AuthLink to="/login" strong>
      {accountStrings.auth.backToLogin}
    </AuthLink>
  );
}

function SentConfirmation({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const resend = useForgotPassword();
  const [error, setError] = useState<string | null>(null);

  async function handleResend() {
    setError(null);
    try {
      await resend.mutateAsync({ email });
      toast.success(accountStrings.auth.resent);
    } catch (caught) {
      setError(forgotErrorMessage(caught));
    }
  }

  return (
    <AuthStatus
      icon={MailCheck}
      title={accountStrings.auth.forgotSentTitle}
      message={error}
      footer={<BackToLogin />}
    >
      <p className="text-sm leading-7 text-slate-700">{msg.forgotSent}</p>
      <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
        {accountStrings.auth.forgotSentTo}{' '}
        <bdi dir="ltr" className="font-semibold text-slate-900">
          {email}
        </bdi>
      </p>
      <p className="text-xs leading-6 text-slate-600">{accountStrings.auth.forgotSentHint}</p>
      <AuthActions>
        <Button variant="primary" loading={resend.isPending} onClick={() => void handleResend()}>
          {accountStrings.auth.resend}
        </Button>
        <Button variant="outline" onClick={onChangeEmail}>
          {accountStrings.auth.useAnotherEmail}
        </Button>
      </AuthActions>
    </AuthStatus>
  );
}

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const field = fieldProps(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setError('email', { type: 'server', message: msg.forgotNotRegistered });
      } else if (!applyServerFieldErrors(error, setError, ['email'])) {
        setError('root.server', { message: forgotErrorMessage(error) });
      }
    }
  });

  if (sentTo) {
    return (
      <SentConfirmation
        email={sentTo}
        onChangeEmail={() => {
          setSentTo(null);
        }}
      />
    );
  }

  return (
    <AuthLayout
      icon={KeyRound}
      title={accountStrings.auth.forgotTitle}
      subtitle={accountStrings.auth.forgotSubtitle}
      footer={<BackToLogin />}
    >
      <FormShell
        onSubmit={onSubmit}
        pending={isSubmitting}
        error={errors.root?.server?.message}
        submitLabel={accountStrings.auth.forgotSubmit}
      >
        <TextField
          id="forgot-email"
          label={accountStrings.auth.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          placeholder={accountStrings.auth.emailPlaceholder}
          {...field('email')}
        />
      </FormShell>
      <p className="mt-5 text-center text-sm">
        <Link to="/register" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          {accountStrings.auth.createAccount}
        </Link>
      </p>
    </AuthLayout>
  );
}
