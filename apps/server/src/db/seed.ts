import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { normalizeArabic } from '@ray/shared/arabic';
import { extractHashtags } from '@ray/shared/hashtags';
import { POST_IMAGE, processImage } from '../lib/images';
import { hashPassword } from '../lib/passwords';
import type { FileStorage } from '../lib/storage';
import { insertPost } from '../modules/posts/posts.repository';
import type { Database } from './client';
import { ads, comments, follows, postHashtags, posts, postVersions, users, votes } from './schema';
import {
  DEMO_COMMENTS,
  DEMO_FOLLOWS,
  DEMO_IMAGE_PALETTES,
  DEMO_MEMBERS,
  DEMO_POSTS,
  DEMO_REPLIES,
} from './seed-content';

export const DEMO_PASSWORD = 'Demo1234';
export const ADMIN_EMAIL = 'admin@ray.sa';
export const ADMIN_PASSWORD = 'Admin1234';

interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  role?: 'admin' | 'moderator';
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'admin',
    firstName: 'فريق',
    lastName: 'رأي',
    bio: 'الحساب الرسمي لإدارة منصة رأي.',
    role: 'admin',
  },
  {
    username: 'noura',
    firstName: 'نورة',
    lastName: 'القحطاني',
    bio: 'مهتمة بالتقنية والقراءة، وأحب النقاشات الهادئة ☕',
  },
  { username: 'fahad', firstName: 'فهد', lastName: 'العتيبي', bio: 'مشجع هلالي ومبرمج في أوقات الفراغ.' },
  { username: 'reem', firstName: 'ريم', lastName: 'الشهري', bio: 'طالبة تصميم في جامعة الملك سعود 🎨' },
  {
    username: 'abdullah',
    firstName: 'عبدالله',
    lastName: 'الدوسري',
    bio: 'رحّال، أكتب عن المطاعم والأماكن في الرياض.',
  },
  {
    username: 'sara',
    firstName: 'سارة',
    lastName: 'الحربي',
    bio: 'أم لطفلين وأحب الطبخ والتجارب الجديدة.',
    role: 'moderator',
  },
  {
    username: 'khalid',
    firstName: 'خالد',
    lastName: 'الزهراني',
    bio: 'رياضي، وأحب الجري صباحاً على كورنيش جدة.',
  },
  { username: 'lama', firstName: 'لمى', lastName: 'المطيري', bio: 'قارئة نهمة، وأشارككم كتاباً كل أسبوع 📚' },
  { username: 'turki', firstName: 'تركي', lastName: 'الغامدي', bio: 'ألعاب فيديو وأنمي ونقاشات لا تنتهي 🎮' },
  {
    username: 'haifa',
    firstName: 'هيفاء',
    lastName: 'السبيعي',
    bio: 'رائدة أعمال صغيرة، أحب القهوة المختصة.',
  },
];

export function demoEmail(username: string): string {
  return username === 'admin' ? ADMIN_EMAIL : `${username}@ray.sa`;
}

/** Fills a new, empty database with Arabic demo content; does nothing if any user exists. */
export async function seedIfEmpty(
  db: Database,
  options: { storage: FileStorage; adminEmails: string[]; logger: FastifyBaseLogger },
) {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((existing?.count ?? 0) > 0) return false;
  options.logger.info('seeding the demo content');
  await seedDemo(db, { adminEmails: options.adminEmails, storage: options.storage });
  options.logger.info(
    `demo content ready: sign in as ${ADMIN_EMAIL} / ${ADMIN_PASSWORD} or noura@ray.sa / ${DEMO_PASSWORD}`,
  );
  return true;
}

