// @vitest-environment jsdom
import type { Paged } from '@ray/shared/schemas/common';
import type { Post, PostVersion } from '@ray/shared/schemas/post';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/test/hook-harness';
import { makePost } from '@/test/post-fixture';
import { PostCard } from './post-card';

function renderCard(post: Post) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <PostCard post={post} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const image = { imageUrl: '/uploads/original/a.webp', thumbnailUrl: '/uploads/thumb/a.webp' };

describe('PostCard image description', () => {
  it("uses the author's description as the image's alt", () => {
    renderCard(makePost(3, { ...image, imageAlt: 'فنجان قهوة على طاولة خشبية' }));
    expect(screen.getByRole('img', { name: 'فنجان قهوة على طاولة خشبية' })).toBeTruthy();
  });

  it("says it is the post's image when the author wrote no description", () => {
    renderCard(makePost(4, { ...image, content: 'صباح الخير من الرياض' }));
    expect(screen.getByRole('img').getAttribute('alt')).toBe('صورة مرفقة بمنشور: صباح الخير من الرياض');
  });
});

describe('PostCard edit mark', () => {
  it('shows nothing for a post never edited', () => {
    renderCard(makePost(5));
    expect(screen.queryByText('معدّل')).toBeNull();
  });

  it('opens the earlier versions, newest first, from «معدّل»', async () => {
    const page: Paged<PostVersion> = {
      items: [
        { id: 2, content: 'النص الثاني', writtenAt: '2026-01-01T01:00:00.000Z' },
        { id: 1, content: 'النص الأول', writtenAt: '2026-01-01T00:00:00.000Z' },
      ],
      pagination: { page: 1, pageSize: 10, hasNextPage: false, totalCount: 2, nextCursor: null },
    };
    const fetchMock = vi.fn((_input: string) =>
      Promise.resolve(
        new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderCard(makePost(6, { editedAt: '2026-01-01T02:00:00.000Z' }));
    fireEvent.click(screen.getByRole('button', { name: 'معدّل' }));
    const dialog = await screen.findByRole('dialog', { name: 'النسخ السابقة' });
    const versions = await within(dialog).findAllByTestId('post-version');
    expect(versions.map((item) => item.textContent)).toEqual([
      expect.stringContaining('النص الثاني'),
      expect.stringContaining('النص الأول'),
    ]);
    expect(fetchMock.mock.calls[0]?.[0]).toContain('/api/posts/6/history');
  });
});
