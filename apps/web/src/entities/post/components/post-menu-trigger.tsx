import { MoreHorizontal } from 'lucide-react';
import type { ComponentProps, Ref } from 'react';
import { strings } from '@/i18n/strings.ar';

/** The "…" button of a post: shown by the feed before the menu has loaded, and by the menu once it has. */
export function PostMenuTrigger({
  ref,
  ...props
}: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={strings.posts.menuLabel}
      aria-haspopup="menu"
      className="flex size-10 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900"
      {...props}
    >
      <MoreHorizontal className="size-5" aria-hidden="true" />
    </button>
  );
}
