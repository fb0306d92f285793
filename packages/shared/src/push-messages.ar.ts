/**
 * What the server answers a device that asks for pushes with a subscription it cannot use. Kept apart from
 * messages.ar.ts: only the push subscription schema needs it, and the home page's first download must not.
 */
export const pushMsg = {
  endpointInvalid: 'عنوان اشتراك الإشعارات غير صالح',
  endpointNotAllowed: 'خدمة الإشعارات التي يستخدمها هذا المتصفح غير مدعومة',
  keysRequired: 'مفاتيح اشتراك الإشعارات مطلوبة',
  p256dhInvalid: 'مفتاح التشفير في اشتراك الإشعارات غير صالح',
  authInvalid: 'مفتاح المصادقة في اشتراك الإشعارات غير صالح',
} as const;
