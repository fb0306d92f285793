import { MoreHorizontal } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps, type Ref } from 'react';
import { strings } from '@/i18n/strings.ar';
import type { PostMenuDropdownProps } from './post-menu-dropdown';

const loadDropdown = () => import('./post-menu-dropdown');
const PostMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.PostMenuDropdown })));

export function PostMenuTrigger({
  ref,
  ...props
}: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={strings.posts.menuLabel}
      aria-haspopup="menu"
      className="flex size-10 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900"
      {...props}
    >
      <MoreHorizontal className="size-5" aria-hidden="true" />
    </button>
  );
}

export type PostMenuProps = Omit<PostMenuDropdownProps, 'open' | 'onOpenChange'>;

/**
 * The "خيارات المنشور" menu of a post. Feeds show dozens of these, and most are never opened, so the menu
 * library loads on the first hover, focus or press and the menu opens once it is there.
 */
export function PostMenu(props: PostMenuProps) {
  const [open, setOpen] = useState(false);
  const [activated, setActivated] = useState(false);
  const preload = () => {
    void loadDropdown();
  };
  const trigger = (
    <PostMenuTrigger
      aria-expanded={open}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => {
        setActivated(true);
        setOpen(true);
      }}
    />
  );
  if (!activated) return trigger;
  return (
    <Suspense fallback={trigger}>
      <PostMenuDropdown {...props} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
