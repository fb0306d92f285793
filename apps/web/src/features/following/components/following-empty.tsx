import { Search, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { peopleStrings } from '@/i18n/people.ar';
import { SuggestedPeople } from './suggested-people';

const s = peopleStrings;

/** The «متابَعون» tab with nothing to show yet: people to follow right here, and the way to search for more. */
export function FollowingEmpty() {
  return (
    <Card className="px-4 py-6 sm:px-6">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <UsersRound className="size-6" aria-hidden="true" />
        </span>
        <h3 className="font-semibold text-slate-900">{s.following.emptyTitle}</h3>
        <p className="max-w-md text-sm leading-7 text-slate-600">{s.following.emptyBody}</p>
      </div>
      <section aria-labelledby="suggestions-title" className="mt-5">
        <h4 id="suggestions-title" className="font-bold text-slate-900">
          {s.suggestions.title}
        </h4>
        <SuggestedPeople limit={5} />
      </section>
      <div className="mt-4 flex justify-center">
        <Link to="/search?type=users" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Search className="size-4" aria-hidden="true" />
          {s.following.findPeople}
        </Link>
      </div>
    </Card>
  );
}
