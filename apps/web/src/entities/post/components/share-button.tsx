import type { Post } from '@ray/shared/schemas/post';
import { Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';

const loadShareDialog = () => import('./share-dialog');
const ShareDialog = lazy(() => loadShareDialog().then((m) => ({ default: m.ShareDialog })));

export interface ShareButtonProps {
  post: Pick<Post, 'id' | 'content'>;
  /** Controlled from outside when something else (the post menu) can open the same sheet. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Show the word next to the icon. */
  showLabel?: boolean;
  className?: string;
  /** The confirmation after copying the link (spec section 8 has one for a feed's card and one for the page). */
  copiedMessage?: string;
}

/** The share button of a post and the share sheet it opens (loaded on first use). */
export function ShareButton({
  post,
  open,
  onOpenChange,
  showLabel = true,
  className,
  copiedMessage,
}: ShareButtonProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      <button
        type="button"
        aria-label={strings.posts.share}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadShareDialog()}
        onFocus={() => void loadShareDialog()}
        onClick={() => {
          setOpen(true);
        }}
        className={cn(
          'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600',
          className,
        )}
      >
        <Share2 className="size-4.5" aria-hidden="true" />
        {showLabel ? <span className="hidden sm:inline">{strings.posts.share}</span> : null}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ShareDialog post={post} open={isOpen} onOpenChange={setOpen} copiedMessage={copiedMessage} />
        </Suspense>
      ) : null}
    </>
  );
}
