/** Arabic demo posts: [author username, content, voting type, poll options?, anonymous?, image index?, location?] */
export interface DemoPost {
  author: string;
  content: string;
  votingType: 'like-dislike' | 'rating' | 'poll';
  pollOptions?: string[];
  isAnonymous?: boolean;
  image?: number;
  /** What the image shows, for screen readers. */
  imageAlt?: string;
  location?: { latitude: number; longitude: number; locationName: string };
  /** For a poll: hours after it was posted when it closes (already closed when that is in the past). */
  pollHours?: number;
  /** What the post said before its author edited it. */
  earlier?: string;
  /** Comments written for this post by other people, in order; without them it draws from the shared pools. */
  comments?: string[];
}

const RIYADH = { latitude: 24.71, longitude: 46.68, locationName: 'الرياض' };
const JEDDAH = { latitude: 21.54, longitude: 39.17, locationName: 'جدة' };
const ALULA = { latitude: 26.61, longitude: 37.92, locationName: 'العلا' };
const ABHA = { latitude: 18.22, longitude: 42.5, locationName: 'أبها' };
const DAMMAM = { latitude: 26.43, longitude: 50.1, locationName: 'الدمام' };

export const DEMO_POSTS: DemoPost[] = [
  {
    author: 'admin',
    content: 'أهلاً بكم في رأي! شاركونا آراءكم بكل احترام، وصوّتوا على ما يعجبكم. #رأي',
    votingType: 'like-dislike',
    comments: [
      'أهلاً فيكم، والله فكرة المنصة حلوة',
      'أخيراً مكان للنقاش بهدوء بدون مشاحنات',
      'بالتوفيق، متحمسة أشوف الاستطلاعات',
    ],
  },
  {
    author: 'noura',
    content: 'القهوة المختصة صارت جزء من يومي، ما أقدر أبدأ الصباح بدونها ☕ #القهوة_المختصة #صباح_الخير',
    votingType: 'like-dislike',
    image: 0,
    imageAlt: 'كوب قهوة مختصة على طاولة خشبية بجانب النافذة في الصباح',
    location: RIYADH,
  },
  {
    author: 'fahad',
    content: 'مين بيفوز بالدوري هالموسم؟ #دوري_روشن',
    votingType: 'poll',
    pollOptions: ['الهلال', 'النصر', 'الاتحاد', 'الأهلي'],
    pollHours: 24,
  },
  {
    author: 'reem',
    content: 'قيّموا تجربة موسم الرياض هالسنة، أنا شخصياً انبهرت بالتنظيم #موسم_الرياض',
    votingType: 'rating',
    image: 1,
    location: RIYADH,
  },
  {
    author: 'abdullah',
    content:
      'أفضل كبسة أكلتها في حياتي كانت في مطعم صغير بحي الملز، البساطة أحياناً تغلب الفخامة #مطاعم_الرياض #كبسة',
    votingType: 'like-dislike',
    location: RIYADH,
  },
  {
    author: 'sara',
    content: 'وش رأيكم بالدراسة عن بعد؟ هل تفضلونها على الحضوري؟ #التعليم',
    votingType: 'poll',
    pollHours: 24 * 400,
    pollOptions: ['عن بعد', 'حضوري', 'مدمج بين الاثنين'],
  },
  {
    author: 'khalid',
    content: 'الجري الصباحي على كورنيش جدة مع نسمة البحر شيء ما يتوصف 🏃‍♂️ #رياضة #جدة',
    votingType: 'like-dislike',
    image: 2,
    imageAlt: 'كورنيش جدة وقت الشروق والبحر هادئ',
    location: JEDDAH,
  },
  {
    author: 'lama',
    content:
      'أنهيت رواية "ساق البامبو" للمرة الثانية، وكل مرة أكتشف فيها شي جديد. قيّموها إذا قرأتوها #كتب #قراءة',
    votingType: 'rating',
  },
  {
    author: 'turki',
    content: 'اللعبة اللي تستاهل وقتك هالشهر؟ #ألعاب_الفيديو',
    votingType: 'poll',
    pollOptions: ['فيفا', 'كول أوف ديوتي', 'ماينكرافت', 'فورتنايت'],
  },
  {
    author: 'haifa',
    content:
      'فتحت مشروعي الصغير للقهوة المختصة بعد سنتين من التخطيط، شكراً لكل من دعمني 🤍 #ريادة_الأعمال #القهوه_المختصه',
    votingType: 'like-dislike',
    image: 3,
    location: DAMMAM,
  },
  {
    author: 'noura',
    content: 'الذكاء الاصطناعي بيغير سوق العمل عندنا خلال خمس سنوات، متفقين؟ #الذكاء_الاصطناعي #تقنية',
    votingType: 'like-dislike',
    earlier: 'الذكاء الاصطناعي بيغير سوق العمل خلال سنتين، متفقين؟ #الذكاء_الاصطناعي',
  },
  { author: 'fahad', content: 'قيّموا أداء المنتخب في آخر مباراة #المنتخب_السعودي', votingType: 'rating' },
  {
    author: 'reem',
    content: 'العلا في الشتاء جنة على الأرض، الطبيعة والتاريخ في مكان واحد #العلا #سياحة',
    votingType: 'like-dislike',
    image: 4,
    imageAlt: 'جبال العلا الصخرية تحت سماء صافية',
    location: ALULA,
  },
  {
    author: 'abdullah',
    content: 'مندي ولا مظبي؟ النقاش اللي ما ينتهي 😄 #أكل_سعودي',
    votingType: 'poll',
    pollOptions: ['مندي', 'مظبي', 'الاثنين حلوين'],
  },
  {
    author: 'sara',
    content: 'جربت وصفة المطازيز من جدتي اليوم، طلعت أحلى من توقعاتي #طبخ #أكل_سعودي',
    votingType: 'rating',
    image: 5,
  },
  {
    author: 'khalid',
    content: 'النادي الرياضي الساعة ٥ الفجر فاضي تماماً، أنصحكم فيه إذا تبون هدوء #رياضة',
    votingType: 'like-dislike',
  },
  {
    author: 'lama',
    content: 'معرض الرياض الدولي للكتاب كان تجربة رائعة، اشتريت ١٢ كتاب 📚 #معرض_الكتاب #كتب',
    votingType: 'like-dislike',
    location: RIYADH,
  },
  {
    author: 'turki',
    content: 'الأنمي الأفضل على الإطلاق؟ #أنمي',
    votingType: 'poll',
    pollOptions: ['ون بيس', 'هجوم العمالقة', 'ناروتو', 'المحقق كونان'],
  },
  {
    author: 'haifa',
    content:
      'نصيحة لكل شخص يبي يبدأ مشروعه: ابدأ صغير وتعلم من عملائك قبل ما تصرف على الديكور #ريادة_الأعمال',
    votingType: 'like-dislike',
  },
  {
    author: 'noura',
    content: 'أحياناً أحس إن السوشال ميديا تاخذ من وقتنا أكثر مما تعطينا. كيف تنظمون وقتكم؟',
    votingType: 'like-dislike',
    isAnonymous: true,
  },
  {
    author: 'fahad',
    content: 'Python or JavaScript? أي لغة تنصحون فيها للمبتدئين؟ #برمجة #تقنية',
    votingType: 'poll',
    pollOptions: ['Python', 'JavaScript', 'Java', 'C#'],
  },
  {
    author: 'reem',
    content: 'قيّموا تصميم الهوية الجديدة لمشروعي، أبي آرائكم بصراحة 🎨 #تصميم',
    votingType: 'rating',
    image: 6,
  },
  {
    author: 'abdullah',
    content: 'أبها في الصيف أجمل من أي وجهة برا، الضباب والجو البارد 🌫️ #أبها #سياحة',
    votingType: 'like-dislike',
    image: 7,
    location: ABHA,
  },
  {
    author: 'sara',
    content: 'كم ساعة تنامون في الليل؟ #صحة',
    votingType: 'poll',
    pollOptions: ['أقل من ٥ ساعات', '٥ إلى ٧ ساعات', 'أكثر من ٧ ساعات'],
  },
  {
    author: 'khalid',
    content: 'قيّموا ماراثون الرياض هالسنة، التنظيم كان ممتاز برأيي #رياضة #موسم_الرياض',
    votingType: 'rating',
    location: RIYADH,
  },
  {
    author: 'lama',
    content: 'أقترح عليكم كتاب "العادات الذرية"، غيّر طريقتي في بناء العادات #كتب #تطوير_الذات',
    votingType: 'like-dislike',
  },
  {
    author: 'turki',
    content: 'بصراحة أحس إني مدمن ألعاب وأبي أخفف، أحد عنده نصيحة؟',
    votingType: 'like-dislike',
    isAnonymous: true,
  },
  {
    author: 'haifa',
    content: 'أفضل وقت لشرب القهوة؟ #القهوة',
    votingType: 'poll',
    pollOptions: ['الصباح الباكر', 'بعد الظهر', 'المساء', 'أي وقت'],
  },
  {
    author: 'noura',
    content: 'تطبيقات توصيل الطلبات صارت غالية جداً، رسوم التوصيل أحياناً أغلى من الطلب نفسه #توصيل',
    votingType: 'like-dislike',
  },
  {
    author: 'fahad',
    content: 'قيّموا مباراة الكلاسيكو الأخيرة، كانت مجنونة ⚽ #دوري_روشن #الهلال',
    votingType: 'rating',
  },
  {
    author: 'reem',
    content: 'هل تشوفون إن تخصص التصميم له مستقبل في السعودية؟ #تصميم #التعليم',
    votingType: 'like-dislike',
  },
  {
    author: 'abdullah',
    content: 'أفضل مطعم برجر في الرياض؟ #مطاعم_الرياض',
    votingType: 'poll',
    pollOptions: ['فاتبرقر', 'برقرايزر', 'ذا بلاك تاب', 'مطعم آخر'],
  },
  {
    author: 'sara',
    content: 'أطفالي صاروا يقضون وقت طويل على الأجهزة، كيف تتعاملون مع هالشي؟ #تربية',
    votingType: 'like-dislike',
    isAnonymous: true,
  },
  {
    author: 'khalid',
    content: 'رياضة المشي بعد العشاء غيرت صحتي كثير، ١٠ آلاف خطوة يومياً 💪 #رياضة #صحة',
    votingType: 'like-dislike',
  },
  { author: 'lama', content: 'قيّموا مسلسل رمضان اللي تابعتوه هالسنة #مسلسلات', votingType: 'rating' },
  {
    author: 'turki',
    content: 'هل الرياضات الإلكترونية رياضة حقيقية؟ #ألعاب_الفيديو #رياضة',
    votingType: 'poll',
    pollOptions: ['نعم بالتأكيد', 'لا', 'نوعاً ما'],
  },
  {
    author: 'haifa',
    content: 'سوق الزل القديم فيه سحر خاص، كل زاوية فيها قصة #الرياض #تراث',
    votingType: 'like-dislike',
    image: 0,
    location: RIYADH,
  },
  {
    author: 'noura',
    content: 'تجربتي مع العمل عن بعد: إنتاجية أعلى لكن عزلة أكبر. وأنتم؟ #العمل_عن_بعد',
    votingType: 'poll',
    pollOptions: ['أفضل العمل عن بعد', 'أفضل المكتب', 'الهجين هو الحل'],
  },
  {
    author: 'fahad',
    content: 'رأيي إن الاتحاد بيرجع أقوى الموسم الجاي #دوري_روشن',
    votingType: 'like-dislike',
  },
  {
    author: 'reem',
    content: 'قيّموا معرض الفن المعاصر في حي جاكس بالدرعية #فن #الرياض',
    votingType: 'rating',
    image: 1,
    location: RIYADH,
  },
  {
    author: 'abdullah',
    content: 'رحلة البر في الربيع أحلى طلعة ممكن تسويها مع الشباب 🏕️ #كشتة #الربيع',
    votingType: 'like-dislike',
    image: 2,
  },
  {
    author: 'sara',
    content: 'أسعار الخضار والفواكه ارتفعت بشكل ملحوظ هالشهر، لاحظتوا؟',
    votingType: 'like-dislike',
  },
  {
    author: 'khalid',
    content: 'أي رياضة تمارسونها بانتظام؟ #رياضة',
    votingType: 'poll',
    pollOptions: ['الجري', 'كرة القدم', 'النادي الرياضي', 'السباحة', 'ولا شي 😅'],
  },
  {
    author: 'lama',
    content: 'القراءة قبل النوم بدل الجوال حسّنت نومي بشكل كبير #قراءة #صحة',
    votingType: 'like-dislike',
  },
  {
    author: 'turki',
    content: 'قيّموا آخر جزء من سلسلة الألعاب اللي تحبونها #ألعاب_الفيديو',
    votingType: 'rating',
  },
  {
    author: 'haifa',
    content: 'أحتاج رأيكم: أفتح فرع ثاني ولا أطور الفرع الأول؟ #ريادة_الأعمال',
    votingType: 'poll',
    pollOptions: ['فرع ثاني', 'تطوير الأول', 'متجر إلكتروني'],
  },
  {
    author: 'noura',
    content:
      'Vision 2030 غيرت نظرتنا للترفيه والسياحة بشكل كامل. الرياض اليوم غير الرياض قبل عشر سنين #رؤية_2030',
    votingType: 'like-dislike',
  },
  {
    author: 'fahad',
    content: 'أفضل لاعب أجنبي في الدوري هالموسم؟ #دوري_روشن',
    votingType: 'poll',
    pollOptions: ['رونالدو', 'بنزيما', 'ميتروفيتش', 'غيرهم'],
  },
  {
    author: 'reem',
    content: 'أحس إن الجامعة ما تجهزنا لسوق العمل بشكل كافي',
    votingType: 'like-dislike',
    isAnonymous: true,
  },
  { author: 'abdullah', content: 'قيّموا تجربة القطار بين الرياض والقصيم #قطار #سفر', votingType: 'rating' },
  {
    author: 'sara',
    content: 'وصفة سريعة للعشاء: شكشوكة بالجبن والزعتر، ١٥ دقيقة وخلاص 🍳 #طبخ',
    votingType: 'like-dislike',
    image: 5,
  },
  {
    author: 'khalid',
    content: 'الهايكنج في جبال الطائف تجربة لازم كل واحد يجربها #الطائف #سياحة',
    votingType: 'like-dislike',
    image: 4,
  },
  {
    author: 'lama',
    content: 'كم كتاب قريتوا هالسنة؟ #قراءة',
    votingType: 'poll',
    pollOptions: ['ولا كتاب', '١ إلى ٥', '٦ إلى ١٥', 'أكثر من ١٥'],
  },
  {
    author: 'turki',
    content: 'قيّموا فعاليات البوليفارد في موسم الرياض #موسم_الرياض #البوليفارد',
    votingType: 'rating',
    image: 6,
    location: RIYADH,
  },
  {
    author: 'haifa',
    content: 'التسويق عبر المؤثرين: استثمار ناجح ولا فقاعة؟ #تسويق #ريادة_الأعمال',
    votingType: 'like-dislike',
  },
  {
    author: 'noura',
    content: 'أجمل شي في الشتاء عندنا: الشاي بالنعناع مع الجلسة البرّية 🍵 #الشتاء',
    votingType: 'like-dislike',
    image: 7,
  },
  {
    author: 'fahad',
    content: 'هل تؤيدون تقنية الفار في مباريات الدوري؟ #دوري_روشن #كرة_القدم',
    votingType: 'poll',
    pollOptions: ['أؤيد', 'أعارض', 'تحتاج تطوير'],
  },
  {
    author: 'reem',
    content: 'قيّموا تطبيق النقل العام الجديد في الرياض #مترو_الرياض',
    votingType: 'rating',
    location: RIYADH,
  },
  {
    author: 'abdullah',
    content: 'مترو الرياض وفّر علي ساعة يومياً من الزحمة، تجربة ممتازة 🚇 #مترو_الرياض',
    votingType: 'like-dislike',
    location: RIYADH,
  },
  {
    author: 'sara',
    content: 'أفضل وجهة للعائلة في الإجازة القادمة؟ #سياحة #سفر',
    votingType: 'poll',
    pollOptions: ['أبها', 'العلا', 'جدة', 'برا المملكة'],
  },
  {
    author: 'khalid',
    content: 'البروتين بعد التمرين ضروري ولا مبالغة من النوادي؟ #رياضة #صحة',
    votingType: 'like-dislike',
  },
  { author: 'lama', content: 'قيّموا رواية "ثلاثية غرناطة" لرضوى عاشور #كتب', votingType: 'rating' },
  {
    author: 'turki',
    content: 'جهاز الألعاب الأفضل؟ #ألعاب_الفيديو',
    votingType: 'poll',
    pollOptions: ['بلايستيشن', 'إكس بوكس', 'نينتندو', 'كمبيوتر'],
  },
  {
    author: 'haifa',
    content: 'القهوة السعودية بالهيل والزعفران ما يعلى عليها مهما جربنا من أنواع ☕ #القهوة #قهوة_سعودية',
    votingType: 'like-dislike',
    image: 3,
  },
  {
    author: 'noura',
    content: 'Remote work + flexible hours = أفضل بيئة عمل. Agree? #العمل_عن_بعد #تقنية',
    votingType: 'like-dislike',
  },
  {
    author: 'lama',
    content: 'بدأت تحدي ٢٥ كتاب هالسنة، وصلت للكتاب الثالث. مين معي؟ 📖 #كتب #قراءة',
    votingType: 'like-dislike',
    comments: [
      'معك! أنا على الكتاب الثاني',
      'وش الكتب اللي في قائمتك؟',
      'أنصحك بـ «الخيميائي» إذا ما قريتيه',
    ],
  },
  {
    author: 'fahad',
    content: 'ديربي الرياض الليلة، توقعاتكم للنتيجة؟ ⚽ #دوري_روشن #الهلال',
    votingType: 'poll',
    pollOptions: ['فوز الهلال', 'فوز النصر', 'تعادل'],
    pollHours: 30,
    comments: ['أتوقع تعادل إيجابي ٢-٢', 'الهلال جاهز أكثر هالموسم', 'المهم مباراة حلوة بدون إصابات'],
  },
  {
    author: 'khalid',
    content: 'تذكير: ماراثون الرياض بعد أسبوعين، مين مسجل معي في سباق العشرة كيلو؟ 🏃 #موسم_الرياض #رياضة',
    votingType: 'like-dislike',
    location: RIYADH,
    comments: ['مسجلة! أول مرة أشارك 😅', 'أبي أسجل بس خايف ما أكمل، كم تتمرن بالأسبوع؟'],
  },
  {
    author: 'haifa',
    content:
      'جربت محمصة جديدة في الخبر، الإثيوبي عندهم فيه نكهة توت واضحة. قيّموا إذا جربتوها #القهوة_المختصة',
    votingType: 'rating',
    location: DAMMAM,
    comments: ['جربتها الأسبوع الماضي، الخدمة ممتازة', 'أسعارهم مرتفعة شوي بس الجودة تستاهل'],
  },
  {
    author: 'abdullah',
    content: 'الحكم اليوم ظلم الفريقين بصراحة، الفار لازم يتدخل أسرع #دوري_روشن',
    votingType: 'like-dislike',
    comments: ['متفق، ركلة الجزاء الثانية ما كانت واضحة', 'الحكام عندنا يحتاجون دعم أكثر مو هجوم'],
  },
  {
    author: 'reem',
    content: 'ليلة افتتاح البوليفارد سيتي كانت زحمة بس تستاهل، الإضاءة والعروض شي ثاني ✨ #موسم_الرياض',
    votingType: 'like-dislike',
    image: 1,
    imageAlt: 'أضواء ملونة فوق ممرات البوليفارد في الليل',
    location: RIYADH,
    comments: [
      'رحت أمس والمواقف كانت صعبة، أنصح بالمترو',
      'العروض هالسنة أقوى من السنة اللي فاتت بكثير',
      'كم كانت التذكرة؟',
    ],
  },
];

