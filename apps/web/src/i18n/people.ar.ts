/** Copy of the following feed, suggested people and the people search results. */
export const peopleStrings = {
  feedTabs: {
    label: 'اختيار المنشورات',
    all: 'للجميع',
    following: 'متابَعون',
  },
  following: {
    title: 'منشورات من تتابعهم',
    emptyTitle: 'لا منشورات ممن تتابعهم بعد',
    emptyBody: 'تابع أشخاصاً يهمّك رأيهم لتظهر منشوراتهم هنا، الأحدث أولاً.',
    noFollowsTitle: 'لم تتابع أحداً بعد',
    noFollowsBody: 'تابع بعض هؤلاء لتظهر منشوراتهم هنا.',
    findPeople: 'ابحث عن أشخاص',
  },
  suggestions: {
    title: 'أشخاص قد تودّ متابعتهم',
    sideTitle: 'اقتراحات للمتابعة',
    loadFailed: 'تعذّر تحميل الاقتراحات',
    none: 'لا اقتراحات الآن، جرّب البحث عن أشخاص.',
    more: 'المزيد من الأشخاص',
  },
  person: {
    profileOf: (name: string) => `الملف الشخصي لـ ${name}`,
  },
} as const;
