/** Copy of pushes to this device: the system notification the service worker shows, and the Settings toggle. */
export const pushStrings = {
  /** Shown when a push arrives that cannot be read, so the person still learns something happened. */
  fallback: {
    title: 'رأي',
    body: 'لديك إشعار جديد',
  },
  device: {
    title: 'الإشعارات على هذا الجهاز',
    body: 'تصلك إشعارات رأي على هذا المتصفح حتى حين يكون الموقع مغلقاً، بحسب ما تختاره لكل نوع من الإشعارات.',
    switchLabel: 'إشعارات هذا الجهاز',
    on: 'مفعّلة',
    off: 'متوقفة',
    checking: 'جارٍ التحقق…',
    turnedOn: 'فُعّلت الإشعارات على هذا الجهاز',
    turnedOff: 'أُوقفت الإشعارات على هذا الجهاز',
    turnOnFailed: 'تعذر تفعيل الإشعارات على هذا الجهاز',
    turnOffFailed: 'تعذر إيقاف الإشعارات على هذا الجهاز',
    notGranted: 'لم تُفعَّل الإشعارات لأن المتصفح لم يُمنح الإذن',
    unsupported:
      'هذا المتصفح لا يستقبل الإشعارات. على آيفون وآيباد أضف «رأي» إلى الشاشة الرئيسية من قائمة المشاركة ثم افتحه من هناك.',
    noWorker: 'الإشعارات غير متاحة في هذه النسخة من الموقع بعد. أعد تحميل الصفحة ثم حاول مجدداً.',
    deniedTitle: 'الإشعارات محظورة لهذا الموقع في متصفحك',
    deniedBody:
      'لإعادة السماح بها: اضغط على رمز القفل أو الإعدادات بجانب عنوان الموقع، واختر «الإشعارات» ثم «السماح»، ثم أعد تحميل الصفحة.',
  },
} as const;
