/** Copy of the report dialog shared by posts and comments. */
export const reportStrings = {
  reports: {
    title: 'الإبلاغ عن منشور',
    description: 'ساعدنا في إبقاء رأي مكاناً آمناً. سيراجع فريق الإشراف بلاغك دون أن يعرف صاحب المنشور هويتك.',
    excerpt: 'المنشور',
    reason: 'سبب الإبلاغ',
    details: 'تفاصيل إضافية (اختياري)',
    detailsPlaceholder: 'أضف ما يساعد فريق الإشراف على فهم المشكلة',
    submit: 'إرسال البلاغ',
    cancel: 'إلغاء',
    reasons: {
      Spam: 'محتوى مزعج أو إعلان',
      InappropriateContent: 'محتوى غير لائق',
      Harassment: 'تحرش أو إساءة',
      FakeNews: 'أخبار كاذبة أو مضللة',
      HateSpeech: 'خطاب كراهية',
      Violence: 'عنف أو تهديد',
      Copyright: 'انتهاك حقوق النشر',
      Other: 'سبب آخر',
    },
  },
} as const;
