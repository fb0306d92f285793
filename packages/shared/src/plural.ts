/**
 * Arabic number agreement, the one helper for the web app and for every text the server writes. Arabic has six
 * plural forms, which `Intl.PluralRules('ar')` chooses: zero (0), one (1), two (2), few (3–10, 103–110…), many
 * (11–99, 111–199…) and other (100–102, 200–202…). Each form is the whole phrase; `#` stands for the number, so
 * the one and two forms can say it in words («تعليق واحد», «تعليقان») and the others with digits («3 تعليقات»,
 * «11 تعليقًا», «100 تعليق»).
 */
export interface PluralForms {
  zero: string;
  one: string;
  two: string;
  few: string;
  many: string;
  other: string;
}

const rules = new Intl.PluralRules('ar');

/** The phrase for `count`, its number written by `formatNumber` (plain digits when not given). */
export function plural(
  count: number,
  forms: PluralForms,
  formatNumber: (value: number) => string = String,
): string {
  const form = forms[rules.select(count)];
  return form.replaceAll('#', formatNumber(count));
}