/**
 * Follows every demo seed makes, on top of the random ones: [follower, followed]. noura follows people with
 * signed posts, so her «متابَعون» tab shows posts from the first sign-in.
 */
export const DEMO_FOLLOWS: [string, string][] = [
  ['noura', 'fahad'],
  ['noura', 'reem'],
  ['noura', 'sara'],
  ['noura', 'khalid'],
  ['fahad', 'noura'],
  ['reem', 'noura'],
  ['sara', 'reem'],
];

/**
 * Comments for posts that have none of their own, by voting type: what people say under an opinion, a rating or a
 * poll. Written by readers, never by the post's author, and none repeats under the same post.
 */
export const DEMO_COMMENTS: Record<DemoPost['votingType'], string[]> = {
  'like-dislike': [
    'بصراحة أشوف العكس، لكن أحترم رأيك',
    'تجربتي كانت مشابهة جداً!',
    'ممكن توضح أكثر؟ وش تقصد بالضبط؟',
    'هذا بالضبط اللي كنت أفكر فيه أمس',
    'والله صادق 😂',
    'أنا جربت وما عجبني للأسف',
    'معلومة جديدة علي، شكراً',
    'رأي منطقي، بس الظروف تختلف من مدينة لمدينة',
    'أختلف معك في نقطة بسيطة بس الباقي صحيح',
    'نفس الشعور والله',
    'كلام يحتاج نقاش أطول من كذا 😅',
    'قبل سنة كنت أقول نفس الكلام، الحين تغير رأيي',
    'جربتها الأسبوع اللي فات وأوافقك',
    'الموضوع أعقد من كذا في رأيي',
  ],
  rating: [
    'أعطيتها أربع نجوم، ينقصها شوي تنظيم',
    'تستاهل الخمس نجوم بدون نقاش',
    'عادية بصراحة، توقعت أكثر',
    'ثلاث نجوم، البداية قوية والنهاية ضعيفة',
    'أول مرة أجرب وانبهرت',
    'الأسعار أثرت على تقييمي',
    'ممتازة لكن الزحمة خربت التجربة',
    'قيّمتها بعد التجربة الثانية وتحسنت كثير',
  ],
  poll: [
    'صوّت للخيار الثاني وما ندمت',
    'صعب أختار واحد بس 😅',
    'النتيجة فاجأتني بصراحة',
    'كان لازم يكون فيه خيار «كلهم»',
    'اخترت الأول، تجربة شخصية',
    'توقعت الأغلبية تختار غير كذا',
    'الخيار الأخير هو الصح والباقي مجاملات',
    'متابع النتائج، فضول 👀',
  ],
};

