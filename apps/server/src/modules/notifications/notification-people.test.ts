import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@ray/shared/realtime';
import { commentOn, notificationsOf } from '../../test/actions';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const named = (name: string) => `\u2068${name}\u2069`;

async function person(firstName: string, lastName: string): Promise<TestUser> {
  return registerUser(t.app, { firstName, lastName });
}

async function cardsAbout(user: TestUser, postId: number, type: Notification['type']) {
  return (await notificationsOf(t.app, user)).filter((n) => n.postId === postId && n.type === type);
}

describe('notifications that name people', () => {
  it('name two commenters on one card, newest first, and count the others in Arabic agreement', async () => {
    const author = await registerUser(t.app);
    const post = await publishPost(t.app, author, { content: 'ما رأيكم في العمل عن بعد؟' });
    const sara = await person('سارة', 'القحطاني');
    const khaled = await person('خالد', 'العمري');
    await commentOn(t.app, sara, post.id, 'أفضّله');
    expect(await cardsAbout(author, post.id, 'comment')).toEqual([
      expect.objectContaining({ message: `${named('سارة القحطاني')} علّق على منشورك`, content: 'أفضّله' }),
    ]);

    await commentOn(t.app, khaled, post.id, 'لا أفضّله');
    expect(await cardsAbout(author, post.id, 'comment')).toEqual([
      expect.objectContaining({
        message: `علّق ${named('خالد العمري')} و${named('سارة القحطاني')} على منشورك`,
        content: 'لا أفضّله',
        count: 2,
      }),
    ]);

    const others = [
      await person('منى', 'الشهري'),
      await person('فهد', 'الدوسري'),
      await person('ريم', 'الحربي'),
    ];
    for (const other of others) await commentOn(t.app, other, post.id, 'رأي آخر');
    expect(await cardsAbout(author, post.id, 'comment')).toEqual([
      expect.objectContaining({
        message: `علّق ${named('ريم الحربي')} و${named('فهد الدوسري')} و3 آخرون على منشورك`,
      }),
    ]);

    // Someone who comments again is still one person, and is the newest.
    await commentOn(t.app, sara, post.id, 'وأضيف');
    expect(await cardsAbout(author, post.id, 'comment')).toEqual([
      expect.objectContaining({
        message: `علّق ${named('سارة القحطاني')} و${named('ريم الحربي')} و3 آخرون على منشورك`,
      }),
    ]);
  });

  it('count eleven others with the accusative singular', async () => {
    const author = await registerUser(t.app);
    const post = await publishPost(t.app, author, { content: 'منشور يجذب الكثير من التعليقات' });
    for (let index = 0; index < 13; index += 1)
      await commentOn(t.app, await person('مشارك', `رقم ${index + 1}`), post.id, 'تعليق');
    const [card] = await cardsAbout(author, post.id, 'comment');
    expect(card?.message).toBe(
      `علّق ${named('مشارك رقم 13')} و${named('مشارك رقم 12')} و11 شخصًا آخر على منشورك`,
    );
  });

  it('keep an anonymous commenter on a card of its own, never named and never counted with others', async () => {
    const author = await registerUser(t.app);
    const post = await publishPost(t.app, author, { content: 'سؤال حساس للنقاش' });
    const sara = await person('سارة', 'القحطاني');
    const hidden = await person('خالد', 'المخفي');
    const omar = await person('عمر', 'الزهراني');
    await commentOn(t.app, sara, post.id, 'رأيي باسمي');
    await commentOn(t.app, hidden, post.id, 'رأيي بلا اسم', { isAnonymous: true });
    await commentOn(t.app, omar, post.id, 'وأنا كذلك');

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/user?limit=50',
      headers: bearer(author.token),
    });
    const cards = response.json<Notification[]>().filter((n) => n.postId === post.id);
    expect(cards).toEqual([
      expect.objectContaining({
        message: `علّق ${named('عمر الزهراني')} و${named('سارة القحطاني')} على منشورك`,
        count: 2,
      }),
      expect.objectContaining({ senderName: 'مجهول', message: 'مجهول علّق على منشورك', count: 1 }),
    ]);
    for (const part of ['المخفي', hidden.username, hidden.userId]) expect(response.body).not.toContain(part);
  });

  it('start a new card, naming only the new writer, once the grouped one is read', async () => {
    const author = await registerUser(t.app);
    const post = await publishPost(t.app, author, { content: 'منشور يُقرأ إشعاره' });
    await commentOn(t.app, await person('سارة', 'القحطاني'), post.id, 'أول');
    await commentOn(t.app, await person('خالد', 'العمري'), post.id, 'ثانٍ');
    const read = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/user/read-all',
      headers: bearer(author.token),
    });
    expect(read.statusCode).toBe(200);
    await commentOn(t.app, await person('منى', 'الشهري'), post.id, 'ثالث');
    expect(await cardsAbout(author, post.id, 'comment')).toEqual([
      expect.objectContaining({ isRead: false, message: `${named('منى الشهري')} علّق على منشورك` }),
      expect.objectContaining({
        isRead: true,
        message: `علّق ${named('خالد العمري')} و${named('سارة القحطاني')} على منشورك`,
      }),
    ]);
  });

  it('name the people who reply in a thread and who mention the user on one post', async () => {
    const author = await registerUser(t.app);
    const sara = await person('سارة', 'القحطاني');
    const post = await publishPost(t.app, author, { content: 'نقاش عن القراءة' });
    const top = await commentOn(t.app, sara, post.id, 'أقرأ كل يوم');
    const khaled = await person('خالد', 'العمري');
    const mona = await person('منى', 'الشهري');
    await commentOn(t.app, khaled, post.id, `@${sara.username} وأنا أيضًا`, { parentId: top.id });
    await commentOn(t.app, mona, post.id, `@${sara.username} كم كتابًا؟`, { parentId: top.id });
    expect(await cardsAbout(sara, post.id, 'reply')).toEqual([
      expect.objectContaining({
        message: `ردّ ${named('منى الشهري')} و${named('خالد العمري')} في نقاش شاركت فيه`,
      }),
    ]);

    const other = await publishPost(t.app, author, { content: 'من يرشّح كتابًا؟' });
    await commentOn(t.app, khaled, other.id, `أسأل @${sara.username}`);
    await commentOn(t.app, mona, other.id, `@${sara.username} تعرف الكثير`);
    await commentOn(t.app, await person('فهد', 'الدوسري'), other.id, `رأي @${sara.username} يهمني`);
    expect(await cardsAbout(sara, other.id, 'mention')).toEqual([
      expect.objectContaining({
        message: `أشار ${named('فهد الدوسري')} و${named('منى الشهري')} وشخص آخر إليك`,
      }),
    ]);
  });

  it('isolate a Latin name, and carry an English-first excerpt as written', async () => {
    const author = await registerUser(t.app);
    const post = await publishPost(t.app, author, { content: 'منشور بلغتين' });
    const john = await person('John', 'Smith');
    await commentOn(t.app, john, post.id, 'Great idea يا صديقي');
    expect(await cardsAbout(author, post.id, 'comment')).toEqual([
      expect.objectContaining({
        senderName: 'John Smith',
        message: '\u2068John Smith\u2069 علّق على منشورك',
        content: 'Great idea يا صديقي',
      }),
    ]);
  });
});
