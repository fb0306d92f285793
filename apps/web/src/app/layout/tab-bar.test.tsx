// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { createTestQueryClient, jsonResponse } from '@/test/hook-harness';
import { TabBar } from './tab-bar';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <TabBar />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tabs = () => within(screen.getByRole('navigation', { name: 'التنقل الرئيسي' })).getAllByRole('link');

function signIn() {
  useAuthStore.setState({
    isAuthenticated: true,
    isLoading: false,
    token: 'token',
    userId: 'u-noura',
    user: {
      userId: 'u-noura',
      username: 'noura',
      firstName: 'نورة',
      lastName: 'القحطاني',
      email: 'noura@ray.sa',
      emailVerified: true,
      bio: null,
      avatarUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      isGuest: false,
      role: 'user',
      suspendedUntil: null,
      hasPassword: true,
    },
  });
}

beforeEach(() => {
  useAuthStore.setState({ isAuthenticated: false, isLoading: false, token: null, userId: null, user: null });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the tab bar', () => {
  it('holds the five places, in order, and marks the current one', () => {
    renderAt('/trends');
    const links = tabs();
    expect(links.map((link) => link.textContent)).toEqual([
      'الرئيسية',
      'الترندات',
      'إنشاء',
      'الإشعارات',
      'حسابي',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/trends',
      '/create-post',
      '/notifications',
      '/login',
    ]);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page')).toEqual([links[1]]);
  });

  it('asks a visitor for no notification count', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt('/');
    expect(tabs()[0]?.getAttribute('aria-current')).toBe('page');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("leads a member to their own profile and shows the bell's unread count, named for screen readers", async () => {
    signIn();
    const fetch = vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return Promise.resolve(
        url.includes('/api/notifications/user/unread-count')
          ? jsonResponse(200, { count: 12 })
          : new Response(null, { status: 204 }),
      );
    });
    vi.stubGlobal('fetch', fetch);
    renderAt('/profile/u-noura');

    expect(await screen.findByTestId('tab-unread-badge')).toHaveProperty('textContent', '9+');
    const links = tabs();
    expect(links[3]?.getAttribute('aria-label')).toBe('الإشعارات، 9+ غير مقروءة');
    expect(links[4]?.getAttribute('href')).toBe('/profile/u-noura');
    expect(links[4]?.getAttribute('aria-current')).toBe('page');
  });
});
