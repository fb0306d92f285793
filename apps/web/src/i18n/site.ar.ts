import type { ContactCategory } from '@ray/shared/schemas/contact';
import type { CountForms } from '@/lib/format';

const questionForms: CountForms = {
  zero: 'لا توجد أسئلة',
  one: 'سؤال واحد',
  two: 'سؤالان',
  few: 'أسئلة',
  many: 'سؤالاً',
  hundreds: 'سؤال',
};

const messageForms: CountForms = {
  zero: 'لا توجد رسائل',
  one: 'رسالة واحدة',
  two: 'رسالتان',
  few: 'رسائل',
  many: 'رسالة',
  hundreds: 'رسالة',
};

/** A reply's expected delay, after «خلال»: «خلال ساعتين», «خلال 3 ساعات», «خلال 24 ساعة». */
const hourForms: CountForms = {
  zero: 'ساعة',
  one: 'ساعة',
  two: 'ساعتين',
  few: 'ساعات',
  many: 'ساعة',
  hundreds: 'ساعة',
};

const categories: Record<ContactCategory, string> = {
  general: 'استفسار عام',
  technical: 'مشكلة تقنية',
  account: 'الحساب وتسجيل الدخول',
  content: 'المحتوى والبلاغات',
  suggestion: 'اقتراح أو فكرة',
  business: 'الأعمال والإعلانات',
  other: 'موضوع آخر',
};

/**
 * Copy of the contact and FAQ pages and of the admins' contact inbox. The FAQ entries themselves live with the
 * FAQ feature (`features/faq/faq-content.ts`); validation messages are in `@ray/shared/messages.ar`.
 */
export const siteStrings = {
  contact: {
    title: 'اتصل بنا',
    lead: 'سؤال أو مشكلة أو فكرة تجعل رأي أفضل؟ اكتب لنا، ويرد عليك فريق رأي على بريدك الإلكتروني.',
    formTitle: 'أرسل رسالة',
    formHint: 'كل الحقول مطلوبة.',
    name: 'الاسم',
    namePlaceholder: 'الاسم الذي نخاطبك به',
    email: 'البريد الإلكتروني',
    emailPlaceholder: 'name@example.com',
    emailLocked: 'سنرد على البريد المسجّل في حسابك.',
    category: 'التصنيف',
    categoryPlaceholder: 'اختر تصنيف رسالتك',
    categories,
    subject: 'الموضوع',
    subjectPlaceholder: 'عنوان قصير يلخّص رسالتك',
    message: 'الرسالة',
    messagePlaceholder: 'اكتب تفاصيل سؤالك أو المشكلة التي واجهتك، وكيف يمكننا المساعدة...',
    submit: 'إرسال الرسالة',
    successTitle: 'وصلتنا رسالتك',
    successBody: 'شكراً لتواصلك مع رأي. سيقرأ فريقنا رسالتك ويرد عليك في أقرب وقت.',
    successReplyTo: 'سيصلك الرد على',
    successExpected: (hours: string) => `نرد عادة على هذا النوع من الرسائل خلال ${hours}.`,
    hourForms,
    sendAnother: 'إرسال رسالة أخرى',
    backHome: 'العودة إلى الرئيسية',
    infoTitle: 'معلومات التواصل',
    supportEmail: 'بريد الدعم',
    responseTimesTitle: 'مدة الرد المتوقعة',
    responseTimes: {
      general: 'الاستفسارات العامة',
      technical: 'المشكلات التقنية',
      business: 'الأعمال والإعلانات',
    },
    within: (hours: string) => `خلال ${hours}`,
    faqPrompt: 'قد تجد إجابتك أسرع في',
    faqLink: 'الأسئلة الشائعة',
  },

  faq: {
    title: 'الأسئلة الشائعة',
    lead: 'إجابات عن أكثر ما يسأل عنه مستخدمو رأي: النشر والتصويت والخصوصية والحساب وغيرها.',
    searchLabel: 'ابحث في الأسئلة',
    searchPlaceholder: 'مثلاً: الصور، كلمة المرور، مجهول...',
    clearSearch: 'مسح البحث',
    categoriesLabel: 'تصنيفات الأسئلة',
    all: 'الكل',
    resultsLabel: 'الأسئلة',
    questionForms,
    emptyTitle: 'لم نجد سؤالاً يطابق بحثك',
    emptyBody: 'جرّب كلمة أخرى أو تصنيفاً آخر، أو اسألنا مباشرة وسنرد عليك.',
    showAll: 'عرض كل الأسئلة',
    moreTitle: 'لم تجد إجابتك؟',
    moreBody: 'فريق رأي يسعد بمساعدتك. أرسل سؤالك ونرد عليك بالبريد الإلكتروني.',
    contactLink: 'تواصل معنا',
  },

  inbox: {
    title: 'رسائل التواصل',
    subtitle: 'ما يصل من نموذج «اتصل بنا»، الأحدث أولاً.',
    filterLabel: 'عرض الرسائل',
    all: 'كل الرسائل',
    unread: 'غير المقروءة',
    messageForms,
    refresh: 'تحديث',
    unreadBadge: 'جديدة',
    from: 'من',
    member: 'مستخدم مسجّل',
    visitor: 'زائر',
    reply: 'الرد بالبريد',
    replySubject: (subject: string) => `رد: ${subject}`,
    markRead: 'تحديد كمقروءة',
    markReadFailed: 'تعذّر تحديد الرسالة كمقروءة',
    showMore: 'عرض الرسالة كاملة',
    showLess: 'عرض أقل',
    empty: 'لا توجد رسائل',
    emptyUnread: 'قرأت كل الرسائل',
    loadFailed: 'تعذّر تحميل الرسائل',
    loadMore: 'تحميل المزيد',
    loadingMore: 'جارٍ تحميل المزيد...',
    nextPageFailed: 'تعذّر تحميل المزيد من الرسائل',
    retry: 'إعادة المحاولة',
  },
} as const;
