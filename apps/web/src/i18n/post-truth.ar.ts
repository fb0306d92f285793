import type { PluralForms } from '@ray/shared/plural';

/** Copy of a post's edit history, a poll's end and an image's description. */
export const postTruthStrings = {
  history: {
    edited: 'معدّل',
    editedHint: (when: string) => `عُدّل ${when}، اضغط لعرض النسخ السابقة`,
    title: 'النسخ السابقة',
    description: 'ما كُتب في هذا المنشور قبل تعديله، من الأحدث إلى الأقدم.',
    empty: 'لا توجد نسخ سابقة لهذا المنشور.',
    failed: 'تعذّر تحميل النسخ السابقة',
    retry: 'إعادة المحاولة',
    more: 'عرض نسخ أقدم',
    close: 'إغلاق',
    writtenAt: 'نُشرت هذه النسخة',
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
    duration: 'مدة الاستطلاع',
    durations: {
      open: 'مفتوح بلا نهاية',
      '1h': 'ساعة واحدة',
      '1d': 'يوم واحد',
      '3d': '3 أيام',
      '7d': '7 أيام',
    },
    finalResults: 'النتائج نهائية',
  },
  image: {
    alt: 'وصف الصورة',
    altPlaceholder: 'صف ما في الصورة لمن لا يراها',
    altHint: 'يقرؤه قارئ الشاشة، ويظهر إن لم تُحمَّل الصورة',
    /** The alt of an image its author did not describe. */
    fallbackAlt: (excerpt: string) => `صورة مرفقة بمنشور: ${excerpt}`,
  },
} satisfies {
  poll: { minutes: PluralForms; hours: PluralForms; days: PluralForms } & Record<string, unknown>;
} & Record<string, unknown>;
