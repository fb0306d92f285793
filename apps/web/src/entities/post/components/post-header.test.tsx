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

describe('the place of a post', () => {
  it('names the place when the post has a name for it', () => {
    const { container } = show(
      <PostHeader post={makePost(7, { latitude: 24.71, longitude: 46.68, locationName: 'الرياض' })} />,
    );
    expect(screen.getByText('الرياض')).toBeTruthy();
    expect(container.querySelector('a[href*="openstreetmap"]')).toBeNull();
  });

  it('links a place without a name to its stored coordinates on the map, in a new tab', () => {
    show(<PostHeader post={makePost(7, { latitude: 21.54, longitude: 39.17, locationName: null })} />);
    const link = screen.getByRole('link', { name: strings.posts.onMap });
    expect(link.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=21.54&mlon=39.17#map=16/21.54/39.17',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
  });

  it('shows nothing for a post without a place', () => {
    show(<PostHeader post={makePost(7)} />);
    expect(screen.queryByText(strings.posts.onMap)).toBeNull();
    expect(screen.queryByText(strings.posts.location, { exact: false })).toBeNull();
  });
});
