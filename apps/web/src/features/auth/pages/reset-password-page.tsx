import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { resetPasswordFormSchema } from '@ray/shared/schemas/auth';
import { CircleCheck, LinkIcon, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { accountStrings } from '@/i18n/account.ar';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { PasswordStrengthMeter } from '../components/password-strength-meter';

function InvalidLink() {
  return (
    <AuthLayout icon={LinkIcon} title={accountStrings.auth.resetInvalidTitle}>
      <div className="space-y-5 text-center">
        <Alert className="text-start">{msg.resetInvalidLink}</Alert>
        <div className="flex flex-col gap-2.5 sm:flex-row sm:justify-center">
          <Link to="/forgot-password" className={buttonClasses()}>
            {accountStrings.auth.requestNewLink}
          </Link>
          <Link to="/login" className={buttonClasses({ variant: 'outline' })}>
            {accountStrings.auth.backToLogin}
          </Link>
        </div>
      </div>
    </AuthLayout>
  );
}

function ResetDone() {
  return (
    <AuthLayout icon={CircleCheck} title={accountStrings.auth.resetSuccessTitle}>
      <div className="space-y-5 text-center">
        <Alert tone="success" className="text-start">
          {msg.resetSuccess}
        </Alert>
        <p className="text-sm leading-7 text-slate-600">{accountStrings.auth.resetSuccessBody}</p>
        <Link to="/login" className={buttonClasses({ size: 'lg', fullWidth: true })}>
          {accountStrings.auth.resetGoToLogin}
        </Link>
      </div>
    </AuthLayout>
  );
}

function ResetForm({
  token,
  email,
  onInvalid,
  onDone,
}: {
  token: string;
  email: string;
  onInvalid: () => void;
  onDone: () => void;
}) {
  const reset = useResetPassword();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async ({ newPassword: chosen }) => {
    try {
      await reset.mutateAsync({ token, email, newPassword: chosen });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        // A weak password comes back as a field error; any other 400 means the link itself is unusable.
        if (!applyServerFieldErrors(error, setError, ['newPassword'])) onInvalid();
      } else if (error instanceof ApiError && error.status === 404) {
        setError('root.server', { message: msg.userNotFound });
      } else {
        setError('root.server', { message: msg.genericRetry });
      }
    }
  });

  return (
    <AuthLayout
      icon={LockKeyhole}
      title={accountStrings.auth.resetTitle}
      subtitle={
        <>
          {accountStrings.auth.resetSubtitle}
          <span className="mt-1 block">
            {accountStrings.auth.resetFor}{' '}
            <bdi dir="ltr" className="font-semibold text-slate-800">
              {email}
            </bdi>
          </span>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={isSubmitting}>
        {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
        <PasswordField
          id="reset-new-password"
          label={accountStrings.auth.newPassword}
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        >
          <PasswordStrengthMeter password={newPassword} />
        </PasswordField>
        <PasswordField
          id="reset-confirm-password"
          label={accountStrings.auth.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
          {accountStrings.auth.resetSubmit}
        </Button>
      </form>
    </AuthLayout>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const [state, setState] = useState<'form' | 'invalid' | 'done'>('form');

  if (!token || !email || state === 'invalid') return <InvalidLink />;
  if (state === 'done') return <ResetDone />;
  return (
    <ResetForm
      token={token}
      email={email}
      onInvalid={() => {
        setState('invalid');
      }}
      onDone={() => {
        setState('done');
      }}
    />
  );
}
