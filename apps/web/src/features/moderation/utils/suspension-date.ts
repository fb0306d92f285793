const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as the value of an `<input type="datetime-local">`: the browser's local time, to the minute. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The input's local time as an ISO instant for the server, or '' when the field holds no valid moment. */
export function fromLocalInputValue(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** Quick choices of the suspension form, in days from now. */
export const SUSPENSION_PRESETS = [1, 3, 7, 30] as const;

export function daysFromNow(days: number, now: number = Date.now()): Date {
  const date = new Date(now + days * 24 * 60 * 60_000);
  date.setSeconds(0, 0);
  return date;
}
