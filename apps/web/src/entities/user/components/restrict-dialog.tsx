import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { privacyStrings as s } from '@/i18n/privacy.ar';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRestrictUser, type Restriction } from '../api/restrict-user';

export interface RestrictDialogProps {
  kind: Restriction;
  userId: string;
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once it is done, after the dialog closed. */
  onDone?: (() => void) | undefined;
}

/** Asks before blocking or muting someone, then does it and says so. */
export function RestrictDialog({ kind, userId, username, open, onOpenChange, onDone }: RestrictDialogProps) {
  const restrict = useRestrictUser();
  const block = kind === 'block';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={block ? s.blockTitle(username) : s.muteTitle(username)}
      description={block ? s.blockBody : s.muteBody}
      confirmLabel={block ? s.blockConfirm : s.muteConfirm}
      cancelLabel={s.cancel}
      danger={block}
      pending={restrict.isPending}
      onConfirm={() => {
        restrict.mutate(
          { userId, kind, on: true },
          {
            onSuccess: () => {
              toast.success(block ? s.blocked(username) : s.muted(username));
              onOpenChange(false);
              onDone?.();
            },
            onError: (error) => {
              toast.error(error instanceof ApiError ? error.message : s.failed);
            },
          },
        );
      }}
    />
  );
}
