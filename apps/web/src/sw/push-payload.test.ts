import { describe, expect, it } from 'vitest';
import { pushStrings } from '@/i18n/push.ar';
import { appPath, parsePushPayload } from './push-payload';

const ORIGIN = 'https://ray.example';

describe('parsePushPayload', () => {
  it('reads every field the server sends', () => {
    const notice = parsePushPayload(
      JSON.stringify({
        title: 'تعليق جديد',
        body: 'سارة علّقت على منشورك',
        url: '/posts/123',
        tag: 'comment:123',
        notificationId: 42,
        unreadCount: 3,
      }),
      ORIGIN,
    );
    expect(notice).toEqual({
      title: 'تعليق جديد',
      body: 'سارة علّقت على منشورك',
      url: '/posts/123',
      tag: 'comment:123',
      notificationId: 42,
      unreadCount: 3,
    });
  });

  it.each([
    ['no payload', null],
    ['an empty payload', ''],
    ['text that is not JSON', 'not json {'],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
    ['an object without a title or body', '{"url":"/posts/1"}'],
    ['fields of the wrong type', '{"title":5,"body":{"a":1},"url":7,"tag":[],"notificationId":"x"}'],
  ])('shows the generic Arabic notice for %s', (_name, raw) => {
    const notice = parsePushPayload(raw, ORIGIN);
    expect(notice.title).toBe(pushStrings.fallback.title);
    expect(notice.body).toBe(pushStrings.fallback.body);
    expect(notice.tag).toBeUndefined();
    expect(notice.notificationId).toBeUndefined();
    expect(notice.unreadCount).toBeUndefined();
    expect(['/notifications', '/posts/1']).toContain(notice.url);
  });

  it('keeps a title without a body, and gives a body without a title the app name', () => {
    expect(parsePushPayload('{"title":"متابع جديد"}', ORIGIN)).toMatchObject({
      title: 'متابع جديد',
      body: '',
    });
    expect(parsePushPayload('{"body":"لديك رد"}', ORIGIN)).toMatchObject({
      title: pushStrings.fallback.title,
      body: 'لديك رد',
    });
  });

  it('cuts very long text and ignores counts that are not whole numbers', () => {
    const notice = parsePushPayload(
      JSON.stringify({
        title: 'ع'.repeat(500),
        body: 'ب'.repeat(2000),
        unreadCount: -1,
        notificationId: 1.5,
      }),
      ORIGIN,
    );
    expect(notice.title.length).toBe(120);
    expect(notice.body.length).toBe(400);
    expect(notice.unreadCount).toBeUndefined();
    expect(notice.notificationId).toBeUndefined();
  });
});

describe('appPath', () => {
  it('keeps paths of the app with their query and fragment', () => {
    expect(appPath('/posts/123', ORIGIN)).toBe('/posts/123');
    expect(appPath('/notifications', ORIGIN)).toBe('/notifications');
    expect(appPath('/posts/5?comment=9#c9', ORIGIN)).toBe('/posts/5?comment=9#c9');
  });

  it.each([
    'https://evil.example/posts/1',
    '//evil.example/posts/1',
    '/\\evil.example',
    'javascript:alert(1)',
    'posts/1',
    '',
    42,
    null,
    undefined,
    { url: '/posts/1' },
  ])('sends %j to the notifications page instead', (value) => {
    expect(appPath(value, ORIGIN)).toBe('/notifications');
  });

  it('refuses a full address even on the app origin, since the server sends paths', () => {
    expect(appPath(`${ORIGIN}/posts/1`, ORIGIN)).toBe('/notifications');
  });
});
