/** Copy of the not-found and maintenance pages. */
export const statusPageStrings = {
  notFound: {
    title: 'الصفحة غير موجودة',
    body: 'ربما حُذفت الصفحة أو تغيّر رابطها. تأكد من الرابط أو عد إلى الصفحة الرئيسية.',
  },

  maintenance: {
    title: 'نعود قريباً',
    subtitle: 'الموقع في صيانة مؤقتة',
    contact: 'للتواصل:',
    /** Shown above every page to a signed-in admin while everyone else sees the maintenance page. */
    banner: 'وضع الصيانة مفعّل',
    bannerBody: 'لا يرى الزوار والمستخدمون إلا صفحة الصيانة.',
    bannerManage: 'إدارة الصيانة',
  },
} as const;
