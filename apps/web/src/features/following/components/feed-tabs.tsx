import { peopleStrings } from '@/i18n/people.ar';
import { cn } from '@/lib/cn';
import { FEED_TABS, type FeedTab } from '../utils/feed-tab';

const s = peopleStrings.feedTabs;

/** «للجميع» and «متابَعون» above the home feed; the choice lives in the address (see feed-tab.ts). */
export function FeedTabs({ active, onChange }: { active: FeedTab; onChange: (tab: FeedTab) => void }) {
  return (
    <div role="tablist" aria-label={s.label} className="flex gap-2 border-b border-slate-200">
      {FEED_TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`feed-tab-${tab}`}
          aria-selected={active === tab}
          aria-controls="feed-panel"
          onClick={() => {
            if (tab !== active) onChange(tab);
          }}
          className={cn(
            '-mb-px min-h-11 border-b-2 px-4 py-2 text-sm',
            active === tab
              ? 'border-brand-700 font-bold text-brand-800'
              : 'border-transparent font-semibold text-slate-600 hover:text-slate-900',
          )}
        >
          {s[tab]}
        </button>
      ))}
    </div>
  );
}
