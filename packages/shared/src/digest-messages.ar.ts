import type { PluralForms } from './plural';

/**
 * The e-mail digest and its one-click unsubscribe: the mail's words (HTML and plain text say the same) and the
 * answers of the unsubscribe route. Counts go through the shared `plural`.
 */
export const digestMsg = {
  brand: 'رأي',
  subject: { daily: 'ملخصك اليومي في رأي', weekly: 'ملخصك الأسبوعي في رأي' },
  title: { daily: 'ملخصك اليومي', weekly: 'ملخصك الأسبوعي' },
  greeting: (name: string) => `مرحباً ${name}،`,
  intro: {
    daily: 'هذا ما جرى حولك في رأي منذ ملخصك السابق.',
    weekly: 'هذا ما جرى حولك في رأي خلال الأسبوع.',
  },
  /** The period the digest covers, dates in the reader's zone: «من 24 نوفمبر 2026، 8:00 ص إلى …». */
  period: (from: string, to: string) => `من ${from} إلى ${to}`,

  followers: {
    heading: 'متابعون جدد',
    count: {
      zero: 'لا متابعين جدد',
      one: 'متابع جديد',
      two: 'متابعان جديدان',
      few: '# متابعين جدد',
      many: '# متابعًا جديدًا',
      other: '# متابع جديد',
    } satisfies PluralForms,
    /** «بينهم سارة وعلي»: the newest few, by name. */
    among: (names: string) => `بينهم ${names}`,
    /** What joins names in a list: «سارة، علي، منى». */
    separator: '، ',
    profileLink: 'صفحتك الشخصية',
  },

  topPosts: {
    heading: 'أكثر منشوراتك تصويتاً',
    votes: {
      zero: 'لا أصوات',
      one: 'صوت واحد',
      two: 'صوتان',
      few: '# أصوات',
      many: '# صوتًا',
      other: '# صوت',
    } satisfies PluralForms,
    newVotes: (votes: string) => `${votes} في هذه الفترة`,
  },

  comments: {
    heading: 'تعليقات وردود جديدة',
    count: {
      zero: 'لا تعليقات جديدة',
      one: 'تعليق جديد',
      two: 'تعليقان جديدان',
      few: '# تعليقات جديدة',
      many: '# تعليقًا جديدًا',
      other: '# تعليق جديد',
    } satisfies PluralForms,
    intro: (count: string) => `وصلك ${count} على منشوراتك وتعليقاتك، أحدثها:`,
  },

  mentions: {
    heading: 'إشارات إليك',
    count: {
      zero: 'لا إشارات',
      one: 'إشارة واحدة',
      two: 'إشارتان',
      few: '# إشارات',
      many: '# إشارةً',
      other: '# إشارة',
    } satisfies PluralForms,
    intro: (count: string) => `وصلتك ${count}، أحدثها:`,
  },

  /** «سارة: …»: who wrote an excerpt, and what. */
  said: (writer: string, text: string) => `${writer}: ${text}`,
  openPost: 'افتح المنشور',
  allNotifications: 'كل الإشعارات',

  footer: {
    why: {
      daily: 'وصلتك هذه الرسالة لأنك اخترت تلقي ملخص رأي اليومي بالبريد الإلكتروني.',
      weekly: 'وصلتك هذه الرسالة لأنك اخترت تلقي ملخص رأي الأسبوعي بالبريد الإلكتروني.',
    },
    unsubscribe: 'إلغاء الاشتراك في الملخص',
    settings: 'إعدادات الإشعارات',
  },

  /** The answers of POST /api/email/unsubscribe. */
  unsubscribed: 'تم إلغاء اشتراكك في ملخص رأي، ولن تصلك رسائله بعد الآن.',
  unsubscribeInvalid: 'رابط إلغاء الاشتراك غير صالح. افتح الرابط كما وصلك في الرسالة.',
  unsubscribeTooMany: 'طلبات كثيرة لإلغاء الاشتراك، يرجى المحاولة بعد قليل',
} as const;
