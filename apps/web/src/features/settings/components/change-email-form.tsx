import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { changeEmailSchema, type ChangeEmailPayload } from '@ray/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { fieldProps } from '@/components/forms/field-props';
import { FormShell } from '@/components/forms/form-shell';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { accountStrings } from '@/i18n/account.ar';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useChangeEmail } from '../api/change-email';

const EMPTY: ChangeEmailPayload = { email: '', currentPassword: '' };

/** A new address for the account; it starts unconfirmed and receives its own link. */
export function ChangeEmailForm() {
  const changeEmail = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailPayload>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const field = fieldProps(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await changeEmail.mutateAsync(values);
      reset(EMPTY);
      toast.success(answer.message || msg.emailChanged);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ['email', 'currentPassword'])) return;
      setError('root.server', {
        message: error instanceof ApiError && error.hasServerMessage ? error.message : msg.genericRetry,
      });
    }
  });

  return (
    <FormShell
      onSubmit={onSubmit}
      pending={isSubmitting}
      error={errors.root?.server?.message}
      submitLabel={accountStrings.settings.changeEmailSubmit}
      submitPlacement="end"
    >
      <TextField
        id="settings-new-email"
        label={accountStrings.settings.newEmail}
        type="email"
        dir="ltr"
        autoComplete="email"
        placeholder={accountStrings.auth.emailPlaceholder}
        {...field('email')}
      />
      <PasswordField
        id="settings-email-password"
        label={accountStrings.settings.emailPassword}
        autoComplete="current-password"
        {...field('currentPassword')}
      />
    </FormShell>
  );
}
