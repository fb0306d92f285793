import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { strings } from '@/i18n/strings.ar';

/** Asks before a post is deleted for good. */
export function DeletePostDialog({
  open,
  onOpenChange,
  onConfirm,
  deleting,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  deleting: boolean;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={strings.posts.deleteTitle}
      description={strings.posts.deleteBody}
      cancelLabel={strings.posts.cancel}
      confirmLabel={
        <>
          <Trash2 className="size-4" aria-hidden="true" />
          {strings.posts.deleteConfirm}
        </>
      }
      onConfirm={onConfirm}
      pending={deleting}
      danger
    />
  );
}
