import type { CountForms } from '@/lib/format';

const postForms: CountForms = {
  zero: 'لا توجد منشورات',
  one: 'منشور واحد',
  two: 'منشوران',
  few: 'منشورات',
  many: 'منشوراً',
  hundreds: 'منشور',
};

const userForms: CountForms = {
  zero: 'لا أحد',
  one: 'مستخدم واحد',
  two: 'مستخدمان',
  few: 'مستخدمين',
  many: 'مستخدماً',
  hundreds: 'مستخدم',
};

const resultForms: CountForms = {
  zero: 'لا نتائج',
  one: 'نتيجة واحدة',
  two: 'نتيجتان',
  few: 'نتائج',
  many: 'نتيجة',
  hundreds: 'نتيجة',
};

/** Copy of the discovery screens: search, trends and the hashtag page. */
export const discoveryStrings = {
  loadMore: 'تحميل المزيد',
  loadingMore: 'جارٍ تحميل المزيد...',
  nextPageFailed: 'تعذّر تحميل المزيد من المنشورات',
  retry: 'إعادة المحاولة',
  allTags: 'كل الوسوم',
  /** How many people used a hashtag (formatCount). */
  userForms,
  postForms,

  search: {
    title: 'البحث',
    subtitle: 'ابحث في الآراء والنقاشات والوسوم',
    formLabel: 'البحث في المنشورات',
    inputLabel: 'ابحث',
    placeholder: 'اكتب كلمة أو عبارة أو #وسم',
    submit: 'ابحث الآن',
    filters: 'الفلاتر',
    hashtag: 'الوسم',
    sort: 'الترتيب',
    sorts: {
      relevance: 'الأكثر صلة',
      recent: 'الأحدث',
      popular: 'الأكثر شعبية',
      trending: 'الرائج',
    },
    clearFilters: 'مسح الفلاتر',
    resultsLabel: 'نتائج البحث',
    typesLabel: 'نوع النتائج',
    types: { posts: 'المنشورات', users: 'الأشخاص', hashtags: 'الوسوم' },
    usersEmpty: 'لا يوجد أشخاص بهذا الاسم',
    hashtagsEmpty: 'لا توجد وسوم مطابقة',
    resultForms,
    /** After the count: «3 نتائج للبحث عن «قهوة»». */
    resultsFor: 'للبحث عن',
    loading: 'جارٍ البحث...',
    failed: 'فشل البحث',
    empty: 'لا توجد نتائج',
    emptyBody: 'جرّب كلمات أخرى، أو أزل الفلاتر، أو ابحث بوسم مختلف.',
    prompt: 'عمّ تبحث؟',
    promptBody: 'اكتب كلمة أو عبارة في مربع البحث لتظهر لك المنشورات المطابقة.',
    tipsTitle: 'نصائح للبحث',
    tips: [
      'لا فرق بين أشكال الهمزة والألف: «أ» و«إ» و«آ» و«ا» سواء.',
      'التاء المربوطة والهاء سواء: «القهوة» تطابق «القهوه».',
      'التشكيل يُتجاهل: «قَهْوَة» مثل «قهوة».',
      'اكتب #وسم ليقتصر البحث على المنشورات التي تحمل هذا الوسم.',
    ],
    trendingTitle: 'الوسوم الرائجة',
    trendingEmpty: 'لا توجد وسوم رائجة حالياً',
    recentTitle: 'عمليات البحث الأخيرة',
    recentEmpty: 'لا توجد عمليات بحث محفوظة',
  },

  trends: {
    title: 'الترندات',
    subtitle: 'الوسوم والمنشورات الأكثر تداولاً',
    periodLabel: 'الفترة',
    periods: { 1: 'اليوم', 7: 'أسبوع', 30: 'شهر' } as Record<number, string>,
    hashtagsTitle: 'الوسوم الرائجة',
    hashtagsFailed: 'فشل في تحميل الوسوم الرائجة',
    hashtagsEmpty: 'لا توجد وسوم رائجة في هذه الفترة',
    rank: (rank: string) => `المرتبة ${rank}`,
    filterBy: (name: string) => `عرض منشورات #${name} الرائجة`,
    postsTitle: 'المنشورات الرائجة',
    postsTitleTag: 'المنشورات الرائجة في',
    postsFailed: 'فشل في تحميل المنشورات الرائجة',
    postsEmpty: 'لا توجد منشورات رائجة في هذه الفترة',
    badge: 'رائج',
    sparkline: (counts: string, peak: string, last: string) =>
      `المستخدمون يومياً: ${counts} (الأعلى ${peak}، آخر يوم ${last})`,
    sparklineEmpty: 'لا يوجد استخدام في هذه الفترة',
  },

  hashtag: {
    missingTitle: 'الوسم غير موجود',
    missingBody: 'لم نجد اسم وسم في هذا الرابط.',
    trendsLink: 'تصفح الترندات',
    sort: 'الترتيب',
    sorts: { recent: 'الأحدث', popular: 'الأكثر تفاعلاً' },
    refresh: 'تحديث',
    refreshFailed: 'تعذّر تحديث المنشورات',
    newPost: 'منشور جديد',
    postsLabel: (name: string) => `منشورات #${name}`,
    failed: 'فشل في تحميل منشورات الوسم',
    empty: 'لا توجد منشورات بهذا الوسم بعد',
    emptyBody: 'كن أول من يكتب عنه.',
    suggestedTitle: 'وسوم مقترحة',
    suggested: ['الرياض', 'موسم_الرياض', 'القهوة', 'دوري_روشن', 'كتب', 'سياحة', 'جدة', 'رمضان'],
  },
};
