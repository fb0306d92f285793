import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { loginSchema } from '@ray/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { fieldProps } from '@/components/forms/field-props';
import { FormShell } from '@/components/forms/form-shell';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { accountStrings } from '@/i18n/account.ar';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLogin } from '../api/login';
import { authFailureMessage } from '../utils/failure-message';
import { AuthLink } from './auth-link';

export function LoginForm() {
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
  const field = fieldProps(register, errors);

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
    <FormShell
      onSubmit={onSubmit}
      pending={isSubmitting}
      error={errors.root?.server?.message}
      submitLabel={accountStrings.auth.loginSubmit}
    >
      <TextField
        id="login-email"
        label={accountStrings.auth.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        placeholder={accountStrings.auth.emailPlaceholder}
        {...field('username')}
      />
      <PasswordField
        id="login-password"
        label={accountStrings.auth.password}
        autoComplete="current-password"
        labelAside={
          <AuthLink to="/forgot-password" className="text-sm">
            {accountStrings.auth.forgotPasswordLink}
          </AuthLink>
        }
        {...field('password')}
      />
      <CheckboxField id="login-remember" label={accountStrings.auth.rememberMe} {...register('rememberMe')} />
    </FormShell>
  );
}
