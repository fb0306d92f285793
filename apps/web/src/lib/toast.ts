/**
 * The app's own toasts, kept instead of a toast library on purpose: sonner, which this replaced, was part of the
 * first screen's JavaScript when the home page went over its weight budget (build/bundle-budget.test.ts holds it),
 * and the app needs only this: one toast at a time, tones, an action, pause on hover and replacement.
 *
 * One at a time, because a pile of notices is read by no one: a newer toast takes the place of the one on screen.
 * Actions whose result already shows where they were made (a vote, a saved post, a comment) confirm beside their
 * control instead (components/ui/inline-status.tsx); their failures still come here.
 */
import { TOAST_DURATION_MS } from '@ray/shared/constants';

export type ToastTone = 'default' | 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  /** Names a toast so that it can be dismissed by name; shown again, it restarts its time on screen. */
  id?: string;
  description?: string;
  action?: ToastAction;
}

export interface ToastItem {
  id: string;
  tone: ToastTone;
  title: string;
  description?: string;
  action?: ToastAction;
}

type Listener = () => void;

let items: readonly ToastItem[] = [];
let sequence = 0;
const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: readonly ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

function clearTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function dismiss(id: string): void {
  clearTimer(id);
  if (items.some((item) => item.id === id)) publish(items.filter((item) => item.id !== id));
}

/** Starts (or restarts) a toast's countdown; the toaster pauses it while the pointer or focus is on it. */
function schedule(id: string): void {
  clearTimer(id);
  timers.set(
    id,
    setTimeout(() => {
      dismiss(id);
    }, TOAST_DURATION_MS),
  );
}

function show(tone: ToastTone, title: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++sequence}`;
  const item: ToastItem = { id, tone, title, description: options.description, action: options.action };
  for (const replaced of items) clearTimer(replaced.id);
  publish([item]);
  schedule(id);
  return id;
}

/** Short messages that confirm an action or explain why it failed, announced to screen readers. */
export const toast = Object.assign(
  (title: string, options?: ToastOptions) => show('default', title, options),
  {
    success: (title: string, options?: ToastOptions) => show('success', title, options),
    error: (title: string, options?: ToastOptions) => show('error', title, options),
    info: (title: string, options?: ToastOptions) => show('info', title, options),
    dismiss,
    pause: clearTimer,
    resume: schedule,
    getToasts: (): readonly ToastItem[] => items,
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  },
);
