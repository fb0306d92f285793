import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { strings } from '@/i18n/strings.ar';
import { PostImage } from './post-image';

/** The post image at full size over a dark backdrop; Escape, the backdrop or the close button return. */
export function ImageViewerDialog({
  imageUrl,
  thumbnailUrl,
  alt,
  open,
  onOpenChange,
}: {
  imageUrl: string;
  thumbnailUrl: string | null;
  alt: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink-950/90" />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex items-center justify-center p-4 focus:outline-none sm:p-10"
          onClick={(event) => {
            if (event.target === event.currentTarget) onOpenChange(false);
          }}
        >
          <Dialog.Title className="sr-only">{strings.posts.imageViewer}</Dialog.Title>
          <PostImage
            imageUrl={imageUrl}
            thumbnailUrl={thumbnailUrl}
            alt={alt}
            fit="contain"
            priority
            preferFull
            className="aspect-auto h-auto max-h-full w-auto max-w-full rounded-lg bg-transparent shadow-float"
          />
          <Dialog.Close
            aria-label={strings.posts.closeImage}
            className="absolute end-4 top-4 flex size-11 items-center justify-center rounded-full bg-white/10 text-white backdrop-blur transition-colors hover:bg-white/20 focus-visible:outline-white"
          >
            <X className="size-6" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
