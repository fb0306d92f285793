import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { changePasswordSchema } from '@ray/shared/schemas/auth';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { fieldProps } from '@/components/forms/field-props';
import { FormShell } from '@/components/forms/form-shell';
import { PasswordField } from '@/components/ui/password-field';
import { accountStrings } from '@/i18n/account.ar';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change-password errors of spec section 8. */
function showChangePasswordError(error: unknown, setError: UseFormSetError<ChangePasswordValues>) {
  if (error instanceof ApiError && error.status === 400) {
    const aboutCurrent =
      error.code === 'CURRENT_PASSWORD_INCORRECT' ||
      error.fieldError('currentPassword') !== undefined ||
      /الحالية|current/i.test(error.message);
    if (aboutCurrent) {
      setError(
        'currentPassword',
        { type: 'server', message: error.fieldError('currentPassword') ?? msg.currentPasswordIncorrect },
        { shouldFocus: true },
      );
      return;
    }
    if (!applyServerFieldErrors(error, setError, ['newPassword', 'confirmPassword'])) {
      setError('root.server', { message: error.hasServerMessage ? error.message : msg.invalidData });
    }
    return;
  }
  if (error instanceof ApiError && error.status === 401) {
    setError(
      'currentPassword',
      { type: 'server', message: msg.currentPasswordIncorrect },
      { shouldFocus: true },
    );
    return;
  }
  setError('root.server', { message: msg.genericRetry });
}

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY, mode: 'onTouched' });
  const newPassword = useWatch({ control, name: 'newPassword' });
  const field = fieldProps(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await changePassword.mutateAsync(values);
      reset(EMPTY);
      toast.success(answer.message || msg.passwordChanged);
    } catch (error) {
      showChangePasswordError(error, setError);
    }
  });

  return (
    <FormShell
      onSubmit={onSubmit}
      pending={isSubmitting}
      error={errors.root?.server?.message}
      submitLabel={accountStrings.settings.changePasswordSubmit}
      submitPlacement="end"
    >
      <PasswordField
        id="settings-current-password"
        label={accountStrings.settings.currentPassword}
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <PasswordField
        id="settings-new-password"
        label={accountStrings.settings.newPassword}
        autoComplete="new-password"
        hint={newPassword.length === 0 ? msg.passwordLettersDigits : undefined}
        {...field('newPassword')}
      />
      <PasswordField
        id="settings-confirm-password"
        label={accountStrings.settings.confirmNewPassword}
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
    </FormShell>
  );
}