/** A small deterministic random generator, so every fresh database gets the same demo content. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function demoImages(storage: FileStorage): Promise<string[]> {
  const urls: string[] = [];
  for (const [index, [from, via, to]] of DEMO_IMAGE_PALETTES.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="0.55" stop-color="${via}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
      <rect width="1200" height="800" fill="url(#g)"/>
      <circle cx="${260 + index * 90}" cy="${240 + (index % 3) * 80}" r="${140 + index * 12}" fill="${to}" fill-opacity="0.35"/>
      <circle cx="${900 - index * 40}" cy="${560 - (index % 2) * 120}" r="${210 - index * 9}" fill="${from}" fill-opacity="0.3"/>
      <path d="M0 ${620 + index * 10} Q 300 ${520 - index * 8} 600 640 T 1200 ${600 + index * 6} V 800 H 0 Z" fill="${from}" fill-opacity="0.45"/>
    </svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const image = await processImage(png, POST_IMAGE);
    await storage.put(`thumb/${image.name}`, image.thumbnail);
    urls.push(await storage.put(`original/${image.name}`, image.original));
  }
  return urls;
}

/** When a demo poll closes: `pollHours` after it was posted, or never. */
function pollClosesAt(demo: (typeof DEMO_POSTS)[number], createdAt: Date): Date | null {
  return demo.votingType === 'poll' && demo.pollHours !== undefined
    ? new Date(createdAt.getTime() + demo.pollHours * 3_600_000)
    : null;
}

/**
 * When each demo post was written, oldest first: the newest some minutes ago, then further apart the older they
 * are, as a community's posts thin out going back in time; about five weeks in all.
 */
function postTimes(count: number, now: number, rand: () => number): Date[] {
  const times: Date[] = [];
  let at = now - (12 + Math.floor(rand() * 30)) * 60_000;
  for (let back = 0; back < count; back++) {
    times.push(new Date(at));
    at -= (1 + rand() * 9) * (1 + back / 25) * 3_600_000;
  }
  return times.reverse();
}

/**
 * When the comments of a post written at `postedAt` came, in order: most soon after the post, some days later,
 * none later than a minute ago.
 */
function commentTimesAfter(postedAt: Date, count: number, now: number, rand: () => number): Date[] {
  const span = Math.max(0, Math.min(now - 60_000 - postedAt.getTime(), 3 * 86_400_000));
  return Array.from(
    { length: count },
    (_, order) => new Date(postedAt.getTime() + span * ((order + rand()) / count) ** 2),
  );
}

