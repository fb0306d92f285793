// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/test/hook-harness';
import { CommentEditForm } from './comment-edit-form';

const people = {
  items: [
    {
      userId: 'id-sara',
      username: 'sara',
      firstName: 'سارة',
      lastName: '',
      displayName: 'سارة',
      bio: null,
      avatarUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      isFollowing: false,
    },
  ],
  pagination: { page: 1, pageSize: 5, hasNextPage: false, totalCount: 1, nextCursor: null },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('editing a comment', () => {
  it('suggests people after @; Escape closes the list first and cancels the edit only after', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify(people), { headers: { 'content-type': 'application/json' } }),
        ),
      ),
    );
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <CommentEditForm postId={1} commentId={2} content="رأي" onDone={onDone} />
      </QueryClientProvider>,
    );
    const textarea = screen.getByRole<HTMLTextAreaElement>('combobox');
    const value = 'رأي مع @sa';
    fireEvent.change(textarea, { target: { value } });
    textarea.setSelectionRange(value.length, value.length);
    fireEvent.input(textarea);

    expect((await screen.findAllByRole('option'))[0]?.textContent).toContain('@sara');
    fireEvent.keyDown(textarea, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.keyDown(textarea, { key: 'Escape' });
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(false);
  });
});
