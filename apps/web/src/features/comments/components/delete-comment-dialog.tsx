import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { communityStrings as s } from '@/i18n/community.ar';

/** Asks before a comment is deleted for good. */
export function DeleteCommentDialog({
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
      title={s.comments.deleteTitle}
      description={s.comments.deleteBody}
      cancelLabel={s.comments.cancel}
      confirmLabel={
        <>
          <Trash2 className="size-4" aria-hidden="true" />
          {s.comments.deleteConfirm}
        </>
      }
      onConfirm={onConfirm}
      pending={deleting}
      danger
    />
  );
}
