import { Bookmark, BookmarkCheck } from 'lucide-react';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';

/** A visible save toggle (the post page); the menu offers the same action on cards. */
export function BookmarkButton({ bookmarked, onToggle }: { bookmarked: boolean; onToggle: () => void }) {
  const Icon = bookmarked ? BookmarkCheck : Bookmark;
  return (
    <button
      type="button"
      onClick={onToggle}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
        bookmarked
          ? 'bg-brand-50 text-brand-800 hover:bg-brand-100'
          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <Icon className={cn('size-4.5', bookmarked && 'fill-brand-200')} aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">
        {bookmarked ? strings.posts.unbookmark : strings.posts.bookmark}
      </span>
    </button>
  );
}
