import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { cn } from '@/lib/cn';

const s = discoveryStrings.hashtag;

/** A fixed, curated list of Saudi topics to wander to; the current tag is marked. */
export function SuggestedHashtags({ current }: { current: string }) {
  return (
    <Card className="p-4">
      <h2 className="font-bold text-slate-900">{s.suggestedTitle}</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {s.suggested.map((name) => (
          <li key={name}>
            <Link
              to={`/wasm/${encodeURIComponent(name)}`}
              aria-current={name === current ? 'page' : undefined}
              className={cn(
                'inline-block rounded-full px-3 py-1 text-sm font-medium transition-colors',
                name === current
                  ? 'bg-brand-solid text-white'
                  : 'bg-brand-50 text-brand-800 hover:bg-brand-100',
              )}
            >
              #{name}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
