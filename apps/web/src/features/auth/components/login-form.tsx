import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { loginSchema } from '@ray/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { accountStrings } from '@/i18n/account.ar';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { returnState } from '@/lib/return-url';
import { useLogin } from '../api/login';
import { authFailureMessage } from '../utils/failure-message';

export function LoginForm() {
  const location = useLocation();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '', rememberMe: false },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['username', 'password'])) {
        setError('root.server', { message: authFailureMessage(error, msg.loginFailed, msg.loginError) });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={isSubmitting}>
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextField
        id="login-email"
        label={accountStrings.auth.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        placeholder={accountStrings.auth.emailPlaceholder}
        error={errors.username?.message}
        {...register('username')}
      />
      <PasswordField
        id="login-password"
        label={accountStrings.auth.password}
        autoComplete="current-password"
        error={errors.password?.message}
        labelAside={
          <Link
            to="/forgot-password"
            state={returnState(location.state)}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            {accountStrings.auth.forgotPasswordLink}
          </Link>
        }
        {...register('password')}
      />
      <CheckboxField id="login-remember" label={accountStrings.auth.rememberMe} {...register('rememberMe')} />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        {accountStrings.auth.loginSubmit}
      </Button>
    </form>
  );
}
