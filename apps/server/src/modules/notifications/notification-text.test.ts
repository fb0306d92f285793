import { describe, expect, it } from 'vitest';
import {
  followText,
  groupedText,
  groupKindOf,
  likeText,
  pollText,
  ratingText,
  replyText,
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

  it('read the kind from the group key and leave unknown groups alone', () => {
    expect(groupKindOf('like:42')).toBe('like');
    expect(groupKindOf('follow')).toBe('follow');
    expect(groupKindOf('something:1')).toBeNull();
    expect(groupedText('rating:7', 3, 'رأي')).toBe('قيّم 3 أشخاص منشورك');
    expect(groupedText('other', 3, 'رأي')).toBeNull();
  });
});
