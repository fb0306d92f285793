import { lazy, Suspense, useState } from 'react';
import type { PostMenuDropdownProps } from './post-menu-dropdown';
import { PostMenuTrigger } from './post-menu-trigger';

const loadDropdown = () => import('./post-menu-dropdown');
const PostMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.PostMenuDropdown })));

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
