// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/test/hook-harness';
import { useMentionComposer } from './mention-suggestions';

const person = (username: string, displayName: string) => ({
  userId: `id-${username}`,
  username,
  firstName: displayName,
  lastName: '',
  displayName,
  bio: null,
  avatarUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  isFollowing: false,
});

function Harness() {
  const [value, setValue] = useState('');
  const mention = useMentionComposer(setValue);
  return (
    <div className="relative">
      <textarea
        aria-label="النص"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
        }}
        {...mention.textareaProps}
      />
      {mention.listbox}
    </div>
  );
}

function show() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
}

function type(textarea: HTMLTextAreaElement, value: string) {
  fireEvent.change(textarea, { target: { value } });
  textarea.setSelectionRange(value.length, value.length);
  fireEvent.input(textarea);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('mention suggestions', () => {
  it('asks the people search after @, lists people as options and inserts the chosen one with Enter', async () => {
    const fetchMock = vi.fn((_input: string) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            items: [person('sara', 'سارة'), person('sami', 'سامي')],
            pagination: { page: 1, pageSize: 5, hasNextPage: false, totalCount: 2, nextCursor: null },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    show();
    const textarea = screen.getByRole<HTMLTextAreaElement>('combobox', { name: 'النص' });
    expect(textarea.getAttribute('aria-expanded')).toBe('false');

    type(textarea, 'مرحبا @sa');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('سارة@sara'),
      expect.stringContaining('سامي@sami'),
    ]);
    expect(textarea.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox').id).toBe(textarea.getAttribute('aria-controls'));
    expect(textarea.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(fetchMock.mock.calls[0]?.[0]).toContain('/api/users/search?q=sa');

    fireEvent.keyDown(textarea, { key: 'ArrowDown' });
    expect(textarea.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    await waitFor(() => {
      expect(textarea.value).toBe('مرحبا @sami ');
    });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on Escape and opens nothing for an e-mail address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              items: [person('sara', 'سارة')],
              pagination: { page: 1, pageSize: 5, hasNextPage: false, totalCount: 1, nextCursor: null },
            }),
            { headers: { 'content-type': 'application/json' } },
          ),
        ),
      ),
    );
    show();
    const textarea = screen.getByRole<HTMLTextAreaElement>('combobox');
    type(textarea, 'sara@ex');
    expect(screen.queryByRole('listbox')).toBeNull();

    type(textarea, '@sa');
    await screen.findByRole('option');
    fireEvent.keyDown(textarea, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(textarea.value).toBe('@sa');
  });
});
