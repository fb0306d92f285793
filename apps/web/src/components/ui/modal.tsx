import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';

const WIDTHS = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' } as const;

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; hidden visually when `hideDescription` is set. */
  description?: ReactNode;
  hideDescription?: boolean;
  children: ReactNode;
  size?: keyof typeof WIDTHS;
  /** Lets a form keep the dialog open while it is sending. */
  dismissible?: boolean;
  onOpenAutoFocus?: ComponentProps<typeof Dialog.Content>['onOpenAutoFocus'];
  className?: string;
}

/**
 * The app's dialog: a bottom sheet on phones, a centred card from `sm` up. Escape, the backdrop and the close
 * button dismiss it, focus stays inside while it is open and the page behind does not scroll.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  hideDescription = false,
  children,
  size = 'md',
  dismissible = true,
  onOpenAutoFocus,
  className,
}: ModalProps) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink-950/45 backdrop-blur-[2px]" />
        <Dialog.Content
          dir="rtl"
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(onOpenAutoFocus ? { onOpenAutoFocus } : {})}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col overflow-hidden rounded-t-3xl bg-surface shadow-float focus:outline-none',
            'animate-pop-in sm:inset-x-4 sm:top-1/2 sm:bottom-auto sm:mx-auto sm:w-full sm:-translate-y-1/2 sm:rounded-2xl',
            WIDTHS[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 pt-4 pb-3 sm:px-6">
            <div className="min-w-0 pt-1">
              <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
              {description !== undefined ? (
                <Dialog.Description
                  className={hideDescription ? 'sr-only' : 'mt-0.5 text-sm leading-6 text-slate-600'}
                >
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={strings.newPost.close}
              disabled={!dismissible}
              className="-me-2 flex size-10 shrink-0 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6 sm:py-5">
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
