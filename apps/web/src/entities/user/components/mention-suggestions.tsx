import type { UserListItem } from '@ray/shared/schemas/profile';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Avatar } from '@/components/ui/avatar';
import { conversationStrings as s } from '@/i18n/conversations.ar';
import { cn } from '@/lib/cn';
import { useMentionSuggestions } from '../api/suggest-mentions';
import { insertMention, mentionQueryAt, type MentionQuery } from '../utils/mention-query';

/** Typing pauses this long before the people search is asked. */
const DEBOUNCE_MS = 200;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(value);
    }, delay);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delay]);
  return debounced;
}

export interface MentionComposer {
  /** Spread on the textarea: the combobox roles and the handlers that follow the caret. */
  textareaProps: {
    role: 'combobox';
    'aria-autocomplete': 'list';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-activedescendant': string | undefined;
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
    onInput: (event: SyntheticEvent<HTMLTextAreaElement>) => void;
    onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => void;
  };
  /** The suggestions, placed right after the textarea inside a `relative` box. */
  listbox: ReactNode;
}

/**
 * Suggests people while an `@name` is typed in a textarea: a small listbox under it fed by the users search
 * (debounced), driven from the keyboard (arrows, Enter or Tab to choose, Escape to close) or the pointer.
 * Choosing puts `@username ` in place of what was typed and hands the new text to `onChange`.
 */
export function useMentionComposer(onChange: (value: string) => void): MentionComposer {
  const listId = useId();
  const element = useRef<HTMLTextAreaElement | null>(null);
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const typed = useDebounced(query?.text ?? null, DEBOUNCE_MS);
  const suggestions = useMentionSuggestions(query && typed ? typed : null);
  const people: UserListItem[] = query && query.text.length > 0 ? (suggestions.data ?? []) : [];
  const open = query !== null && query.text.length > 0 && dismissed !== query.start;

  const follow = (target: HTMLTextAreaElement) => {
    element.current = target;
    const next = mentionQueryAt(target.value, target.selectionStart);
    setQuery((current) => (current?.start === next?.start && current?.text === next?.text ? current : next));
    if (next?.start !== query?.start) setActive(0);
  };

  const choose = (person: UserListItem) => {
    const target = element.current;
    if (!target || !query) return;
    const result = insertMention(target.value, query, target.selectionStart, person.username);
    onChange(result.value);
    setQuery(null);
    // The form's value is set first; the caret goes after the inserted name once the text is in place.
    requestAnimationFrame(() => {
      target.focus();
      target.setSelectionRange(result.caret, result.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(query.start);
      return;
    }
    if (people.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + people.length) % people.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(people[Math.min(active, people.length - 1)]!);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeIndex = Math.min(active, Math.max(people.length - 1, 0));

  const listbox = open ? (
    <ul
      id={listId}
      role="listbox"
      aria-label={s.mentionListLabel}
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-xl bg-surface p-1 shadow-lg ring-1 ring-slate-200"
    >
      {people.length === 0 ? (
        <li role="presentation" className="px-3 py-2 text-sm text-slate-600">
          {suggestions.isFetching || typed !== query.text ? s.mentionLoading : s.mentionNone}
        </li>
      ) : (
        people.map((person, index) => (
          <li
            key={person.userId}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            onMouseDown={(event) => {
              // Keeps the focus in the textarea, so the caret is still where the name goes.
              event.preventDefault();
            }}
            onClick={() => {
              choose(person);
            }}
            onMouseEnter={() => {
              setActive(index);
            }}
            className={cn(
              'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2',
              index === activeIndex ? 'bg-brand-50' : 'hover:bg-slate-50',
            )}
          >
            <Avatar src={person.avatarUrl} name={person.displayName} size="sm" />
            <span className="min-w-0">
              <bdi className="block truncate text-sm font-semibold text-slate-900">{person.displayName}</bdi>
              <bdi dir="ltr" className="block truncate text-xs text-slate-600">
                @{person.username}
              </bdi>
            </span>
          </li>
        ))
      )}
    </ul>
  ) : null;

  return {
    textareaProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-activedescendant': open && people.length > 0 ? optionId(activeIndex) : undefined,
      onKeyDown,
      onInput: (event) => {
        setDismissed(null);
        follow(event.currentTarget);
      },
      onSelect: (event) => {
        follow(event.currentTarget);
      },
    },
    listbox,
  };
}
