import { describe, expect, it } from 'vitest';
import { isAdBlockedPath, pageAdPlacements } from './ad-placement';

describe('isAdBlockedPath', () => {
  it('blocks ads on the sign-in and registration pages', () => {
    for (const path of ['/login', '/register', '/auth/login', '/auth/register', '/login/', '/Register']) {
      expect(isAdBlockedPath(path)).toBe(true);
    }
  });

  it('blocks ads in the admin area', () => {
    for (const path of ['/admin', '/admin/', '/admin/ads', '/admin/ads/3/edit', '/Admin/analytics']) {
      expect(isAdBlockedPath(path)).toBe(true);
    }
  });

  it('shows ads everywhere else, including pages that merely start alike', () => {
    for (const path of ['/', '/trends', '/login/callback', '/registered', '/posts/1', '/administrator']) {
      expect(isAdBlockedPath(path)).toBe(false);
    }
  });
});

describe('pageAdPlacements', () => {
  it('asks only for the sidebar in the wide layout, whose ad stays in view', () => {
    for (const path of ['/', '/posts/3', '/faq']) expect(pageAdPlacements(path, 'wide')).toEqual(['Sidebar']);
  });

  it("puts the top of the page first on a tablet, then the page's own slots, and the footer last", () => {
    expect(pageAdPlacements('/profile/abc/', 'medium')).toEqual(['Header', 'BetweenPosts', 'Footer']);
    expect(pageAdPlacements('/posts/12', 'medium')).toEqual(['Header', 'PostDetail', 'Footer']);
    expect(pageAdPlacements('/faq', 'medium')).toEqual(['Header', 'Footer']);
  });

  it("keeps the phone's slot, at the page's end, for pages with no slot of their own", () => {
    expect(pageAdPlacements('/', 'narrow')).toEqual(['BetweenPosts', 'Footer']);
    expect(pageAdPlacements('/posts/4', 'narrow')).toEqual(['PostDetail', 'Footer']);
    expect(pageAdPlacements('/trends', 'narrow')).toEqual(['Mobile', 'Footer']);
    expect(pageAdPlacements('/faq/', 'narrow')).toEqual(['Mobile', 'Footer']);
  });
});
