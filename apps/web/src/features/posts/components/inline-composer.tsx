import { lazy, Suspense } from 'react';
import { Card } from '@/components/ui/card';
import { strings } from '@/i18n/strings.ar';
import { useQuickPostStore } from '../hooks/use-quick-post-store';

// The composer brings the form and validation libraries; the feed should not wait for them.
const PostComposer = lazy(() => import('./post-composer').then((m) => ({ default: m.PostComposer })));

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

/** The quick composer on the home page for signed-in users. */
export function InlineComposer() {
  const dialogOpen = useQuickPostStore((state) => state.open);
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="home-composer-title">
        <h2 id="home-composer-title" className="mb-3 font-bold text-slate-900">
          {strings.home.composerTitle}
        </h2>
        <Suspense fallback={<ComposerPlaceholder />}>
          <PostComposer kind="quick" idPrefix="home-post" suspended={dialogOpen} />
        </Suspense>
      </section>
    </Card>
  );
}