export async function seedDemo(db: Database, options: { adminEmails: string[]; storage: FileStorage }) {
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const adminHash = await hashPassword(ADMIN_PASSWORD);
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 86_400_000);
  const created = await db
    .insert(users)
    .values(
      [...DEMO_USERS, ...DEMO_MEMBERS].map((user: DemoUser, index): typeof users.$inferInsert => {
        const email = demoEmail(user.username);
        return {
          email,
          username: user.username,
          usernameKey: user.username.toLowerCase(),
          passwordHash: user.role === 'admin' ? adminHash : demoHash,
          firstName: user.firstName,
          lastName: user.lastName,
          bio: user.bio,
          role: options.adminEmails.includes(email) ? 'admin' : (user.role ?? 'user'),
          emailVerifiedAt: daysAgo(120 - index * 3),
          createdAt: daysAgo(120 - index * 3),
        };
      }),
    )
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(created.map((user) => [user.username, user.id]));
  const usernameOf = new Map(created.map((user) => [user.id, user.username]));
  const memberIds = new Set(DEMO_MEMBERS.map((member) => idOf.get(member.username)!));
  /** Those who post: everyone but the admin and the members who only read, vote and comment. */
  const people = created
    .filter((user) => user.username !== 'admin' && !memberIds.has(user.id))
    .map((user) => user.id);
  const readers = [...people, ...memberIds];
  const images = await demoImages(options.storage);
  const rand = random(2030);
  // Replies and times draw from sequences of their own, so one can change without reshuffling the rest.
  const replyRand = random(4242);
  const timeRand = random(1447);
  /** `count` different items of `list`, in a random order. */
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const pool = [...list];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, count);
  };
  const createdAtOf = postTimes(DEMO_POSTS.length, now, timeRand);

  await db.transaction(async (tx) => {
    for (const [index, demo] of DEMO_POSTS.entries()) {
      const authorId = idOf.get(demo.author)!;
      const createdAt = createdAtOf[index]!;
      // Some posts catch on and most do not: each has its own reach among the readers, and its own leaning.
      const reach = 0.2 + rand() * 0.7;
      const leaning = 0.62 + rand() * 0.33;
      const voters = readers.filter((id) => id !== authorId && rand() < reach);
      const values = voters.map((userId) => {
        if (demo.votingType === 'rating')
          return { userId, value: Math.min(5, 1 + Math.floor(rand() * 2.2 + leaning * 3)) };
        if (demo.votingType === 'poll') {
          // Earlier options lean ahead, as real polls rarely split evenly.
          const options = demo.pollOptions?.length ?? 2;
          return { userId, value: Math.floor(options * rand() ** (1 + leaning)) };
        }
        return { userId, value: rand() < leaning ? 1 : -1 };
      });
      const texts = demo.comments ?? sample(DEMO_COMMENTS[demo.votingType], Math.floor(rand() * reach * 6));
      // Comments come from readers other than the author, never twice from the same person on one post.
      const commenters = sample(
        readers.filter((id) => id !== authorId),
        texts.length,
      ).map((commenterId, order) => ({
        authorId: commenterId,
        content: texts[order]!,
        isAnonymous: rand() < 0.15,
      }));
      const pollCounts =
        demo.pollOptions?.map((_, option) => values.filter((v) => v.value === option).length) ?? null;
      const postId = await insertPost(
        tx,
        {
          authorId,
          content: demo.content,
          contentNormalized: normalizeArabic(demo.content),
          isAnonymous: demo.isAnonymous ?? false,
          votingType: demo.votingType,
          pollOptions: demo.pollOptions ?? null,
          pollCounts,
          imageUrl: demo.image === undefined ? null : images[demo.image % images.length]!,
          imageAlt: demo.image === undefined ? null : (demo.imageAlt ?? null),
          pollClosesAt: pollClosesAt(demo, createdAt),
          latitude: demo.location?.latitude ?? null,
          longitude: demo.location?.longitude ?? null,
          locationName: demo.location?.locationName ?? null,
          upVotes: demo.votingType === 'like-dislike' ? values.filter((v) => v.value === 1).length : 0,
          downVotes: demo.votingType === 'like-dislike' ? values.filter((v) => v.value === -1).length : 0,
          ratingSum: demo.votingType === 'rating' ? values.reduce((sum, v) => sum + v.value, 0) : 0,
          ratingCount: demo.votingType === 'rating' ? values.length : 0,
          commentCount: commenters.length,
          createdAt,
          updatedAt: createdAt,
        },
        extractHashtags(demo.content),
      );
      if (values.length > 0)
        await tx
          .insert(votes)
          .values(values.map((v) => ({ postId, userId: v.userId, value: v.value, createdAt })));
      const threads: { id: number; authorId: string; isAnonymous: boolean; at: Date }[] = [];
      const commentTimes = commentTimesAfter(createdAt, commenters.length, now, timeRand);
      for (const [order, comment] of commenters.entries()) {
        const at = commentTimes[order]!;
        const [row] = await tx
          .insert(comments)
          .values({ postId, ...comment, createdAt: at, updatedAt: at })
          .returning({ id: comments.id });
        threads.push({ id: row!.id, ...comment, at });
      }
      // Some first comments get an answer from someone else, naming them when they signed it.
      const first = threads[0];
      const others = readers.filter((id) => id !== first?.authorId && id !== authorId);
      const replier = replyRand() < 0.6 ? others[Math.floor(replyRand() * others.length)] : undefined;
      if (first && replier && threads.length >= 2) {
        const reply = DEMO_REPLIES[Math.floor(replyRand() * DEMO_REPLIES.length)]!;
        const answered = first.isAnonymous ? null : usernameOf.get(first.authorId);
        const content = reply.startsWith('@ ')
          ? answered
            ? `@${answered} ${reply.slice(2)}`
            : reply.slice(2)
          : reply;
        const at = new Date(first.at.getTime() + Math.min(11 * 60_000, (now - first.at.getTime()) / 2));
        await tx.insert(comments).values({
          postId,
          parentId: first.id,
          authorId: replier,
          content,
          isAnonymous: false,
          createdAt: at,
          updatedAt: at,
        });
        await tx.update(comments).set({ replyCount: 1 }).where(eq(comments.id, first.id));
      }
      if (demo.earlier) {
        await tx.insert(postVersions).values({ postId, content: demo.earlier, writtenAt: createdAt });
        await tx
          .update(posts)
          .set({ editedAt: new Date(createdAt.getTime() + 40 * 60_000) })
          .where(eq(posts.id, postId));
      }
      const closes = pollClosesAt(demo, createdAt);
      // A demo poll that ended before the demo began tells nobody now.
      if (closes && closes.getTime() <= now)
        await tx.update(posts).set({ pollClosedNotifiedAt: closes }).where(eq(posts.id, postId));
    }
    await tx.execute(
      sql`update ${postHashtags} ph set created_at = p.created_at from ${posts} p where p.id = ph.post_id`,
    );
    await tx.execute(
      sql`update ${users} u set posts_count = (select count(*) from ${posts} p where p.author_id = u.id and not p.is_anonymous)`,
    );

    const pairs = new Set<string>();
    for (const follower of people) {
      for (const followed of people)
        if (follower !== followed && rand() < 0.4) pairs.add(`${follower}|${followed}`);
    }
    // Readers follow a few of the people whose posts they like.
    for (const member of memberIds) {
      for (const followed of sample(people, 2 + Math.floor(rand() * 4))) pairs.add(`${member}|${followed}`);
    }
    for (const [follower, followed] of DEMO_FOLLOWS) {
      const followerId = idOf.get(follower);
      const followedId = idOf.get(followed);
      if (followerId && followedId) pairs.add(`${followerId}|${followedId}`);
    }
    const rows = [...pairs].map((pair) => {
      const [followerId, followedId] = pair.split('|') as [string, string];
      return { followerId, followedId };
    });
    if (rows.length > 0) await tx.insert(follows).values(rows);
    await tx.insert(ads).values([
      {
        title: 'شارك رأيك في موسم الرياض',
        description: 'استطلاعات يومية عن الفعاليات، صوّت وشاهد رأي الناس.',
        imageUrl: images[1]!,
        targetUrl: '/wasm/%D9%85%D9%88%D8%B3%D9%85_%D8%A7%D9%84%D8%B1%D9%8A%D8%A7%D8%B6',
        placements: ['Header', 'Sidebar', 'BetweenPosts', 'Mobile'],
        weight: 3,
      },
      {
        title: 'اكتشف الترندات',
        description: 'أكثر الوسوم تداولاً هذا الأسبوع في مكان واحد.',
        imageUrl: images[2]!,
        targetUrl: '/trends',
        placements: ['Sidebar', 'Footer', 'BetweenPosts', 'PostDetail'],
        weight: 2,
      },
      {
        title: 'اطرح استطلاعك الأول',
        description: 'حتى عشرة خيارات، والنتائج تظهر فوراً بالنسب المئوية.',
        imageUrl: images[0]!,
        targetUrl: '/create-post',
        placements: ['Sidebar', 'BetweenPosts', 'PostDetail', 'Header'],
        weight: 1,
      },
      {
        title: 'الأسئلة الشائعة',
        description: 'كل ما تريد معرفته عن الخصوصية والنشر المجهول.',
        imageUrl: null,
        targetUrl: '/faq',
        placements: ['Footer', 'Sidebar', 'Mobile'],
        weight: 1,
      },
    ]);
    await tx.execute(sql`update ${users} u set
      followers_count = (select count(*) from ${follows} f where f.followed_id = u.id),
      following_count = (select count(*) from ${follows} f where f.follower_id = u.id)`);
  });
}
