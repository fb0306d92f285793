import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { registerFormSchema } from '@ray/shared/schemas/auth';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { fieldProps } from '@/components/forms/field-props';
import { FormShell } from '@/components/forms/form-shell';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { accountStrings } from '@/i18n/account.ar';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { returnState } from '@/lib/return-url';
import { useRegister } from '../api/register';
import { authFailureMessage } from '../utils/failure-message';
import { PasswordStrengthMeter } from './password-strength-meter';

export function RegisterForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const registerAccount = useRegister();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
    mode: 'onTouched',
  });
  const password = useWatch({ control, name: 'password' });
  const field = fieldProps(register, errors);

  const onSubmit = handleSubmit(async ({ acceptTerms: _acceptTerms, ...payload }) => {
    try {
      const { signedIn } = await registerAccount.mutateAsync(payload);
      if (!signedIn) {
        toast.success(accountStrings.auth.registeredNeedsLogin);
        await navigate('/login', { state: returnState(location.state) });
      }
    } catch (error) {
      const fields = ['firstName', 'lastName', 'username', 'email', 'password', 'confirmPassword'] as const;
      if (!applyServerFieldErrors(error, setError, fields)) {
        setError('root.server', {
          message: authFailureMessage(error, msg.registerFailed, msg.registerError),
        });
      }
    }
  });

  return (
    <FormShell
      onSubmit={onSubmit}
      pending={isSubmitting}
      error={errors.root?.server?.message}
      submitLabel={accountStrings.auth.registerSubmit}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="register-first-name"
          label={accountStrings.auth.firstName}
          autoComplete="given-name"
          {...field('firstName')}
        />
        <TextField
          id="register-last-name"
          label={accountStrings.auth.lastName}
          autoComplete="family-name"
          {...field('lastName')}
        />
      </div>
      <TextField
        id="register-username"
        label={accountStrings.auth.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        hint={accountStrings.auth.usernameHint}
        {...field('username')}
      />
      <TextField
        id="register-email"
        label={accountStrings.auth.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        placeholder={accountStrings.auth.emailPlaceholder}
        {...field('email')}
      />
      <PasswordField
        id="register-password"
        label={accountStrings.auth.password}
        autoComplete="new-password"
        {...field('password')}
      >
        <PasswordStrengthMeter password={password} />
      </PasswordField>
      <PasswordField
        id="register-confirm-password"
        label={accountStrings.auth.confirmPassword}
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      <CheckboxField
        id="register-accept-terms"
        label={
          <>
            {accountStrings.auth.acceptTermsPrefix}
            <Link
              to="/privacy"
              target="_blank"
              className="font-medium text-brand-700 underline underline-offset-4"
            >
              {accountStrings.auth.acceptTermsLink}
            </Link>
          </>
        }
        {...field('acceptTerms')}
      />
    </FormShell>
  );
}
