import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { resetPasswordFormSchema } from '@ray/shared/schemas/auth';
import { CircleCheck, LinkIcon, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { fieldProps } from '@/components/forms/field-props';
import { FormShell } from '@/components/forms/form-shell';
import { buttonClasses } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { accountStrings } from '@/i18n/account.ar';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { AuthActions, AuthStatus, AuthStatusText } from '../components/auth-status';
import { PasswordStrengthMeter } from '../components/password-strength-meter';

function InvalidLink() {
  return (
    <AuthStatus icon={LinkIcon} title={accountStrings.auth.resetInvalidTitle} message={msg.resetInvalidLink}>
      <AuthActions>
        <Link to="/forgot-password" className={buttonClasses()}>
          {accountStrings.auth.requestNewLink}
        </Link>
        <Link to="/login" className={buttonClasses({ variant: 'outline' })}>
          {accountStrings.auth.backToLogin}
        </Link>
      </AuthActions>
    </AuthStatus>
  );
}

function ResetDone() {
  return (
    <AuthStatus
      icon={CircleCheck}
      title={accountStrings.auth.resetSuccessTitle}
      tone="success"
      message={msg.resetSuccess}
    >
      <AuthStatusText>{accountStrings.auth.resetSuccessBody}</AuthStatusText>
      <Link to="/login" className={buttonClasses({ size: 'lg', fullWidth: true })}>
        {accountStrings.auth.resetGoToLogin}
      </Link>
    </AuthStatus>
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
  const field = fieldProps(register, errors);

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
      <FormShell
        onSubmit={onSubmit}
        pending={isSubmitting}
        error={errors.root?.server?.message}
        submitLabel={accountStrings.auth.resetSubmit}
      >
        <PasswordField
          id="reset-new-password"
          label={accountStrings.auth.newPassword}
          autoComplete="new-password"
          {...field('newPassword')}
        >
          <PasswordStrengthMeter password={newPassword} />
        </PasswordField>
        <PasswordField
          id="reset-confirm-password"
          label={accountStrings.auth.confirmPassword}
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </FormShell>
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
