import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: ReactNode;
  cancelLabel: string;
  onConfirm: () => void;
  /** While true the dialog cannot be dismissed and the confirm button shows a spinner. */
  pending?: boolean;
  /** Styles the confirm button as a destructive action. */
  danger?: boolean;
}

/** Asks the user to confirm an action before it runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  danger = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      dismissible={!pending}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={pending}
          onClick={() => {
            onOpenChange(false);
          }}
        >
          {cancelLabel}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/** The words of a delete dialog, as each feature's copy names them. */
export interface DeleteCopy {
  deleteTitle: string;
  deleteBody: string;
  deleteConfirm: string;
  cancel: string;
}

/** Asks before something is deleted for good: one dialog for posts, comments and whatever comes next. */
export function DeleteDialog({
  copy,
  open,
  onOpenChange,
  onConfirm,
  deleting,
}: {
  copy: DeleteCopy;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  deleting: boolean;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={copy.deleteTitle}
      description={copy.deleteBody}
      cancelLabel={copy.cancel}
      confirmLabel={
        <>
          <Trash2 className="size-4" aria-hidden="true" />
          {copy.deleteConfirm}
        </>
      }
      onConfirm={onConfirm}
      pending={deleting}
      danger
    />
  );
}
