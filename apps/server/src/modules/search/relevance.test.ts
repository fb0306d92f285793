import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

/** A fixed set of posts written the ways people really write Arabic: hamza or not, ة or ه, ى or ي, tashkeel... */
const POSTS = {
  travelBest: 'أفضل أماكن السفر في الصيف',
  holiday: 'إجازة نهاية الأسبوع كانت رائعة',
  leagueNews: 'آخر أخبار الدوري السعودي',
  deadline: 'اخر موعد للتسجيل في الجامعة غدا',
  schoolStart: 'المدرسة بدأت اليوم والطلاب متحمسون',
  schoolFar: 'مدرسه ابني بعيدة عن البيت',
  schoolsPlural: 'المدارس الحكومية تفتح أبوابها',
  hospitalMaksura: 'ذهبت إلى المستشفى صباحا',
  hospitalYa: 'المستشفي الجديد مزدحم',
  greeting: 'السَّلامُ عَلَيْكُمْ يا أصدقاء',
  ramadan: 'رمضـــان كريم على الجميع',
  weatherNice: 'الجو اليوم جمييييل جدا',
  booksRead: 'قرأت الكتب كلها في العطلة',
  inTheBook: 'وجدت بالكتاب معلومة مفيدة',
  oneBook: 'هذا كتاب رائع عن التاريخ',
  library: 'مكتبة الحي تفتح مساء',
  electricCars: 'سيارات كهربائية في الرياض',
  newCar: 'اشتريت سيارة جديدة',
  andCoffee: 'والقهوة مع الأصدقاء أجمل',
  arabicCoffee: 'أحب القهوة العربية بالهيل #القهوة',
  morningCoffee: 'قهوة الصباح ضرورية #قهوه',
  specialty: 'موضوع اليوم #القهوة_المختصة',
  tea: 'الشاي الأخضر مفيد للصحة',
  iphone: 'iPhone الجديد سعره مرتفع',
  laptop: 'أفضل laptop للبرمجة',
  football: 'مباراة Real Madrid اليوم',
  indicDigits: 'الموعد الساعة ٧ مساء يوم ١٥',
  offer: 'عرض خاص 2024 لجميع العملاء',
  anonymousSecret: 'سر لا يعرفه أحد عن العمل',
  nationalTeam: 'المنتخب السعودي فاز بالمباراة',
  hotWeather: 'الطقس حار جدا في الرياض',
  rain: 'الأمطار غزيرة في جدة',
  kabsa: 'طبخت الكبسة للعائلة',
  exams: 'الامتحانات النهائية صعبة',
  teachers: 'المعلمون يستحقون التقدير',
  authenticCoffee: 'القهوة العربية أصيلة',
  goodMorning: 'صباح الخير #صباحيات',
  abha: 'السفر إلى أبها في الصيف ممتع',
  men: 'الرجال في المجلس',
  oneMan: 'رجل كريم ساعدني',
} as const;
type Label = keyof typeof POSTS;

interface Case {
  query: string;
  finds: Label[];
  notFinds: Label[];
  /** The post that must come first in the default (relevance) order. */
  first?: Label;
}

