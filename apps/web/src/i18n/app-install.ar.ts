/**
 * Copy of the installed app: the web app manifest (its name, description and shortcuts), the page shown when a
 * page was never read on this device and there is no connection, the offline banner and the install card.
 */
export const appInstallStrings = {
  manifest: {
    name: 'رأي',
    shortName: 'رأي',
    description: 'رأي: منصة عربية تشارك فيها رأيك، تصوّت على آراء الآخرين وتتابع ما يشغل الناس.',
    shortcuts: {
      newPost: { name: 'رأي جديد', description: 'اكتب رأيًا جديدًا أو استطلاعًا' },
      notifications: { name: 'الإشعارات', description: 'ما وصلك من ردود وتصويتات ومتابعات' },
    },
  },

  offlinePage: {
    title: 'غير متصل — رأي',
    heading: 'غير متصل',
    body: 'لا يوجد اتصال بالإنترنت، ولم تُفتح هذه الصفحة على هذا الجهاز من قبل فلا نسخة محفوظة منها.',
    hint: 'الصفحات التي قرأتها مؤخرًا تبقى متاحة دون اتصال.',
    retry: 'أعد المحاولة',
    home: 'الصفحة الرئيسية',
  },

  offlineBanner: {
    title: 'غير متصل',
    body: 'تعرض الصفحات التي قرأتها مؤخرًا، وسيعود كل شيء حين يعود الاتصال.',
  },

  installCard: {
    title: 'ثبّت رأي على جهازك',
    body: 'افتح رأي من شاشتك الرئيسية مباشرة، في نافذة خاصة به، واقرأ ما فتحته مؤخرًا حتى دون اتصال.',
    install: 'تثبيت',
    dismiss: 'ليس الآن',
    close: 'إغلاق',
  },
} as const;
