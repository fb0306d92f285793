/**
 * Interface copy of the web app. Validation and error messages shared with the server live in
 * `@ray/shared/messages.ar`; this file holds only what the browser alone shows.
 */
export const strings = {
  app: {
    name: 'رأي',
    tagline: 'شارك رأيك، واسمع آراء الآخرين',
    titleSuffix: 'رأي',
    loading: 'جارٍ التحميل...',
    skipToContent: 'انتقل إلى المحتوى',
  },

  nav: {
    home: 'الرئيسية',
    trends: 'الترندات',
    about: 'من نحن',
    contact: 'اتصل بنا',
    privacy: 'سياسة الخصوصية',
    faq: 'الأسئلة الشائعة',
    login: 'تسجيل الدخول',
    register: 'إنشاء حساب',
    newPost: 'منشور جديد',
    create: 'إنشاء',
    account: 'حسابي',
    notifications: 'الإشعارات',
    moderation: 'الإشراف',
    notificationsWithCount: (badge: string) => `الإشعارات، ${badge} غير مقروءة`,
    mainNavigation: 'التنقل الرئيسي',
    footerNavigation: 'روابط الموقع',
    openMenu: 'فتح القائمة',
    closeMenu: 'إغلاق القائمة',
    accountMenu: 'قائمة الحساب',
    profile: 'الملف الشخصي',
    myPosts: 'منشوراتي',
    bookmarks: 'المحفوظات',
    settings: 'الإعدادات',
    logout: 'تسجيل الخروج',
  },

  theme: {
    label: 'المظهر',
    system: 'حسب الجهاز',
    light: 'فاتح',
    dark: 'داكن',
  },

  search: {
    label: 'بحث',
    placeholder: 'ابحث في الآراء والوسوم...',
    submit: 'بحث',
  },

  newPost: {
    fabLabel: 'إنشاء منشور',
    quick: 'منشور سريع',
    quickHint: 'اكتب رأيك في ثوانٍ',
    advanced: 'منشور متقدم',
    advancedHint: 'استطلاع، تقييم، صورة وموقع',
    quickDialogTitle: 'منشور سريع',
    quickDialogDescription: 'اكتب رأيك واختر طريقة التصويت عليه',
    close: 'إغلاق',
  },

  suspension: {
    hint: 'يمكنك التصفح والقراءة كالمعتاد، ويُرفع الإيقاف تلقائياً في موعده.',
  },

  ads: {
    label: 'مساحة إعلانية',
    sponsored: 'إعلان',
  },

  footer: {
    about: 'رأي منصة عربية لمشاركة الآراء والتصويت عليها ومتابعة ما يشغل الناس.',
    rights: (year: number) => `© ${year} رأي. جميع الحقوق محفوظة.`,
  },

  sidebar: {
    guestTitle: 'انضم إلى النقاش',
    guestBody: 'أنشئ حساباً مجانياً لتنشر آراءك وتصوّت وتعلّق وتحفظ ما يعجبك.',
    guestCta: 'أنشئ حسابك',
    memberTitle: 'ما الذي يدور في بالك؟',
    memberBody: 'شارك رأيك أو اطرح استطلاعاً ودع الآخرين يصوّتون.',
    memberCta: 'اكتب منشوراً',
  },

  common: {
    retry: 'إعادة المحاولة',
    backHome: 'العودة إلى الرئيسية',
    showPassword: 'إظهار كلمة المرور',
    hidePassword: 'إخفاء كلمة المرور',
    loadFailed: 'تعذر تحميل هذه الصفحة',
    close: 'إغلاق',
    notices: 'التنبيهات',
  },

  errors: {
    network: 'تعذر الاتصال بالخادم، تحقق من اتصالك بالإنترنت ثم حاول مجدداً',
    timeout: 'انتهت مهلة الطلب، يرجى المحاولة مرة أخرى',
    pageCrashedTitle: 'حدث خطأ غير متوقع',
    pageCrashedBody: 'تعذر عرض هذه الصفحة. جرّب إعادة تحميلها، وإن تكرر الخطأ فعد لاحقاً.',
    reload: 'إعادة تحميل الصفحة',
  },

  feed: {
    loading: 'جارٍ تحميل المنشورات...',
    loadingMore: 'جارٍ تحميل المزيد...',
    loadMore: 'تحميل المزيد',
    end: 'وصلت إلى نهاية المنشورات',
    emptyTitle: 'لا توجد منشورات بعد',
    emptyBody: 'لم ينشر أحد رأيه حتى الآن. المنصة بانتظار أول رأي!',
    emptyGuestBody: 'لم ينشر أحد رأيه حتى الآن. سجّل دخولك وكن أول من يشارك.',
    beFirst: 'كن أول من ينشر',
    nextPageFailed: 'تعذر تحميل المزيد من المنشورات',
  },

  posts: {
    location: 'الموقع',
    onMap: 'موقع على الخريطة',
    yourPost: 'منشورك',
    edited: 'معدّل',
    hidden: 'مخفي',
    hiddenHint: 'هذا المنشور مخفي عن الآخرين بعد مراجعة البلاغات',
    showMore: 'عرض المزيد',
    menuLabel: 'خيارات المنشور',
    edit: 'تعديل',
    delete: 'حذف',
    bookmark: 'حفظ المنشور',
    unbookmark: 'إلغاء الحفظ',
    report: 'إبلاغ',
    share: 'مشاركة',
    comments: 'التعليقات',
    commentsLink: (count: string) => `${count}، الانتقال إلى التعليقات`,
    image: 'صورة المنشور',
    openImage: 'عرض الصورة بالحجم الكامل',
    imageViewer: 'عرض الصورة',
    closeImage: 'إغلاق الصورة',
    back: 'رجوع',
    notFoundBody: 'ربما حذفه صاحبه أو أن الرابط غير صحيح.',
    deleteTitle: 'حذف المنشور؟',
    deleteBody: 'سيُحذف المنشور مع تصويتاته وتعليقاته نهائياً، ولا يمكن التراجع عن ذلك.',
    deleteConfirm: 'حذف المنشور',
    cancel: 'إلغاء',
    votingTypes: {
      'like-dislike': 'إعجاب/عدم إعجاب',
      rating: 'تقييم بالنجوم',
      poll: 'استطلاع',
    },
    votingTypeHints: {
      'like-dislike': 'يعبّر الناس عن موافقتهم أو رفضهم',
      rating: 'يقيّم الناس رأيك من 1 إلى 5 نجوم',
      poll: 'من خيارين إلى 10 خيارات يختار الناس أحدها',
    },
  },

  votes: {
    like: 'أعجبني',
    dislike: 'لم يعجبني',
    rate: (n: number) => `تقييم ${n} من 5`,
    ratingGroup: 'قيّم هذا المنشور',
    yourRating: (n: number) => `تقييمك: ${n} من 5`,
    average: 'متوسط التقييم',
    distribution: 'توزيع التقييمات',
    /** A row of the rating spread, through formatCount: «نجمة واحدة», «نجمتان», «3 نجوم». */
    stars: { zero: 'لا نجوم', one: 'نجمة واحدة', two: 'نجمتان', few: 'نجوم', many: 'نجمة', hundreds: 'نجمة' },
    pollGroup: 'خيارات الاستطلاع',
    yourChoice: 'اختيارك',
    voteToSeeResults: 'اختر خياراً لترى النتائج',
  },

  counts: {
    comments: {
      zero: 'لا تعليقات',
      one: 'تعليق واحد',
      two: 'تعليقان',
      few: 'تعليقات',
      many: 'تعليقاً',
      hundreds: 'تعليق',
    },
    votes: { zero: 'لا أصوات', one: 'صوت واحد', two: 'صوتان', few: 'أصوات', many: 'صوتاً', hundreds: 'صوت' },
    ratings: {
      zero: 'لا تقييمات',
      one: 'تقييم واحد',
      two: 'تقييمان',
      few: 'تقييمات',
      many: 'تقييماً',
      hundreds: 'تقييم',
    },
    posts: {
      zero: 'لا منشورات',
      one: 'منشور واحد',
      two: 'منشوران',
      few: 'منشورات',
      many: 'منشوراً',
      hundreds: 'منشور',
    },
  },

  share: {
    title: 'مشاركة المنشور',
    description: 'انسخ الرابط أو شاركه عبر تطبيقاتك',
    link: 'رابط المنشور',
    copy: 'نسخ الرابط',
    copied: 'تم النسخ',
    native: 'مشاركة عبر التطبيقات',
    via: 'شارك عبر',
    targets: {
      whatsapp: 'واتساب',
      telegram: 'تيليجرام',
      x: 'إكس',
      linkedin: 'لينكدإن',
      facebook: 'فيسبوك',
      email: 'البريد',
    },
    openIn: (target: string) => `مشاركة المنشور عبر ${target} (يفتح في نافذة جديدة)`,
  },

  home: {
    title: 'ماذا يقول الناس اليوم؟',
    subtitle: 'انشر رأيك، صوّت على آراء الآخرين، وتابع الوسوم التي تهمك، كل ذلك بالعربية.',
    ctaLogin: 'سجّل دخولك وشارك',
    ctaTrends: 'تصفح الترندات',
    feedTitle: 'آخر المنشورات',
    refresh: 'تحديث المنشورات',
    composerTitle: 'بماذا تفكر؟',
  },
} as const;
