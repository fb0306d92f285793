import { describe, expect, it } from 'vitest';
import { feedParamsOf, readFeedTab, writeFeedTab } from './feed-tab';

describe('feed tab in the address', () => {
  it('reads «متابَعون» from ?feed=following for a signed-in user only', () => {
    expect(readFeedTab(new URLSearchParams('feed=following'), true)).toBe('following');
    expect(readFeedTab(new URLSearchParams('feed=following'), false)).toBe('all');
    expect(readFeedTab(new URLSearchParams(''), true)).toBe('all');
    expect(readFeedTab(new URLSearchParams('feed=other'), true)).toBe('all');
  });

  it('writes the tab and keeps the other parameters; «للجميع» drops it', () => {
    const following = writeFeedTab('following', new URLSearchParams('x=1'));
    expect(following.toString()).toBe('x=1&feed=following');
    expect(writeFeedTab('all', following).toString()).toBe('x=1');
  });

  it('reads the following page type for «متابَعون» and the latest feed for «للجميع»', () => {
    expect(feedParamsOf('following')).toEqual({ pageType: 'Following' });
    expect(feedParamsOf('all')).toEqual({});
  });
});
