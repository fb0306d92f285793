import { plural, type PluralForms } from '@ray/shared/plural';

/**
 * Dates and numbers for an Arabic audience. `ar-SA` alone means the Islamic calendar and Arabic-Indic digits;
 * the product uses the Gregorian calendar and Western digits everywhere, matching the digits in its messages.
 */
export const LOCALE = 'ar-SA-u-ca-gregory-nu-latn';
/**
 * Dates and times are those of Saudi Arabia, where the audience is, wherever the text is written: a page rendered
 * on the server then reads exactly as the browser that takes it over would write it.
 */
const TIME_ZONE = 'Asia/Riyadh';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const longDate = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: TIME_ZONE,
});
const monthYear = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'long', timeZone: TIME_ZONE });
const dateTime = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: TIME_ZONE,
});
const numbers = new Intl.NumberFormat(LOCALE);

type Unit = 'minute' | 'hour' | 'day';

/** «منذ …» takes the genitive: «منذ دقيقتين», «منذ 3 ساعات», «منذ 11 يوماً». */
const UNITS: Record<Unit, PluralForms> = {
  minute: {
    zero: 'دقيقة',
    one: 'دقيقة',
    two: 'دقيقتين',
    few: '# دقائق',
    many: '# دقيقة',
    other: '# دقيقة',
  },
  hour: { zero: 'ساعة', one: 'ساعة', two: 'ساعتين', few: '# ساعات', many: '# ساعة', other: '# ساعة' },
  day: { zero: 'يوم', one: 'يوم', two: 'يومين', few: '# أيام', many: '# يوماً', other: '# يوم' },
};

const ago = (count: number, unit: Unit) => `منذ ${plural(count, UNITS[unit])}`;

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Relative time of spec section 9: now, minutes under an hour, hours under a day, days under a week, then the date. */
export function formatRelativeTime(value: Date | string | number, now: Date | number = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = (typeof now === 'number' ? now : now.getTime()) - date.getTime();
  if (elapsed < MINUTE) return 'الآن';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return ago(Math.floor(elapsed / DAY), 'day');
  return longDate.format(date);
}

export function formatLongDate(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}

/** "Member since" style: month and year. */
export function formatMonthYear(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : monthYear.format(date);
}

export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

export function formatNumber(value: number): string {
  return numbers.format(value);
}

const percent = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A percentage given out of 100, always with one decimal ("45.5٪", "0.0٪"). */
export function formatPercent(value: number): string {
  return percent.format(value / 100);
}

/** An average such as a star rating, with one decimal. */
export function formatDecimal(value: number): string {
  return oneDecimal.format(value);
}

/**
 * The forms an Arabic noun takes after a number: none, one and two are words of their own ("تعليق واحد",
 * "تعليقان"), 3 to 10 take the plural, 11 to 99 the accusative singular, and round hundreds the genitive singular.
 */
export interface CountForms {
  zero: string;
  one: string;
  two: string;
  few: string;
  many: string;
  hundreds: string;
}

/**
 * «3 تعليقات», «11 تعليقاً»: the noun after its number, the form chosen by the shared `plural` (the one rule of
 * the web app and the server, Intl.PluralRules('ar')), the number written as the rest of the page writes it.
 */
export function formatCount(count: number, forms: CountForms): string {
  return plural(
    count,
    {
      zero: forms.zero,
      one: forms.one,
      two: forms.two,
      few: `# ${forms.few}`,
      many: `# ${forms.many}`,
      other: `# ${forms.hundreds}`,
    },
    formatNumber,
  );
}
