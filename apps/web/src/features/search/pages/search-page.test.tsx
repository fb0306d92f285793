// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { createTestQueryClient, jsonResponse } from '@/test/hook-harness';
import { makePost } from '@/test/post-fixture';
import { SearchPage } from './search-page';

const s = discoveryStrings.search;

/** The server at the `fetch` boundary, answering each search route with its own kind of result. */
let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://x',
      );
      asked.push(`${url.pathname}${url.search}`);
      switch (url.pathname) {
        case '/api/posts/search':
          return Promise.resolve(
            jsonResponse(200, {
              items: [makePost(1, { content: 'منشور عن القهوة' })],
              pagination: {
                page: 1,
                pageSize: 10,
                totalCount: 1,
                totalPages: 1,
                hasNextPage: false,
                hasPreviousPage: false,
                nextCursor: null,
              },
            }),
          );
        case '/api/users/search':
          return Promise.resolve(
            jsonResponse(200, {
              items: [
                {
                  userId: 'u7',
                  username: 'qahwa_lover',
                  firstName: 'سلمى',
                  lastName: 'الحربي',
                  displayName: 'سلمى الحربي',
                  bio: null,
                  avatarUrl: null,
                  createdAt: '2026-01-01T00:00:00.000Z',
                  isFollowing: false,
                },
              ],
              pagination: { page: 0, pageSize: 20, totalCount: 1, hasNextPage: false, nextCursor: null },
            }),
          );
        case '/api/hashtags/search':
          return Promise.resolve(
            jsonResponse(200, [{ id: 3, name: 'القهوة', postCount: 12, usageCount: 12 }]),
          );
        default:
          return Promise.resolve(jsonResponse(200, []));
      }
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The address the page is at, and how it got there (PUSH or REPLACE), as the test reads them. */
function Where() {
  const current = useLocation();
  return (
    <output data-testid="where" data-navigation={useNavigationType()}>
      {current.search}
    </output>
  );
}

const address = () => new URLSearchParams(screen.getByTestId('where').textContent);
const navigation = () => screen.getByTestId('where').dataset.navigation;

function renderAt(url: string) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/search"
            element={
              <>
                <SearchPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('/search?type=', () => {
  it('shows people for type=users, with avatar, name and username, from the user search', async () => {
    renderAt('/search?q=قهوة&type=users');
    const person = await screen.findByTestId('user-result');
    expect(within(person).getByText('سلمى الحربي')).toBeTruthy();
    expect(within(person).getByText('@qahwa_lover')).toBeTruthy();
    expect(within(person).getByRole('link').getAttribute('href')).toBe('/profile/u7');
    expect(tab(s.types.users).getAttribute('aria-selected')).toBe('true');
    expect(asked.some((url) => url.startsWith('/api/users/search?q='))).toBe(true);
    expect(asked.some((url) => url.startsWith('/api/posts/search'))).toBe(false);
  });

  it('shows tags for type=hashtags', async () => {
    renderAt('/search?q=قهوة&type=hashtags');
    const tag = await screen.findByTestId('hashtag-result');
    expect(within(tag).getByRole('link').getAttribute('href')).toBe(`/wasm/${encodeURIComponent('القهوة')}`);
    expect(tab(s.types.hashtags).getAttribute('aria-selected')).toBe('true');
  });

  it('falls back to posts for a missing or unknown type', async () => {
    for (const url of ['/search?q=قهوة', '/search?q=قهوة&type=people']) {
      renderAt(url);
      expect(await screen.findByText('منشور عن القهوة')).toBeTruthy();
      expect(tab(s.types.posts).getAttribute('aria-selected')).toBe('true');
      cleanup();
    }
  });

  it('writes the chosen tab into the address, replacing it', async () => {
    renderAt('/search?q=قهوة');
    await screen.findByText('منشور عن القهوة');
    fireEvent.click(tab(s.types.users));
    expect(await screen.findByTestId('user-result')).toBeTruthy();
    expect(address().get('type')).toBe('users');
    expect(address().get('q')).toBe('قهوة');
    expect(navigation()).toBe('REPLACE');
    fireEvent.click(tab(s.types.posts));
    expect(address().get('type')).toBe('posts');
    expect(await screen.findByText('منشور عن القهوة')).toBeTruthy();
  });
});
