// @vitest-environment jsdom
import { feedMsg } from '@ray/shared/feed-messages.ar';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PostImage } from './post-image';

afterEach(cleanup);

const alt = 'فنجان قهوة على طاولة خشبية';

describe('PostImage', () => {
  it('loads the first post’s picture at once', () => {
    render(
      <PostImage
        imageUrl="/uploads/original/a.webp"
        thumbnailUrl="/uploads/thumb/a.webp"
        alt={alt}
        priority
      />,
    );
    const image = screen.getByRole('img', { name: alt });
    expect(image.getAttribute('src')).toBe('/uploads/thumb/a.webp');
    expect(image.getAttribute('loading')).toBe('eager');
  });

  it('loads the other pictures as they come into view', () => {
    render(<PostImage imageUrl="/uploads/original/b.webp" thumbnailUrl="/uploads/thumb/b.webp" alt={alt} />);
    const image = screen.getByRole('img', { name: alt });
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('falls back from the thumbnail to the full image, then says the image could not be loaded', () => {
    render(<PostImage imageUrl="/uploads/original/c.webp" thumbnailUrl="/uploads/thumb/c.webp" alt={alt} />);
    fireEvent.error(screen.getByRole('img', { name: alt }));
    expect(screen.getByRole('img', { name: alt }).getAttribute('src')).toBe('/uploads/original/c.webp');
    fireEvent.error(screen.getByRole('img', { name: alt }));
    expect(screen.getByRole('img', { name: feedMsg.imageLoadFailed })).toBeTruthy();
  });
});
