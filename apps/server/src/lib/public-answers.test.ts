import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityTag, matchesTag, PublicAnswers } from './public-answers';

const silent = { report: () => undefined };
const logger = { warn: () => undefined } as never;

/** An answer whose body is the JSON text of `value`. */
function loader(value: string, contents = { posts: [1], list: true }) {
  return vi.fn(async () => ({ body: JSON.stringify(value), contents }));
}

describe('entity tags', () => {
  it('are the same for the same body and match If-None-Match lists, weak forms and *', () => {
    const tag = entityTag('{"a":1}');
    expect(entityTag('{"a":1}')).toBe(tag);
    expect(entityTag('{"a":2}')).not.toBe(tag);
    expect(matchesTag(tag, tag)).toBe(true);
    expect(matchesTag(`"x", W/${tag}`, tag)).toBe(true);
    expect(matchesTag('*', tag)).toBe(true);
    expect(matchesTag('"x"', tag)).toBe(false);
    expect(matchesTag(undefined, tag)).toBe(false);
  });
});

describe('public answers', () => {
  it('loads once for concurrent misses and answers from memory after', async () => {
    const answers = new PublicAnswers();
    const load = loader('[1]');
    const [a, b] = await Promise.all([answers.answer('k', load), answers.answer('k', load)]);
    expect(a).toEqual(b);
    expect(a.value).toBe('[1]');
    await answers.answer('k', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('evicts the answers showing a post, the lists, or everything', async () => {
    const answers = new PublicAnswers();
    await answers.answer('post 1', loader('p1', { posts: [1], list: false }));
    await answers.answer('post 2', loader('p2', { posts: [2], list: false }));
    await answers.answer('feed', loader('f', { posts: [1, 2], list: true }));
    answers.evict({ posts: [1], lists: false });
    expect(answers.size).toBe(1);
    const reload = loader('f2', { posts: [2], list: true });
    await answers.answer('feed', reload);
    expect(reload).toHaveBeenCalledTimes(1);
    answers.evict({ posts: [], lists: true });
    expect(answers.size).toBe(1);
    answers.evict({ all: true });
    expect(answers.size).toBe(0);
  });

  it('never keeps an answer that was being loaded when an eviction came', async () => {
    const answers = new PublicAnswers();
    let finish: (value: { body: string; contents: { posts: number[]; list: boolean } }) => void = () => {};
    const slow = answers.answer<string>('post 7', () => new Promise((resolve) => (finish = resolve)));
    answers.evict({ posts: [7], lists: true });
    finish({ body: '"signed"', contents: { posts: [7], list: false } });
    expect((await slow).value).toBe('signed');
    const fresh = loader('anonymous', { posts: [7], list: false });
    expect((await answers.answer('post 7', fresh)).value).toBe('anonymous');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('holds post parts apart, reads only those not held, and evicts them with their post', async () => {
    const answers = new PublicAnswers();
    const load = vi.fn(
      async (ids: number[]) => new Map(ids.filter((id) => id !== 3).map((id) => [id, `p${id}`])),
    );
    expect([...(await answers.postParts([1, 2, 3], load))]).toEqual([
      [1, 'p1'],
      [2, 'p2'],
    ]);
    expect(load).toHaveBeenLastCalledWith([1, 2, 3]);
    await answers.postParts([2, 1, 4], load);
    expect(load).toHaveBeenLastCalledWith([4]);
    // A list eviction leaves the parts; a post's own eviction, counts only included, takes its part.
    answers.evict({ posts: [], lists: true });
    answers.evict({ posts: [2], lists: false, counts: true });
    await answers.postParts([1, 2, 4], load);
    expect(load).toHaveBeenLastCalledWith([2]);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('uses post parts read while an eviction came once, without keeping them', async () => {
    const answers = new PublicAnswers();
    let finish: (parts: Map<number, string>) => void = () => {};
    const slow = answers.postParts(
      [7],
      () => new Promise<Map<number, string>>((resolve) => (finish = resolve)),
    );
    answers.evict({ posts: [7], lists: true });
    finish(new Map([[7, 'signed']]));
    expect((await slow).get(7)).toBe('signed');
    const fresh = vi.fn(async () => new Map([[7, 'anonymous']]));
    expect((await answers.postParts([7], fresh)).get(7)).toBe('anonymous');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load', async () => {
    const answers = new PublicAnswers();
    await expect(answers.answer('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await answers.answer('k', loader('ok'))).value).toBe('ok');
  });

  it('expires answers after their time', async () => {
    const answers = new PublicAnswers({ ttlMs: 50 });
    await answers.answer('k', loader('old'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await answers.answer('k', loader('new'))).value).toBe('new');
  });
});

describe.runIf(process.env.REDIS_URL)('evictions across instances', () => {
  const opened: PublicAnswers[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((answers) => answers.close()));
  });

  it('reach every instance through Redis', async () => {
    const channel = `test-evictions-${process.pid}-${Date.now()}`;
    const [one, two] = [new PublicAnswers(), new PublicAnswers()];
    opened.push(one, two);
    for (const answers of [one, two])
      answers.shareThrough(process.env.REDIS_URL!, channel, { errors: silent, logger });
    const heard = vi.fn();
    two.onEvict(heard);
    // Subscribed: an eviction that goes out now is heard.
    await expect
      .poll(async () => {
        await two.answer('post 3', loader('p3', { posts: [3], list: false }));
        one.evict({ posts: [99], lists: false });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return heard.mock.calls.length;
      })
      .toBeGreaterThan(0);
    await two.answer('post 3', loader('p3', { posts: [3], list: false }));
    expect(two.size).toBe(1);
    one.evict({ posts: [3], lists: false });
    await expect.poll(() => two.size).toBe(0);
  });
});
