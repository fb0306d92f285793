/**
 * Arabic copy that only the server sends (refusals of sign-in, uploads, moderation, sessions…): the browser shows
 * it as the answer's message and never needs it itself, so no web module imports this file and it stays out of the
 * web app's bundles. What the forms show as well lives in `messages.ar.ts`.
 */
interface ContactMailFields {
  id: number;
  category: string;
  name: string;
  email: string;
  /** Null for a visitor who was not signed in. */
  userId: string | null;
  sentAt: string;
  subject: string;
  message: string;
}

export const serverMsg = {
  passwordCommon: 'كلمة المرور هذه شائعة جداً وسهلة التخمين، اختر كلمة مرور أخرى',
  invalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  emailTaken: 'البريد الإلكتروني مستخدم من قبل',
  usernameTaken: 'اسم المستخدم مستخدم من قبل',
  socialProviderUnavailable: 'تسجيل الدخول عبر هذا الحساب غير متاح حالياً',
  socialReturnUrlInvalid: 'عنوان العودة غير مسموح به',
  socialSessionInvalid: 'انتهت صلاحية جلسة تسجيل الدخول أو استُخدمت من قبل، يرجى المحاولة مرة أخرى',
  socialStateInvalid: 'انتهت صلاحية طلب تسجيل الدخول أو أنه غير صالح، يرجى المحاولة مرة أخرى',
  socialTokenForged: 'رمز تسجيل الدخول غير موقَّع من المزود، لا يمكن قبوله',
  socialTokenExpired: 'انتهت صلاحية رمز تسجيل الدخول، يرجى تسجيل الدخول مرة أخرى',
  socialTokenAudience: 'رمز تسجيل الدخول لم يُصدَر لهذا التطبيق',
  socialTokenIssuer: 'رمز تسجيل الدخول صادر عن جهة غير المزود',
  socialTokenNonce: 'قيمة التحقق (nonce) لا تطابق رمز تسجيل الدخول',
  socialTokenReplayed: 'استُخدم رمز تسجيل الدخول هذا من قبل، يرجى تسجيل الدخول مرة أخرى',
  socialTokenInvalid: 'رمز تسجيل الدخول غير صالح',
  socialIdTokenRequired: 'يتطلب هذا المزود رمز الهوية (idToken) من تطبيقه',
  socialAccessTokenUnsupported:
    'لا يمكن التحقق من رموز هذا المزود داخل التطبيق، يرجى تسجيل الدخول عبر صفحة المزود',
  socialProviderUnreachable: 'تعذر التحقق من تسجيل الدخول لدى المزود حالياً، يرجى المحاولة بعد قليل',
  socialChallengeInvalid: 'رمز التحدي (code_challenge) غير صالح، يجب أن يكون S256 بطول 43 حرفاً',
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
  pollClosed: 'انتهى هذا الاستطلاع، ولم يعد التصويت فيه ممكنًا',
  /** A vote across a block on a signed post. */
  blockedVote: 'لا يمكنك التصويت على منشورات هذا المستخدم',
  reportDuplicate: 'لقد أبلغت عن هذا المحتوى من قبل',

  contactTooMany: 'لم يتم إرسال رسالتك: أرسلت رسائل كثيرة خلال ساعة، يرجى المحاولة لاحقاً',
  contactMessageNotFound: 'لم يتم العثور على الرسالة',
  commentNotFound: 'لم يتم العثور على التعليق',
  /** A reply whose postId is not the post of the comment it answers. */
  replyOtherPost: 'لا يمكن الردّ على تعليق من منشور آخر',
  cannotFollowSelf: 'لا يمكنك متابعة نفسك',
  cannotBlockSelf: 'لا يمكنك حظر نفسك',
  cannotMuteSelf: 'لا يمكنك كتم نفسك',
  /** A follow, comment, reply or signed mention across a block on signed content. */
  blockedFollow: 'لا يمكنك متابعة هذا المستخدم',
  blockedComment: 'لا يمكنك التعليق على منشورات هذا المستخدم',
  blockedReply: 'لا يمكنك الرد على تعليقات هذا المستخدم',
  blockedMention: (username: string) => `لا يمكنك الإشارة إلى @${username} في منشور أو تعليق باسمك`,
  mutedWordsFull: (max: number) => `لا يمكن كتم أكثر من ${max} كلمة ووسم`,
  mutedWordDuplicate: 'هذه الكلمة مكتومة من قبل',
  mutedWordNotFound: 'لم يتم العثور على الكلمة المكتومة',
  reportOwnContent: 'لا يمكنك الإبلاغ عن محتوى نشرته بنفسك',
  reportNotFound: 'لم يتم العثور على البلاغ',
  reportAlreadyProcessed: 'تمت معالجة هذا البلاغ من قبل',
  contentNotFound: 'لم يتم العثور على المحتوى',
  warningSent: 'تم إرسال التنبيه',
  suspended: (until: string) => `تم الإيقاف عن النشر والتعليق والتصويت حتى ${until}`,
  suspensionLifted: 'تم رفع الإيقاف',
  accountSuspendedNow: 'حسابك موقوف مؤقتاً عن النشر والتعليق والتصويت',
  socialCancelled: 'تم إلغاء تسجيل الدخول',
  /** Joins the parts of a place's name: «حي النخيل، الرياض». */
  placeSeparator: '، ',
  /** Shown while maintenance is on until an admin writes a message of their own. */
  maintenanceDefault: 'نعمل حالياً على تحسين المنصة، وسنعود قريباً. شكراً لصبركم.',

  mail: {
    reset: {
      subject: 'إعادة تعيين كلمة المرور في رأي',
      body: (firstName: string, link: string) =>
        `مرحباً ${firstName}،\n\nطلبت إعادة تعيين كلمة المرور لحسابك في رأي. افتح الرابط التالي خلال ساعة لاختيار كلمة مرور جديدة:\n\n${link}\n\nإذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن يتغير شيء في حسابك.`,
    },
    verify: {
      subject: 'تأكيد بريدك الإلكتروني في رأي',
      body: (firstName: string, link: string) =>
        `مرحباً ${firstName}،\n\nلتأكيد أن هذا البريد الإلكتروني لك، افتح الرابط التالي خلال يومين:\n\n${link}\n\nيعمل الرابط مرة واحدة. إذا لم تُنشئ حساباً في رأي أو لم تغيّر بريدك فيه فتجاهل هذه الرسالة.`,
    },
    /** Sent to the old address when an account's address changes. */
    emailChanged: {
      subject: 'تغيير البريد الإلكتروني لحسابك في رأي',
      body: (firstName: string) =>
        `مرحباً ${firstName}،\n\nتغيّر البريد الإلكتروني لحسابك في رأي، ولن تصل رسائل الحساب إلى هذا العنوان بعد الآن.\n\nإذا لم تقم بهذا التغيير فتواصل معنا فوراً من صفحة «اتصل بنا».`,
    },
    /** A contact-form message forwarded to the support team. */
    contact: {
      categories: {
        general: 'استفسار عام',
        technical: 'مشكلة تقنية',
        account: 'الحساب',
        content: 'المحتوى',
        suggestion: 'اقتراح',
        business: 'الأعمال والإعلانات',
        other: 'أخرى',
      },
      subject: (category: string, subject: string) => `[رأي] ${category}: ${subject}`,
      body: (m: ContactMailFields) =>
        [
          'رسالة جديدة من نموذج «اتصل بنا» في رأي.',
          '',
          `رقم الرسالة: ${m.id}`,
          `التصنيف: ${m.category}`,
          `الاسم: ${m.name}`,
          `البريد الإلكتروني: ${m.email}`,
          `الحساب: ${m.userId ?? 'زائر غير مسجّل'}`,
          `التاريخ: ${m.sentAt}`,
          `الموضوع: ${m.subject}`,
          '',
          m.message,
          '',
          'للرد، أجب على هذه الرسالة مباشرة فيصل ردك إلى المرسل.',
        ].join('\n'),
    },
  },

  /**
   * Notification texts. A count is written in Arabic's plural forms (`plural` of plural.ts: `#` is the number);
   * the sentences take the counted phrase.
   */
  notification: {
    anonymousName: 'مجهول',
    /** The sender of grouped vote and trending notifications: voters are never named. */
    productName: 'رأي',
    people: {
      zero: 'لا أحد',
      one: 'شخص',
      two: 'شخصان',
      few: '# أشخاص',
      many: '# شخصًا',
      other: '# شخص',
    },
    /** The people a named card does not name: «علّق سارة وخالد و3 آخرون على منشورك». */
    otherPeople: {
      zero: 'لا أحد آخر',
      one: 'شخص آخر',
      two: 'شخصان آخران',
      few: '# آخرون',
      many: '# شخصًا آخر',
      other: '# شخص آخر',
    },
    newReplies: {
      zero: 'لا ردود جديدة',
      one: 'ردّ جديد',
      two: 'ردّان جديدان',
      few: '# ردود جديدة',
      many: '# ردًّا جديدًا',
      other: '# ردّ جديد',
    },
    liked: (people: string) => `أعجب ${people} بمنشورك`,
    rated: (people: string) => `قيّم ${people} منشورك`,
    voted: (people: string) => `صوّت ${people} في استطلاعك`,
    /**
     * One person leads the sentence («سارة علّق على منشورك»); several follow the verb, which stays singular
     * before its subjects («علّق سارة وخالد على منشورك»), so no verb has to agree with a number.
     */
    followed: (newest: string) => `${newest} بدأ بمتابعتك`,
    followedBy: (people: string) => `بدأ ${people} بمتابعتك`,
    replied: (writer: string) => `${writer} ردّ في نقاش شاركت فيه`,
    repliedBy: (people: string) => `ردّ ${people} في نقاش شاركت فيه`,
    /** Replies of a card kept from before its writers were recorded, counted without naming anyone. */
    replies: (replies: string) => `${replies} في نقاش شاركت فيه`,
    commented: (sender: string) => `${sender} علّق على منشورك`,
    commentedBy: (people: string) => `علّق ${people} على منشورك`,
    mentioned: (sender: string) => `${sender} أشار إليك`,
    mentionedBy: (people: string) => `أشار ${people} إليك`,
    /** What joins the people a card names: «سارة وخالد», «سارة وخالد و3 آخرون». */
    and: ' و',
    pollClosed: 'انتهى استطلاع صوّتَّ فيه، والنتائج الآن نهائية',
    ownPollClosed: 'انتهى استطلاعك، والنتائج الآن نهائية',
    trending: 'منشورك ضمن الأكثر تفاعلاً الآن 🔥',
  },

  /** What an author hears from the moderation team, which never names the staff member who acted. */
  moderation: {
    team: 'فريق الإشراف',
    warning: (message: string) => `تنبيه من فريق الإشراف: ${message}`,
    suspended: (until: string) => `أوقف فريق الإشراف حسابك عن النشر والتعليق والتصويت حتى ${until}`,
    /** A suspension notice whose end was not recorded. */
    suspendedOpen: 'أوقف فريق الإشراف حسابك عن النشر والتعليق والتصويت',
    suspensionLifted: 'رفع فريق الإشراف الإيقاف عن حسابك',
  },
};
