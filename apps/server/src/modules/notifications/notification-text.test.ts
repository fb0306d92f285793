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

  it('name the newest follower of a card without recorded people and count the others', () => {
    expect(followText('سارة', 1)).toBe('سارة بدأ بمتابعتك');
    expect(followText('سارة', 2)).toBe('بدأ سارة وشخص آخر بمتابعتك');
    expect(followText('سارة', 3)).toBe('بدأ سارة وشخصان آخران بمتابعتك');
    expect(followText('سارة', 4)).toBe('بدأ سارة و3 آخرون بمتابعتك');
    expect(followText('سارة', 12)).toBe('بدأ سارة و11 شخصًا آخر بمتابعتك');
  });

  it('name up to two people of a grouped card, isolated, and count the rest in agreement', () => {
    const sara = '\u2068سارة\u2069';
    const khaled = '\u2068خالد\u2069';
    const comment = (total: number) =>
      messageOf({
        kind: 'comment',
        count: total,
        actorName: 'سارة',
        details: null,
        people: { names: total === 1 ? ['سارة'] : ['سارة', 'خالد'], total },
      });
    expect([1, 2, 3, 4, 5, 11, 12, 13, 100, 102, 103].map(comment)).toEqual([
      `${sara} علّق على منشورك`,
      `علّق ${sara} و${khaled} على منشورك`,
      `علّق ${sara} و${khaled} وشخص آخر على منشورك`,
      `علّق ${sara} و${khaled} وشخصان آخران على منشورك`,
      `علّق ${sara} و${khaled} و3 آخرون على منشورك`,
      `علّق ${sara} و${khaled} و9 آخرون على منشورك`,
      `علّق ${sara} و${khaled} و10 آخرون على منشورك`,
      `علّق ${sara} و${khaled} و11 شخصًا آخر على منشورك`,
      `علّق ${sara} و${khaled} و98 شخصًا آخر على منشورك`,
      `علّق ${sara} و${khaled} و100 شخص آخر على منشورك`,
      `علّق ${sara} و${khaled} و101 شخص آخر على منشورك`,
    ]);
    const people = { names: ['سارة', 'خالد'], total: 2 };
    const facts = { count: 2, actorName: 'سارة', details: null, people };
    expect(messageOf({ ...facts, kind: 'reply' })).toBe(`ردّ ${sara} و${khaled} في نقاش شاركت فيه`);
    expect(messageOf({ ...facts, kind: 'mention' })).toBe(`أشار ${sara} و${khaled} إليك`);
    expect(messageOf({ ...facts, kind: 'follow' })).toBe(`بدأ ${sara} و${khaled} بمتابعتك`);
    // One person who commented twice is one person.
    expect(messageOf({ ...facts, kind: 'comment', people: { names: ['سارة'], total: 1 } })).toBe(
      `${sara} علّق على منشورك`,
    );
  });

  it('never name voters, even when people are given', () => {
    const people = { names: ['سارة', 'خالد'], total: 3 };
    expect(messageOf({ kind: 'like', count: 3, actorName: null, details: null, people })).toBe(
      'أعجب 3 أشخاص بمنشورك',
    );
  });

  it('keep an anonymous actor alone and unisolated as مجهول', () => {
    expect(messageOf({ kind: 'comment', count: 1, actorName: null, details: null, people: null })).toBe(
      'مجهول علّق على منشورك',
    );
    expect(messageOf({ kind: 'mention', count: 1, actorName: null, details: null })).toBe('مجهول أشار إليك');
  });

  it('isolate a Latin name so that it keeps its direction inside the Arabic sentence', () => {
    const message = messageOf({ kind: 'comment', count: 1, actorName: 'John Smith', details: null });
    expect(message).toBe('\u2068John Smith\u2069 علّق على منشورك');
    const two = messageOf({
      kind: 'follow',
      count: 2,
      actorName: 'John Smith',
      details: null,
      people: { names: ['John Smith', 'سارة'], total: 2 },
    });
    expect(two).toBe('بدأ \u2068John Smith\u2069 و\u2068سارة\u2069 بمتابعتك');
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
    expect(messageOf({ ...facts, kind: 'follow', count: 2 })).toBe('بدأ \u2068سارة\u2069 وشخص آخر بمتابعتك');
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
