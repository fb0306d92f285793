import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { deleteAccountSchema, type DeleteAccountPayload } from '@ray/shared/schemas/account-data';
import type { CurrentUser } from '@ray/shared/schemas/user';
import { TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/forms/form-error';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { accountDataStrings as text } from '@/i18n/account-data.ar';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { signOut } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';

const EMPTY: DeleteAccountPayload = { password: '', username: '' };

/**
 * «حذف الحساب»: says what goes and that it cannot be undone, then asks for the password (or, for an account made
 * through a social sign-in without one, the username). Once deleted the user is signed out on the home page.
 */
export function DeleteAccountDialog({
  user,
  open,
  onOpenChange,
}: {
  user: Pick<CurrentUser, 'username' | 'hasPassword'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(deleteAccountSchema), defaultValues: EMPTY, mode: 'onSubmit' });
  // The schema files a missing confirmation under `password`; it belongs under whichever field is shown.
  const fieldError = user.hasPassword
    ? errors.password?.message
    : (errors.username?.message ?? errors.password?.message);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await remove.mutateAsync(
        user.hasPassword ? { password: values.password } : { username: values.username },
      );
      onOpenChange(false);
      await signOut();
      await navigate('/', { replace: true });
      toast.success(answer.message || msg.accountDeleted);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ['password', 'username'])) return;
      setError('root.server', {
        message: error instanceof ApiError && error.hasServerMessage ? error.message : msg.genericRetry,
      });
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) reset(EMPTY);
        onOpenChange(next);
      }}
      title={text.dialogTitle}
      description={text.dialogIrreversible}
      // Shown in the warning below; the description only reads it out with the title.
      hideDescription
      dismissible={!isSubmitting}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={isSubmitting}>
        <FormError message={errors.root?.server?.message} />
        <div className="space-y-2 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{text.dialogIntro}</p>
          <ul className="list-disc space-y-1 ps-5">
            {text.dialogDeletes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>{text.dialogKeeps}</p>
        </div>
        <p className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {text.dialogIrreversible}
        </p>
        {user.hasPassword ? (
          <PasswordField
            id="delete-account-password"
            label={text.passwordLabel}
            autoComplete="current-password"
            {...register('password')}
            error={fieldError}
          />
        ) : (
          <TextField
            id="delete-account-username"
            label={text.usernameLabel(user.username)}
            dir="ltr"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            autoComplete="off"
            {...register('username')}
            error={fieldError}
          />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            disabled={isSubmitting}
            onClick={() => {
              reset(EMPTY);
              onOpenChange(false);
            }}
          >
            {text.cancel}
          </Button>
          <Button type="submit" variant="danger" loading={isSubmitting}>
            {text.confirmDelete}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
