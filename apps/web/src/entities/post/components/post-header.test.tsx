// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { strings } from '@/i18n/strings.ar';
import { createTestQueryClient } from '@/test/hook-harness';
import { makePost } from '@/test/post-fixture';
import { PostHeader } from './post-header';

function show(node: ReactNode) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
});

describe('the author of a post', () => {
  it('is the anonymous author, with no profile link, for an anonymous post', () => {
    const { container } = show(<PostHeader post={makePost(7, { isAnonymous: true })} nameId="name" />);
    expect(screen.getByText(msg.anonymousName).id).toBe('name');
    expect(container.querySelector('a[href^="/profile/"]')).toBeNull();
    expect(container.textContent).not.toContain('@');
    expect(screen.queryByText(strings.posts.yourPost)).toBeNull();
  });

  it('tells its author an anonymous post is theirs', () => {
    show(<PostHeader post={makePost(7, { isAnonymous: true, isOwner: true })} />);
    expect(screen.getByText(strings.posts.yourPost)).toBeTruthy();
    expect(screen.getByText(msg.anonymousName)).toBeTruthy();
  });

  it('links a signed post to its author', () => {
    show(<PostHeader post={makePost(7)} />);
    const name = screen.getByRole('link', { name: 'نورة' });
    expect(name.getAttribute('href')).toBe('/profile/u1');
    expect(screen.getByText('@noura')).toBeTruthy();
    expect(screen.queryByText(msg.anonymousName)).toBeNull();
  });
});
