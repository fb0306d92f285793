import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { strings } from '@/i18n/strings.ar';
import { displayName, useAuthStore } from '@/lib/auth-store';
import { useQuickPostStore } from '../hooks/use-quick-post-store';

// The composer brings the form and validation libraries; the feed should not wait for them.
const PostComposer = lazy(() => import('./post-composer').then((m) => ({ default: m.PostComposer })));
// Only a suspended user sees it, so it stays out of everyone else's first screen.
const SuspensionNotice = lazy(() =>
  import('@/components/suspension-notice').then((m) => ({ default: m.SuspensionNotice })),
);

const CONTENT_ID = 'home-post-content';

function ComposerPlaceholder() {
  return (
    <div aria-hidden="true" className="space-y-3">
      <div className="flex gap-3">
        <span className="size-10 shrink-0 animate-pulse rounded-full bg-slate-200" />
        <span className="h-24 flex-1 animate-pulse rounded-xl bg-slate-100" />
      </div>
      <span className="block h-9 w-2/3 animate-pulse rounded-full bg-slate-100" />
    </div>
  );
}

/** Rendered beside the composer inside its Suspense boundary, so its effect runs once the fields are there. */
function FocusContent() {
  useEffect(() => {
    document.getElementById(CONTENT_ID)?.focus();
  }, []);
  return null;
}

/**
 * The quick composer on the home page for signed-in users: one line with the user's picture until it is
 * opened, so the feed starts within the first screen of a phone; opening it brings the full form, focused.
 * Publishing folds it back to the line, with the new post first in the feed under it.
 */
export function InlineComposer() {
  const dialogOpen = useQuickPostStore((state) => state.open);
  const user = useAuthStore((state) => state.user);
  const suspendedUntil = user?.suspendedUntil;
  const [open, setOpen] = useState(false);
  const line = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (!open && refocus.current) {
      refocus.current = false;
      line.current?.focus();
    }
  }, [open]);

  return (
    <Card className="p-3 sm:p-4">
      <section aria-labelledby="home-composer-title">
        <h2 id="home-composer-title" className="sr-only">
          {strings.home.composerTitle}
        </h2>
        {open ? (
          <Suspense fallback={<ComposerPlaceholder />}>
            <PostComposer
              kind="quick"
              idPrefix="home-post"
              suspended={dialogOpen}
              onPublished={() => {
                refocus.current = true;
                setOpen(false);
              }}
            />
            <FocusContent />
          </Suspense>
        ) : (
          <>
            {/* The folded line still says at once that posting is suspended (the notice hides itself once it ended). */}
            {suspendedUntil ? (
              <Suspense fallback={null}>
                <SuspensionNotice className="mb-3" />
              </Suspense>
            ) : null}
            <button
              ref={line}
              type="button"
              aria-expanded="false"
              onClick={() => {
                setOpen(true);
              }}
              className="group flex w-full items-center gap-3 rounded-full text-start"
            >
              <Avatar src={user?.avatarUrl} name={user ? displayName(user) : '?'} />
              <span className="flex h-10 min-w-0 flex-1 items-center rounded-full bg-slate-50 px-4 text-[0.95rem] text-slate-600 ring-1 ring-slate-200 transition-colors group-hover:bg-slate-100">
                {strings.home.composerTitle}
              </span>
            </button>
          </>
        )}
      </section>
    </Card>
  );
}
