import { describe, expect, it } from 'vitest';
import { formatSuspensionEnd } from '../../lib/timestamps';
import {
  followText,
  likeText,
  messageOf,
  pollText,
  ratingText,
  replyText,
  senderOf,
} from './notification-text';

describe('notification texts', () => {
  it('count people with Arabic number agreement', () => {
    expect([1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111].map(likeText)).toEqual([
      'أعجب شخص بمنشورك',
      'أعجب شخصان بمنشورك',
      'أعجب 3 أشخاص بمنشورك',
      'أعجب 10 أشخاص بمنشورك',
      'أعجب 11 شخصًا بمنشورك',
      'أعجب 99 شخصًا بمنشورك',
      'أعجب 100 شخص بمنشورك',
      'أعجب 101 شخص بمنشورك',
      'أعجب 102 شخص بمنشورك',
      'أعجب 103 أشخاص بمنشورك',
      'أعجب 111 شخصًا بمنشورك',
    ]);
    expect(ratingText(2)).toBe('قيّم شخصان منشورك');
    expect(pollText(12)).toBe('صوّت 12 شخصًا في استطلاعك');
  });

  it('name the newest follower and count the others', () => {
    expect(followText('سارة', 1)).toBe('سارة بدأ بمتابعتك');
    expect(followText('سارة', 2)).toBe('سارة وشخص آخر بدآ بمتابعتك');
    expect(followText('سارة', 3)).toBe('سارة وشخصان آخران بدأوا بمتابعتك');
    expect(followText('سارة', 4)).toBe('سارة و3 أشخاص آخرين بدأوا بمتابعتك');
    expect(followText('سارة', 12)).toBe('سارة و11 شخصًا آخر بدأوا بمتابعتك');
  });

  it('count replies, naming the writer of a single one only', () => {
    expect(replyText('مجهول', 1)).toBe('مجهول ردّ في نقاش شاركت فيه');
    expect(replyText('مجهول', 2)).toBe('ردّان جديدان في نقاش شاركت فيه');
    expect(replyText('أحمد', 5)).toBe('5 ردود جديدة في نقاش شاركت فيه');
    expect(replyText('أحمد', 20)).toBe('20 ردًّا جديدًا في نقاش شاركت فيه');
  });

  it('write each kind from its stored facts, naming only who may be named', () => {
    const facts = { count: 1, actorName: 'سارة', details: null };
    expect(senderOf({ ...facts, kind: 'like' })).toBe('رأي');
    expect(messageOf({ ...facts, kind: 'rating', count: 3 })).toBe('قيّم 3 أشخاص منشورك');
    expect(messageOf({ ...facts, kind: 'poll', count: 2 })).toBe('صوّت شخصان في استطلاعك');
    expect(senderOf({ ...facts, kind: 'comment' })).toBe('سارة');
    expect(messageOf({ ...facts, kind: 'comment', actorName: null })).toBe('مجهول علّق على منشورك');
    expect(messageOf({ ...facts, kind: 'follow', count: 2 })).toBe('سارة وشخص آخر بدآ بمتابعتك');
    expect(messageOf({ ...facts, kind: 'reply', actorName: null })).toBe('مجهول ردّ في نقاش شاركت فيه');
    expect(senderOf({ ...facts, kind: 'trending' })).toBe('رأي');
    expect(senderOf({ ...facts, kind: 'warning' })).toBe('فريق الإشراف');
    expect(messageOf({ ...facts, kind: 'warning', details: { message: 'احترم الآخرين' } })).toBe(
      'تنبيه من فريق الإشراف: احترم الآخرين',
    );
    const until = '2026-12-01T09:00:00.000Z';
    expect(messageOf({ ...facts, kind: 'suspended', details: { until } })).toBe(
      `أوقف فريق الإشراف حسابك عن النشر والتعليق والتصويت حتى ${formatSuspensionEnd(new Date(until))}`,
    );
    expect(messageOf({ ...facts, kind: 'suspension-lifted' })).toBe('رفع فريق الإشراف الإيقاف عن حسابك');
  });
});
