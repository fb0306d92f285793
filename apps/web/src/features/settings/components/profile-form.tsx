import { zodResolver } from '@hookform/resolvers/zod';
import { BIO_MAX } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { settingsProfileFormSchema, splitFullName, type CurrentUser } from '@ray/shared/schemas/user';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { TextField } from '@/components/ui/text-field';
import { accountStrings } from '@/i18n/account.ar';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';

const formValues = (user: CurrentUser) => ({
  fullName: `${user.firstName} ${user.lastName}`.trim(),
  bio: user.bio ?? '',
});

export function ProfileForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(settingsProfileFormSchema),
    defaultValues: formValues(user),
    mode: 'onTouched',
  });
  const bio = useWatch({ control, name: 'bio' });

  const onSubmit = handleSubmit(async (values) => {
    // The form's schema already held each part of the name to the rules the server applies to it.
    const payload = { ...splitFullName(values.fullName), bio: values.bio };
    try {
      const updated = await update.mutateAsync(payload);
      reset(formValues(updated));
      toast.success(msg.profileSaved);
    } catch (error) {
      const mapped = applyServerFieldErrors(error, setError, ['fullName', 'bio'], {
        firstName: 'fullName',
        lastName: 'fullName',
      });
      if (!mapped) {
        const useServer = error instanceof ApiError && error.hasServerMessage && error.status < 500;
        setError('root.server', { message: useServer ? error.message : msg.profileSaveFailed });
      }
    }
  });

  const bioLength = bio.length;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={isSubmitting}>
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextField
        id="settings-full-name"
        label={accountStrings.settings.fullName}
        autoComplete="name"
        hint={accountStrings.settings.fullNameHint}
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextareaField
        id="settings-bio"
        label={accountStrings.settings.bio}
        rows={4}
        placeholder={accountStrings.settings.bioPlaceholder}
        error={errors.bio?.message}
        labelAside={
          <span
            className={cn(
              'text-xs tabular-nums',
              bioLength > BIO_MAX ? 'font-semibold text-red-700' : 'text-slate-600',
            )}
            aria-live="polite"
          >
            {formatNumber(bioLength)}/{formatNumber(BIO_MAX)}
          </span>
        }
        {...register('bio')}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          {accountStrings.settings.save}
        </Button>
      </div>
    </form>
  );
}
