import { describe, expect, it } from 'vitest';
import { isAdBlockedPath } from './ad-placement';

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
