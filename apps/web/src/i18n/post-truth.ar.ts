import type { PluralForms } from '@ray/shared/plural';

/**
 * Copy a post card shows of its edit history, its poll's end and its image's description. What only the history
 * dialog and the composer use is in post-truth-forms.ar.ts, out of the first screen.
 */
export const postTruthStrings = {
  history: {
    edited: 'معدّل',
    editedHint: (when: string) => `عُدّل ${when}، اضغط لعرض النسخ السابقة`,
  },
  poll: {
    closed: 'انتهى الاستطلاع',
    /** «يتبقى 3 ساعات»: the time left, in its largest whole unit. */
    left: (amount: string) => `يتبقى ${amount}`,
    minutes: {
      zero: 'أقل من دقيقة',
      one: 'دقيقة واحدة',
      two: 'دقيقتان',
      few: '# دقائق',
      many: '# دقيقة',
      other: '# دقيقة',
    },
    hours: {
      zero: 'أقل من ساعة',
      one: 'ساعة واحدة',
      two: 'ساعتان',
      few: '# ساعات',
      many: '# ساعة',
      other: '# ساعة',
    },
    days: {
      zero: 'أقل من يوم',
      one: 'يوم واحد',
      two: 'يومان',
      few: '# أيام',
      many: '# يومًا',
      other: '# يوم',
    },
    finalResults: 'النتائج نهائية',
  },
  image: {
    /** The alt of an image its author did not describe. */
    fallbackAlt: (excerpt: string) => `صورة مرفقة بمنشور: ${excerpt}`,
  },
} satisfies {
  poll: { minutes: PluralForms; hours: PluralForms; days: PluralForms } & Record<string, unknown>;
} & Record<string, unknown>;
