/**
 * A `timestamptz` as PostgreSQL writes it into JSON (`2026-11-24T01:48:52.679985+00:00`), in the form every answer
 * carries: JavaScript's `toISOString()`, milliseconds and `Z` (`2026-11-24T01:48:52.679Z`). Times in UTC with a
 * four-digit year, which is what a server running in UTC writes, are rewritten as text, the fraction cut to
 * milliseconds as `Date` does; any other form goes through `Date`.
 */
export function isoTimestamp(text: string): string {
  const length = text.length;
  if (
    length >= 25 &&
    text.endsWith('+00:00') &&
    text.charCodeAt(4) === 45 /* - */ &&
    text.charCodeAt(10) === 84 /* T */
  ) {
    const fraction = text.charCodeAt(19) === 46 /* . */ ? text.slice(20, length - 6) : '';
    if (fraction.length <= 6 && (fraction.length > 0 || length === 25)) {
      return `${text.slice(0, 19)}.${fraction.slice(0, 3).padEnd(3, '0')}Z`;
    }
  }
  return new Date(text).toISOString();
}

/** Arabic, Gregorian calendar, Western digits, Saudi time: the way the web app writes dates. */
const suspensionEnd = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Asia/Riyadh',
});

export function formatSuspensionEnd(date: Date): string {
  return suspensionEnd.format(date);
}
