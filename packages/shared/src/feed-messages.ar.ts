import { plural } from './plural';

/**
 * The part of the messages (messages.ar.ts, which includes it) that the home page needs on its first screen: API
 * errors, votes, bookmarks and the sign-in prompts of a post card. Kept apart so the browser's first download
 * does not carry every form's copy.
 */
export const feedMsg = {
  invalidData: 'البيانات المدخلة غير صحيحة',
  /** The name an anonymous post or comment carries, for everyone, its author included. */
  anonymousName: 'مجهول',
  sessionExpired: 'انتهت الجلسة، يرجى تسجيل الدخول مجدداً',
  unauthorized: 'يجب تسجيل الدخول أولاً',
  forbidden: 'ليس لديك صلاحية للقيام بهذا الإجراء',
  notFound: 'المورد المطلوب غير موجود',
  rateLimited: 'طلبات كثيرة جداً، يرجى المحاولة لاحقاً',
  serverError: 'حدث خطأ غير متوقع، يرجى المحاولة مرة أخرى',
  serviceUnavailable: 'الخدمة غير متاحة مؤقتاً، يرجى المحاولة بعد قليل',
  payloadTooLarge: 'حجم الطلب كبير جداً',
  pollParseError: 'خطأ في تحليل خيارات الاستطلاع',
  postsLoadFailed: 'فشل في تحميل المنشورات',
  voteFailed: 'فشل في التصويت',
  rateFailed: 'فشل في التقييم',
  voteSuccess: 'تم التصويت بنجاح',
  /** A rating of one to five stars, the noun agreeing with its number: «بنجمة واحدة», «بنجمتين», «بـ 3 نجوم». */
  rateSuccess: (n: number) =>
    plural(n, {
      zero: 'تم إلغاء التقييم',
      one: 'تم التقييم بنجمة واحدة',
      two: 'تم التقييم بنجمتين',
      few: 'تم التقييم بـ # نجوم',
      many: 'تم التقييم بـ # نجمة',
      other: 'تم التقييم بـ # نجمة',
    }),
  likeSuccess: 'تم تسجيل إعجابك',
  dislikeSuccess: 'تم تسجيل عدم إعجابك',
  voteRemoved: 'تم إلغاء تصويتك',
  loginToVote: 'يجب تسجيل الدخول للتصويت',
  loginToRate: 'يجب تسجيل الدخول للتقييم',
  loginToBookmark: 'يجب تسجيل الدخول لحفظ المنشورات',
  loginToReport: 'يجب تسجيل الدخول للإبلاغ عن المنشورات',
  loginToEditPosts: 'يجب تسجيل الدخول لتعديل المنشورات',
  loginToEditPost: 'يجب تسجيل الدخول لتعديل المنشور',
  bookmarkAdded: 'تم حفظ المنشور',
  bookmarkRemoved: 'تم إلغاء حفظ المنشور',
  bookmarkFailed: 'فشل في العملية',
  linkCopiedPost: 'تم نسخ رابط المنشور',
  imageLoadFailed: 'فشل في تحميل الصورة',
} as const;
