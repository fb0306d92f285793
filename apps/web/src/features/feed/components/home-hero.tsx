import { TrendingUp } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { strings } from '@/i18n/strings.ar';

/**
 * The visitor's welcome band: what the platform is, and the one thing to do next (sign in to post). Members
 * know it already and go straight to their feed.
 */
export function HomeHero() {
  const location = useLocation();
  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-bl from-brand-strong via-brand-solid to-brand-stronger px-5 py-7 text-white shadow-float sm:px-10 sm:py-10"
    >
      <div
        className="pointer-events-none absolute -start-16 -top-16 size-56 rounded-full bg-white/10 blur-2xl"
        aria-hidden="true"
      />
      <div
        className="pointer-events-none absolute end-0 -bottom-20 size-64 rounded-full bg-accent-400/10 blur-3xl"
        aria-hidden="true"
      />
      <div className="relative max-w-xl space-y-3">
        <h1 id="home-hero-title" className="text-2xl leading-tight font-bold sm:text-4xl">
          {strings.home.title}
        </h1>
        <p className="text-[0.95rem] leading-7 text-brand-50 sm:text-lg sm:leading-8">
          {strings.home.subtitle}
        </p>
        <div className="flex flex-wrap gap-2.5 pt-1.5 sm:gap-3">
          <Link
            to="/login"
            state={{ from: `${location.pathname}${location.search}` }}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            {strings.home.ctaLogin}
          </Link>
          <Link
            to="/trends"
            className="inline-flex h-12 items-center gap-2 rounded-xl px-5 font-medium text-white ring-1 ring-white/40 transition-colors ring-inset hover:bg-white/10"
          >
            <TrendingUp className="size-5" aria-hidden="true" />
            {strings.home.ctaTrends}
          </Link>
        </div>
      </div>
    </section>
  );
}
