import { Modal } from '@/components/ui/modal';
import { strings } from '@/i18n/strings.ar';
import { PostComposer } from './post-composer';

const ID_PREFIX = 'quick-post';

/**
 * Quick-post modal: Escape, the backdrop and the close button dismiss it, page scrolling is locked while it is
 * open, and it closes by itself once the post is published.
 */
export function QuickPostDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const close = () => {
    onOpenChange(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={strings.newPost.quickDialogTitle}
      description={strings.newPost.quickDialogDescription}
      hideDescription
      size="lg"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        document.getElementById(`${ID_PREFIX}-content`)?.focus();
      }}
    >
      <PostComposer kind="quick" idPrefix={ID_PREFIX} onPublished={close} onAdvanced={close} />
    </Modal>
  );
}
