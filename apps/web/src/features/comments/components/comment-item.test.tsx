// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import type { Comment } from '@ray/shared/schemas/comment';
import { ANONYMOUS_AUTHOR } from '@ray/shared/schemas/post';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestQueryClient } from '@/test/hook-harness';
import { CommentItem } from './comment-item';

function show(node: ReactNode) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const comment = (overrides: Partial<Comment>): Comment => ({
  id: 5,
  postId: 7,
  content: 'تعليق',
  isAnonymous: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  user: { userId: 'u1', username: 'noura', displayName: 'نورة', avatarUrl: null },
  isOwner: false,
  isHidden: false,
  parentId: null,
  replyCount: 0,
  mentions: [],
  ...overrides,
});

afterEach(() => {
  cleanup();
});

const noop = () => undefined;

describe('the author of a comment', () => {
  it('is the anonymous author, with no profile link, for an anonymous comment', () => {
    show(
      <CommentItem
        onDeleted={noop}
        comment={comment({ isAnonymous: true, user: { ...ANONYMOUS_AUTHOR } })}
      />,
    );
    const item = screen.getByTestId('comment');
    expect(within(item).getByText(msg.anonymousName)).toBeTruthy();
    expect(item.querySelector('a[href^="/profile/"]')).toBeNull();
  });

  it('links a signed comment to its author', () => {
    show(<CommentItem onDeleted={noop} comment={comment({})} />);
    const item = screen.getByTestId('comment');
    expect(within(item).getByRole('link', { name: 'نورة' }).getAttribute('href')).toBe('/profile/u1');
  });
});

describe('the text of a comment', () => {
  it('links the mention of someone who exists to their profile, isolated left to right, and not others', () => {
    show(
      <CommentItem
        onDeleted={noop}
        comment={comment({
          content: 'شكرًا @Sara و @nobody',
          mentions: [{ username: 'sara', userId: 'u-sara' }],
        })}
      />,
    );
    const link = screen.getByRole('link', { name: '@Sara' });
    expect(link.getAttribute('href')).toBe('/profile/u-sara');
    expect(link.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(screen.queryByRole('link', { name: '@nobody' })).toBeNull();
    expect(screen.getByText(/@nobody/)).toBeTruthy();
  });

  it('offers «ردّ» when the thread can be answered', () => {
    let asked = 0;
    show(
      <CommentItem
        onDeleted={noop}
        comment={comment({})}
        onReply={() => {
          asked += 1;
        }}
      />,
    );
    screen.getByRole('button', { name: 'ردّ' }).click();
    expect(asked).toBe(1);
  });
});
