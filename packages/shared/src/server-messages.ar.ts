/**
 * Arabic copy that only the server sends (refusals of sign-in, uploads, moderation, sessions…): the browser shows
 * it as the answer's message and never needs it itself, so no web module imports this file and it stays out of the
 * web app's bundles. What the forms show as well lives in `messages.ar.ts`.
 */
export const serverMsg = {
  passwordCommon: 'كلمة المرور هذه شائعة جداً وسهلة التخمين، اختر كلمة مرور أخرى',
  invalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  emailTaken: 'البريد الإلكتروني مستخدم من قبل',
  usernameTaken: 'اسم المستخدم مستخدم من قبل',
  socialProviderUnavailable: 'تسجيل الدخول عبر هذا الحساب غير متاح حالياً',
  socialReturnUrlInvalid: 'عنوان العودة غير مسموح به',
  socialSessionInvalid: 'انتهت صلاحية جلسة تسجيل الدخول أو استُخدمت من قبل، يرجى المحاولة مرة أخرى',
  socialStateInvalid: 'انتهت صلاحية طلب تسجيل الدخول أو أنه غير صالح، يرجى المحاولة مرة أخرى',
  routeNotFound: 'المسار المطلوب غير موجود',
  tooManyLoginAttempts: 'محاولات دخول كثيرة، يرجى المحاولة بعد قليل',
  badJson: 'صيغة الطلب غير صحيحة',
  invalidCharacters: 'يحتوي الطلب على رموز غير مسموح بها',
  emailAlreadyVerified: 'بريدك الإلكتروني مؤكد بالفعل',
  verifyNoEmail: 'لا يوجد بريد إلكتروني مرتبط بحسابك',
  verifyTooMany: 'أرسلنا روابط تأكيد كثيرة مؤخراً، يرجى المحاولة لاحقاً',
  emailUnchanged: 'هذا هو بريدك الإلكتروني الحالي',
  changeEmailNeedsPassword: 'يلزم تعيين كلمة مرور لحسابك قبل تغيير البريد الإلكتروني',
  changeEmailTooMany: 'محاولات كثيرة لتغيير البريد الإلكتروني، يرجى المحاولة لاحقاً',
  deviceOn: (browser: string, os: string) => `${browser} على ${os}`,
  browserOn: (os: string) => `متصفح على ${os}`,
  unknownDevice: 'جهاز غير معروف',

  imageUnreadable: 'تعذر قراءة الصورة، قد يكون الملف تالفاً',
  imageTooManyPixels: 'أبعاد الصورة كبيرة جداً',
  imageAnimationTooLarge:
    'الصورة المتحركة كبيرة جداً: إطاراتها كثيرة بالنسبة إلى أبعادها، جرّب صورة أقصر أو أصغر',
  imageTooSlow: 'استغرقت معالجة الصورة وقتاً أطول من المسموح، جرّب صورة أصغر أو أبسط',
  imageUploadInProgress: 'ما زالت صورتك السابقة قيد المعالجة، انتظر حتى تكتمل ثم حاول مرة أخرى',
  imagesBusy: 'الخادم مشغول بمعالجة صور أخرى، حاول مرة أخرى بعد قليل',
  imageOneFile: 'يمكن رفع صورة واحدة فقط',
  imageRequired: 'لم يتم اختيار صورة',
  storageUnavailable: 'تعذّر حفظ الصورة الآن، حاول مرة أخرى بعد قليل',
  pollAlreadyVoted: 'لقد صوّت في هذا الاستطلاع من قبل',
  reportDuplicate: 'لقد أبلغت عن هذا المحتوى من قبل',

  contactTooMany: 'لم يتم إرسال رسالتك: أرسلت رسائل كثيرة خلال ساعة، يرجى المحاولة لاحقاً',
  contactMessageNotFound: 'لم يتم العثور على الرسالة',
  commentNotFound: 'لم يتم العثور على التعليق',
  cannotFollowSelf: 'لا يمكنك متابعة نفسك',
  reportOwnContent: 'لا يمكنك الإبلاغ عن محتوى نشرته بنفسك',
  reportNotFound: 'لم يتم العثور على البلاغ',
  reportAlreadyProcessed: 'تمت معالجة هذا البلاغ من قبل',
  contentNotFound: 'لم يتم العثور على المحتوى',
  warningSent: 'تم إرسال التنبيه',
  suspended: (until: string) => `تم الإيقاف عن النشر والتعليق والتصويت حتى ${until}`,
  suspensionLifted: 'تم رفع الإيقاف',
  accountSuspendedNow: 'حسابك موقوف مؤقتاً عن النشر والتعليق والتصويت',
};
