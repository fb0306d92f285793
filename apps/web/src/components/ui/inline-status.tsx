import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';

/** How long a confirmation stays beside its control: enough to read a few words, gone by the next glance. */
export const INLINE_STATUS_MS = 2_500;

/** The words, and how many confirmations came before them: the same words said twice are announced twice. */
export type InlineStatusMessage = readonly [text: string, count: number];

/**
 * A short confirmation for an action whose result already shows where it was made (a vote, a saved post, a
 * comment): shown beside the control for a moment instead of a toast that would cover the page.
 */
export function useInlineStatus() {
  const [message, setMessage] = useState<InlineStatusMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(setMessage, INLINE_STATUS_MS, null);
    return () => {
      clearTimeout(timer);
    };
  }, [message]);
  return [
    message,
    (text: string) => {
      setMessage((shown) => [text, (shown?.[1] ?? 0) + 1]);
    },
  ] as const;
}

/**
 * The place of that confirmation. The live region is always in the page, empty between messages, because screen
 * readers announce changes to a region they already know and may miss one that appears with its text; it never
 * takes the focus.
 */
export function InlineStatus({ message }: { message: InlineStatusMessage | null }) {
  return (
    <span role="status" aria-live="polite" className="text-xs font-medium text-emerald-700">
      {message ? (
        <span key={message[1]} className="inline-flex animate-pop-in items-center gap-1">
          <CheckCircle2 className="size-3.5 shrink-0" aria-hidden="true" />
          {message[0]}
        </span>
      ) : null}
    </span>
  );
}