/**
 * Readers of the community who vote and comment but have not posted yet: most of a real platform's people.
 * They sign in with the demo password like everyone else.
 */
export const DEMO_MEMBERS: { username: string; firstName: string; lastName: string; bio: string }[] = [
  { username: 'majed', firstName: 'ماجد', lastName: 'الشمري', bio: 'مهندس مدني من حائل.' },
  { username: 'amal', firstName: 'أمل', lastName: 'الجهني', bio: 'معلمة رياضيات، أحب الألغاز.' },
  { username: 'yousef', firstName: 'يوسف', lastName: 'العنزي', bio: 'أتابع الدوري والتقنية.' },
  { username: 'dana', firstName: 'دانة', lastName: 'الفيصل', bio: 'صيدلانية ومحبة للسفر ✈️' },
  { username: 'omar', firstName: 'عمر', lastName: 'باعشن', bio: 'من جدة، مصور هاوٍ 📷' },
  { username: 'hind', firstName: 'هند', lastName: 'العمري', bio: 'أقرأ أكثر مما أكتب.' },
  { username: 'saad', firstName: 'سعد', lastName: 'القرني', bio: 'موظف حكومي، وأحب الطلعات البرية.' },
  { username: 'wejdan', firstName: 'وجدان', lastName: 'الرشيدي', bio: 'طالبة طب في سنتها الرابعة.' },
  { username: 'nasser', firstName: 'ناصر', lastName: 'اليامي', bio: 'محاسب، ومتابع للأسواق.' },
  { username: 'razan', firstName: 'رزان', lastName: 'الخالدي', bio: 'مصممة واجهات، أحب التفاصيل.' },
  { username: 'bandar', firstName: 'بندر', lastName: 'الحارثي', bio: 'طيار، وأكتب عن الرحلات.' },
  { username: 'asma', firstName: 'أسماء', lastName: 'الزهراني', bio: 'أم وطبّاخة في أوقات الفراغ.' },
  { username: 'faisal', firstName: 'فيصل', lastName: 'المالكي', bio: 'مبرمج تطبيقات جوال.' },
  { username: 'ghada', firstName: 'غادة', lastName: 'السديري', bio: 'باحثة في التاريخ والتراث.' },
];

/** Replies under the first comment of a thread; `@` is followed by the username of the comment answered. */
export const DEMO_REPLIES: string[] = [
  '@ معك حق، وأضيف إن التجربة تختلف من شخص لشخص',
  '@ بالضبط! هذا اللي قصدته',
  'ممكن مصدر للمعلومة؟',
  '@ شكراً على التوضيح 🌿',
];

/** Gradients for the generated demo images (no text, so no font is needed to render them). */
export const DEMO_IMAGE_PALETTES: [string, string, string][] = [
  ['#6b3e26', '#c08552', '#f3e9dc'],
  ['#1d2b64', '#8e44ad', '#f8cdda'],
  ['#0f4c75', '#3282b8', '#bbe1fa'],
  ['#3e2723', '#8d6e63', '#ffe0b2'],
  ['#bf5b04', '#f2a65a', '#fbe3c2'],
  ['#b71c1c', '#ef6c00', '#fff3e0'],
  ['#004d40', '#26a69a', '#e0f2f1'],
  ['#37474f', '#90a4ae', '#eceff1'],
];
