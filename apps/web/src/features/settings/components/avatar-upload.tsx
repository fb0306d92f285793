import { AVATAR_MAX } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import type { CurrentUser } from '@ray/shared/schemas/user';
import { Camera, Loader2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { toast } from '@/lib/toast';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { accountStrings } from '@/i18n/account.ar';
import { ApiError } from '@/lib/api-client';
import { displayName } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { useUploadAvatar } from '../api/upload-avatar';

/** Spec section 5: an image, under 5 MB. The server checks again and strips metadata. */
function validateAvatar(file: File): string | null {
  if (!file.type.startsWith('image/')) return msg.avatarInvalid;
  if (file.size >= AVATAR_MAX) return msg.avatarTooLarge;
  return null;
}

export function AvatarUpload({ user }: { user: CurrentUser }) {
  const inputId = useId();
  const upload = useUploadAvatar();
  const [error, setError] = useState<string | null>(null);

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Reset so choosing the same file again still fires a change.
    input.value = '';
    if (!file) return;
    const problem = validateAvatar(file);
    setError(problem);
    if (problem) return;
    try {
      await upload.mutateAsync(file);
      toast.success(msg.avatarUploaded);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.hasServerMessage ? caught.message : msg.avatarFailed);
    }
  }

  const name = displayName(user);
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <div className="relative">
        <Avatar src={user.avatarUrl} name={name} size="xl" className="shadow-card ring-4" />
        {upload.isPending ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-surface/70">
            <Loader2 className="size-7 animate-spin text-brand-700" aria-hidden="true" />
          </span>
        ) : null}
      </div>
      <div className="space-y-2 text-center sm:text-start">
        <p className="font-semibold text-slate-900">{accountStrings.settings.avatar}</p>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="peer sr-only"
          disabled={upload.isPending}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          onChange={(event) => void handleChange(event)}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonClasses({ variant: 'outline', size: 'sm' }),
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
            upload.isPending && 'pointer-events-none opacity-60',
          )}
        >
          <Camera className="size-4" aria-hidden="true" />
          {upload.isPending ? accountStrings.settings.uploading : accountStrings.settings.changeAvatar}
        </label>
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          {accountStrings.settings.avatarHint}
        </p>
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
