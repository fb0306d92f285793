import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Plus, SquarePen, Zap } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuickPostStore } from '@/features/posts/hooks/use-quick-post-store';
import { strings } from '@/i18n/strings.ar';
import { useAuthStore } from '@/lib/auth-store';

const QuickPostDialog = lazy(() =>
  import('@/features/posts/components/quick-post-dialog').then((module) => ({
    default: module.QuickPostDialog,
  })),
);

const HIDDEN_ON = ['/create-post', '/login', '/register'];

const itemClasses =
  'flex cursor-pointer items-start gap-3 rounded-xl px-3 py-2.5 outline-none select-none data-[highlighted]:bg-slate-100';

/**
 * Floating new-post button of spec section 2, for signed-in users away from the editor and sign-in pages. Phones
 * have «إنشاء» in the tab bar instead, where the button would cover the page's last lines.
 */
export function FloatingNewPost() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { pathname } = useLocation();
  const quickOpen = useQuickPostStore((state) => state.open);
  const setQuickOpen = useQuickPostStore((state) => state.setOpen);
  const hidden = !isAuthenticated || HIDDEN_ON.includes(pathname.replace(/\/+$/, '') || '/');
  // Leaving for a page without the button closes the dialog it opened.
  useEffect(() => {
    if (hidden) setQuickOpen(false);
  }, [hidden, setQuickOpen]);
  useEffect(
    () => () => {
      setQuickOpen(false);
    },
    [setQuickOpen],
  );
  if (hidden) return null;

  return (
    <>
      {/* Non-modal so the dialog it opens can take focus without fighting the menu's focus trap. */}
      <DropdownMenu.Root dir="rtl" modal={false}>
        <DropdownMenu.Trigger
          aria-label={strings.newPost.fabLabel}
          className="fixed end-8 bottom-8 z-40 hidden size-14 items-center justify-center rounded-full bg-brand-solid text-white shadow-float transition-transform hover:scale-105 hover:bg-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:rotate-45 md:flex"
        >
          <Plus className="size-7" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="top"
            align="end"
            sideOffset={12}
            collisionPadding={12}
            className="z-50 w-64 animate-pop-in rounded-2xl bg-surface p-1.5 shadow-float ring-1 ring-slate-200"
          >
            <DropdownMenu.Item
              className={itemClasses}
              onSelect={() => {
                setQuickOpen(true);
              }}
            >
              <Zap className="mt-0.5 size-5 text-accent-500" aria-hidden="true" />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{strings.newPost.quick}</span>
                <span className="block text-xs text-slate-600">{strings.newPost.quickHint}</span>
              </span>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link to="/create-post">
                <SquarePen className="mt-0.5 size-5 text-brand-600" aria-hidden="true" />
                <span>
                  <span className="block text-sm font-semibold text-slate-900">
                    {strings.newPost.advanced}
                  </span>
                  <span className="block text-xs text-slate-600">{strings.newPost.advancedHint}</span>
                </span>
              </Link>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {quickOpen ? (
        <Suspense fallback={null}>
          <QuickPostDialog open={quickOpen} onOpenChange={setQuickOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
