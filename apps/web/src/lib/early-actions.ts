/**
 * A page rendered on the server can be clicked before the app has taken it over. A click on a button would then be
 * lost (React is not listening yet, or has not got the page's code), and a submit button would send its form the
 * browser's own way: a reload with what was typed in the address. From the first line of the app's code until the
 * page is taken over, such clicks and submissions are held, and then performed again on the same elements.
 *
 * Links still work the browser's way (every public page is rendered on the server), and so do forms with an
 * `action` of their own, which are made to work without the app.
 */

/** What is held: buttons and what acts like one. Fields, checkboxes and labels keep their own behaviour. */
const ACTION_SELECTOR =
  'button, input[type="submit"], input[type="image"], input[type="button"], [role="button"], summary';

/** If the page has not been taken over by then (a failed start), held actions are dropped and clicks pass. */
const TAKE_OVER_LIMIT_MS = 10_000;

type HeldAction =
  | { kind: 'click'; element: HTMLElement }
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

let held: HeldAction[] | null = null;
let limit: ReturnType<typeof setTimeout> | undefined;

/** The form a button or input submits, if any. */
function formOf(element: HTMLElement): HTMLFormElement | null {
  return element instanceof HTMLButtonElement || element instanceof HTMLInputElement ? element.form : null;
}

/** A form made to work without the app: its own submission is kept. */
function submitsOnItsOwn(form: HTMLFormElement | null): boolean {
  return form?.hasAttribute('action') ?? false;
}

function holdClick(event: MouseEvent) {
  if (event.button !== 0 || !(event.target instanceof Element)) return;
  const element = event.target.closest<HTMLElement>(ACTION_SELECTOR);
  if (!element || element.closest('a[href]')) return;
  if (submitsOnItsOwn(formOf(element))) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held?.push({ kind: 'click', element });
}

/** A submission without a button click (Enter in a form without a submit button). */
function holdSubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || submitsOnItsOwn(form)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held?.push({ kind: 'submit', form, submitter: event.submitter });
}

function stopHolding(): HeldAction[] {
  const actions = held ?? [];
  held = null;
  clearTimeout(limit);
  window.removeEventListener('click', holdClick, true);
  window.removeEventListener('submit', holdSubmit, true);
  return actions;
}

/** Starts holding actions on a page rendered on the server; main.tsx calls it before anything else. */
export function holdEarlyActions(): void {
  if (held) return;
  held = [];
  window.addEventListener('click', holdClick, true);
  window.addEventListener('submit', holdSubmit, true);
}

/** Called as the app starts: from then on the page has a limited time to be taken over. */
export function limitEarlyActions(): void {
  if (!held) return;
  limit = setTimeout(stopHolding, TAKE_OVER_LIMIT_MS);
}

/**
 * The page has been taken over: the held actions are performed, in order, on those of their elements that are
 * still on the page (a page rendered afresh for a signed-in user has replaced them).
 */
export function releaseEarlyActions(): void {
  if (!held) return;
  for (const action of stopHolding()) {
    if (action.kind === 'click') {
      if (action.element.isConnected) action.element.click();
    } else if (action.form.isConnected) {
      const { form, submitter } = action;
      form.requestSubmit(submitter?.isConnected && formOf(submitter) === form ? submitter : null);
    }
  }
}
