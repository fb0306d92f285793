import { PenLine, Sparkles } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AdSlot } from '@/components/ads/ad-slot';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { peopleStrings } from '@/i18n/people.ar';
import { strings } from '@/i18n/strings.ar';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';

// Suggestions are below the fold and desktop-only: their code loads after the feed's.
const SuggestedPeople = lazy(() =>
  import('@/features/following/components/suggested-people').then((m) => ({ default: m.SuggestedPeople })),
);

export function Sidebar({ className }: { className?: string }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return (
    <div className={cn('space-y-5', className)}>
      <div className="sticky top-21 space-y-5">
        <Card className="p-5">
          <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            {isAuthenticated ? (
              <PenLine className="size-5" aria-hidden="true" />
            ) : (
              <Sparkles className="size-5" aria-hidden="true" />
            )}
          </span>
          <h2 className="mt-3 font-bold text-slate-900">
            {isAuthenticated ? strings.sidebar.memberTitle : strings.sidebar.guestTitle}
          </h2>
          <p className="mt-1 text-sm leading-6 text-slate-600">
            {isAuthenticated ? strings.sidebar.memberBody : strings.sidebar.guestBody}
          </p>
          <Link
            to={isAuthenticated ? '/create-post' : '/register'}
            className={cn(buttonClasses({ variant: 'secondary', size: 'sm', fullWidth: true }), 'mt-4')}
          >
            {isAuthenticated ? strings.sidebar.memberCta : strings.sidebar.guestCta}
          </Link>
        </Card>
        {isAuthenticated ? (
          <Card className="p-5">
            <h2 className="font-bold text-slate-900">{peopleStrings.suggestions.sideTitle}</h2>
            <Suspense fallback={<div className="h-40" aria-hidden="true" />}>
              <SuggestedPeople limit={3} bioLines={0} />
            </Suspense>
            <Link to="/search?type=users" className="text-sm font-semibold text-brand-700 hover:underline">
              {peopleStrings.suggestions.more}
            </Link>
          </Card>
        ) : null}
        <AdSlot placement="Sidebar" />
      </div>
    </div>
  );
}