const CASES: Case[] = [
  // Hamza and alef forms
  { query: 'افضل', finds: ['travelBest', 'laptop'], notFinds: ['tea', 'holiday'] },
  { query: 'أفضل', finds: ['travelBest', 'laptop'], notFinds: ['tea'] },
  { query: 'اجازه', finds: ['holiday'], notFinds: ['leagueNews'] },
  { query: 'إجازة', finds: ['holiday'], notFinds: ['leagueNews'] },
  { query: 'آخر', finds: ['leagueNews', 'deadline'], notFinds: ['travelBest', 'tea'] },
  { query: 'اخر', finds: ['leagueNews', 'deadline'], notFinds: ['travelBest'] },
  { query: 'ابها', finds: ['abha'], notFinds: ['travelBest', 'schoolsPlural'] },
  { query: 'أبها', finds: ['abha'], notFinds: ['travelBest', 'schoolsPlural'] },
  // Ta marbuta and ha, broken plural of the same word
  {
    query: 'المدرسة',
    finds: ['schoolStart', 'schoolFar', 'schoolsPlural'],
    notFinds: ['library', 'deadline'],
  },
  { query: 'مدرسه', finds: ['schoolStart', 'schoolFar', 'schoolsPlural'], notFinds: ['library'] },
  {
    query: 'مدارس',
    finds: ['schoolsPlural', 'schoolStart', 'schoolFar'],
    notFinds: ['library'],
    first: 'schoolsPlural',
  },
  // Alef maksura and ya
  { query: 'مستشفى', finds: ['hospitalMaksura', 'hospitalYa'], notFinds: ['schoolStart'] },
  { query: 'المستشفي', finds: ['hospitalMaksura', 'hospitalYa'], notFinds: ['schoolStart'] },
  // Tashkeel, tatweel and stretched letters, in the text or in the query
  { query: 'السلام عليكم', finds: ['greeting'], notFinds: ['ramadan'] },
  { query: 'السَّلامُ', finds: ['greeting'], notFinds: ['ramadan'] },
  { query: 'رمضان', finds: ['ramadan'], notFinds: ['greeting'] },
  { query: 'رمضــــان', finds: ['ramadan'], notFinds: ['greeting'] },
  { query: 'جميل', finds: ['weatherNice'], notFinds: ['tea', 'andCoffee', 'offer'] },
  { query: 'جمييييييل', finds: ['weatherNice'], notFinds: ['tea', 'offer'] },
  // Plural and prefixed forms: ال، و، ب، sound and broken plurals
  {
    query: 'كتاب',
    finds: ['booksRead', 'inTheBook', 'oneBook'],
    notFinds: ['library', 'tea'],
    first: 'oneBook',
  },
  {
    query: 'الكتب',
    finds: ['booksRead', 'inTheBook', 'oneBook'],
    notFinds: ['library', 'tea'],
    first: 'booksRead',
  },
  { query: 'كتب', finds: ['booksRead', 'inTheBook', 'oneBook'], notFinds: ['library'] },
  {
    query: 'بالكتاب',
    finds: ['inTheBook', 'oneBook', 'booksRead'],
    notFinds: ['library'],
    first: 'inTheBook',
  },
  { query: 'سيارة', finds: ['electricCars', 'newCar'], notFinds: ['hotWeather'] },
  { query: 'السيارات', finds: ['electricCars', 'newCar'], notFinds: ['hotWeather'] },
  { query: 'رجل', finds: ['oneMan', 'men'], notFinds: ['kabsa'], first: 'oneMan' },
  { query: 'الرجال', finds: ['men', 'oneMan'], notFinds: ['kabsa'], first: 'men' },
  { query: 'امتحان', finds: ['exams'], notFinds: ['teachers'] },
  { query: 'معلم', finds: ['teachers'], notFinds: ['exams'] },
  { query: 'مباراة', finds: ['nationalTeam', 'football'], notFinds: ['leagueNews'] },
  {
    query: 'والقهوة',
    finds: ['andCoffee', 'arabicCoffee', 'morningCoffee', 'specialty'],
    notFinds: ['tea'],
    first: 'andCoffee',
  },
  // Coffee, with and without the tag
  {
    query: 'قهوة',
    finds: ['arabicCoffee', 'morningCoffee', 'specialty', 'andCoffee', 'authenticCoffee'],
    notFinds: ['tea'],
    first: 'morningCoffee',
  },
  {
    query: 'القهوه',
    finds: ['arabicCoffee', 'morningCoffee', 'specialty', 'andCoffee', 'authenticCoffee'],
    notFinds: ['tea'],
    first: 'arabicCoffee',
  },
  {
    query: '#القهوة',
    finds: ['arabicCoffee'],
    notFinds: ['morningCoffee', 'specialty', 'andCoffee', 'authenticCoffee', 'tea'],
  },
  { query: '#القهوه', finds: ['arabicCoffee'], notFinds: ['morningCoffee', 'andCoffee', 'tea'] },
  { query: '#القهوة_المختصة', finds: ['specialty'], notFinds: ['arabicCoffee', 'morningCoffee'] },
  {
    query: 'القهوة العربية',
    finds: ['arabicCoffee', 'authenticCoffee'],
    notFinds: ['morningCoffee', 'andCoffee', 'tea'],
    first: 'arabicCoffee',
  },
  { query: 'قهو', finds: ['arabicCoffee', 'morningCoffee', 'specialty', 'andCoffee'], notFinds: ['tea'] },
  { query: 'صباح', finds: ['goodMorning', 'morningCoffee', 'hospitalMaksura'], notFinds: ['tea'] },
  // Partial words: the start of a word, behind glued particles or not
  { query: 'مستش', finds: ['hospitalMaksura', 'hospitalYa'], notFinds: ['schoolStart'] },
  { query: 'سيار', finds: ['electricCars', 'newCar'], notFinds: ['hotWeather'] },
  // Mixed Arabic and English, any letter case
  { query: 'iphone', finds: ['iphone'], notFinds: ['laptop'] },
  { query: 'IPHONE الجديد', finds: ['iphone'], notFinds: ['hospitalYa', 'laptop'] },
  { query: 'Laptop', finds: ['laptop'], notFinds: ['iphone'] },
  { query: 'real madrid', finds: ['football'], notFinds: ['nationalTeam'] },
  { query: 'مباراة real', finds: ['football'], notFinds: ['nationalTeam'] },
  // Digits written either way
  { query: '١٥', finds: ['indicDigits'], notFinds: ['offer'] },
  { query: '٢٠٢٤', finds: ['offer'], notFinds: ['indicDigits'] },
  { query: '2024', finds: ['offer'], notFinds: ['indicDigits'] },
  // Every word must match; places
  { query: 'الرياض', finds: ['electricCars', 'hotWeather'], notFinds: ['rain'] },
  { query: 'الرياض حار', finds: ['hotWeather'], notFinds: ['electricCars', 'rain'] },
  { query: 'الشاي', finds: ['tea'], notFinds: ['arabicCoffee', 'andCoffee'] },
  { query: 'الكبسة', finds: ['kabsa'], notFinds: ['tea'] },
  // Anonymous posts are found by their content only
  { query: 'سر', finds: ['anonymousSecret'], notFinds: ['tea'] },
];

