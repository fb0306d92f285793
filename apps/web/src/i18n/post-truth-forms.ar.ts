/** Copy of the edit history dialog and of the composer's poll duration and image description fields. */
export const postTruthFormStrings = {
  history: {
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
    duration: 'مدة الاستطلاع',
    durations: {
      open: 'مفتوح بلا نهاية',
      '1h': 'ساعة واحدة',
      '1d': 'يوم واحد',
      '3d': '3 أيام',
      '7d': '7 أيام',
    },
    /** The editor's line on a published poll's end. */
    endsAt: (when: string, left: string) => `ينتهي الاستطلاع ${when} (${left})`,
    endedAt: (when: string) => `انتهى الاستطلاع ${when}، ونتائجه نهائية`,
    noEnd: 'الاستطلاع مفتوح بلا نهاية',
  },
  image: {
    alt: 'وصف الصورة',
    altPlaceholder: 'صف ما في الصورة لمن لا يراها',
    altHint: 'يقرؤه قارئ الشاشة، ويظهر إن لم تُحمَّل الصورة',
  },
} as const;
