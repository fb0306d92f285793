import { TOAST_DURATION_MS } from '@ray/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

const shown = () => toast.getToasts().map((item) => [item.tone, item.title]);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const item of toast.getToasts()) toast.dismiss(item.id);
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows one toast at a time: a newer one replaces the one on screen', () => {
    toast.error('فشل في التصويت');
    toast.error('فشل في العملية');
    toast.info('تنبيه ثالث');
    expect(shown()).toEqual([['info', 'تنبيه ثالث']]);
  });

  it('tells its listeners of each replacement', () => {
    const listener = vi.fn();
    const unsubscribe = toast.subscribe(listener);
    toast.error('الأول');
    toast.success('الثاني');
    unsubscribe();
    toast.info('الثالث');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('gives the newer toast its full time, whatever was left of the older one', () => {
    toast.error('الأول');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1_000);
    toast.error('الثاني');
    vi.advanceTimersByTime(1_500);
    expect(shown()).toEqual([['error', 'الثاني']]);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1_500);
    expect(shown()).toEqual([]);
  });

  it('a replaced toast’s timer does not take the newer one away early', () => {
    toast.error('الأول', { id: 'first' });
    vi.advanceTimersByTime(TOAST_DURATION_MS / 2);
    toast.error('الثاني', { id: 'second' });
    vi.advanceTimersByTime(TOAST_DURATION_MS / 2 + 10);
    expect(shown()).toEqual([['error', 'الثاني']]);
  });

  it('shown again by id, restarts its time instead of adding a second', () => {
    toast.success('تم', { id: 'saved' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    toast.success('تم', { id: 'saved' });
    vi.advanceTimersByTime(200);
    expect(shown()).toEqual([['success', 'تم']]);
  });

  it('stays while paused (pointer or focus on it) and leaves a full period after resuming', () => {
    const id = toast.error('اقرأني');
    toast.pause(id);
    vi.advanceTimersByTime(TOAST_DURATION_MS * 3);
    expect(shown()).toEqual([['error', 'اقرأني']]);
    toast.resume(id);
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(shown()).toEqual([]);
  });

  it('is dismissed at once by its id', () => {
    const id = toast.error('يُغلق');
    toast.dismiss(id);
    expect(shown()).toEqual([]);
  });
});