let t: TestApp;
let author: TestUser;
let anonymousAuthor: TestUser;
const ids = new Map<Label, number>();
const labels = new Map<number, Label>();

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  anonymousAuthor = await registerUser(t.app, {
    username: 'zumurrud42',
    firstName: 'زمرد',
    lastName: 'الخفي',
  });
  for (const [label, content] of Object.entries(POSTS) as [Label, string][]) {
    const anonymous = label === 'anonymousSecret';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer((anonymous ? anonymousAuthor : author).token),
      payload: { content, isAnonymous: anonymous },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<Post>().id;
    ids.set(label, id);
    labels.set(id, label);
  }
});
afterAll(async () => {
  await t.close();
});

async function found(query: string): Promise<Label[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/posts/search?query=${encodeURIComponent(query)}&pageSize=50`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<Post>>().items.map((post) => labels.get(post.id)!);
}

describe('Arabic search relevance', () => {
  it('has enough cases to mean something', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(POSTS).length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES)('"$query" finds $finds', async ({ query, finds, notFinds, first }) => {
    const results = await found(query);
    expect(results).toEqual(expect.arrayContaining(finds));
    for (const label of notFinds) expect(results, `${query} must not find ${label}`).not.toContain(label);
    if (first) expect(results[0]).toBe(first);
  });

  it("does not find an anonymous post by its author's username or name", async () => {
    for (const query of ['zumurrud42', 'زمرد', 'الخفي', 'زمرد الخفي']) {
      expect(await found(query), query).not.toContain('anonymousSecret');
    }
    expect(await found('zumurrud42')).toEqual([]);
  });
});
