import type { PluralForms } from '@ray/shared/plural';

/** «3 ردود»، «ردّ واحد»، «ردّان»، «11 ردًا»: replies counted with Arabic number agreement. */
const replies: PluralForms = {
  zero: 'لا ردود',
  one: 'ردّ واحد',
  two: 'ردّان',
  few: '# ردود',
  many: '# ردًا',
  other: '# ردّ',
};

/** Copy of replies under comments and of @mentions. */
export const conversationStrings = {
  reply: 'ردّ',
  replyTo: (name: string) => `الردّ على ${name}`,
  replies,
  /** «عرض الردود (3)». */
  showReplies: (count: string) => `عرض الردود (${count})`,
  hideReplies: 'إخفاء الردود',
  repliesLabel: (name: string) => `الردود على ${name}`,
  loadMoreReplies: 'عرض المزيد من الردود',
  repliesLoadFailed: 'تعذّر تحميل الردود',
  loadingReplies: 'جارٍ تحميل الردود',
  replyLabel: 'اكتب ردّك',
  replyPlaceholder: 'اكتب ردّاً… واذكر أحداً بـ @',
  replyAnonymous: 'ردّ كمجهول',
  replySubmit: 'نشر الردّ',
  replyCancel: 'إلغاء',
  replyAdded: 'تم نشر الردّ',
  replyFailed: 'تعذّر نشر الردّ',
  mentionListLabel: 'اقتراحات الأشخاص',
  mentionLoading: 'جارٍ البحث…',
  mentionNone: 'لا أحد بهذا الاسم',
  mentionLink: (username: string) => `الملف الشخصي لـ @${username}`,
};
