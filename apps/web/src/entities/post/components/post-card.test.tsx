// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { strings } from '@/i18n/strings.ar';
import { useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import { createTestQueryClient } from '@/test/hook-harness';
import { makePost } from '@/test/post-fixture';
import { PostCard } from './post-card';
import { ShareDialog } from './share-dialog';

function renderCard(ownPost: boolean) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<PostCard post={makePost(7, { isOwner: ownPost })} />} />
          <Route path="/posts/:postId/edit" element={<p>صفحة التعديل</p>} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** jsdom has no clipboard: the one the browser would hand the page. */
function giveClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

async function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: strings.posts.menuLabel }));
  return screen.findByRole('menu');
}

beforeEach(() => {
  useAuthStore.setState({ isAuthenticated: false, loggedOut: false, token: null, isLoading: false });
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'clipboard');
  for (const item of toast.getToasts()) toast.dismiss(item.id);
});

describe('PostCard menu: edit', () => {
  it('asks a visitor to sign in instead of opening the edit page (a post cached as theirs before the session ended)', async () => {
    renderCard(true);
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: strings.posts.edit }));
    expect(await screen.findByText(msg.loginToEditPosts)).toBeTruthy();
    expect(screen.queryByText('صفحة التعديل')).toBeNull();
  });

  it('opens the edit page for the signed-in author', async () => {
    useAuthStore.setState({ isAuthenticated: true, token: 't'.repeat(60) });
    renderCard(true);
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: strings.posts.edit }));
    expect(await screen.findByText('صفحة التعديل')).toBeTruthy();
    expect(screen.queryByText(msg.loginToEditPosts)).toBeNull();
  });
});

describe('copying a post link', () => {
  it('the card’s share sheet confirms with the post-link message once the clipboard has it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    giveClipboard(writeText);
    renderCard(false);
    fireEvent.click(screen.getAllByRole('button', { name: strings.posts.share })[0]!);
    fireEvent.click(await screen.findByRole('button', { name: strings.share.copy }));
    expect(await screen.findByText(msg.linkCopiedPost)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/posts/7`);
  });

  it('the share sheet says «تم نسخ الرابط بنجاح» by default, and the failure when the clipboard refuses', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    giveClipboard(writeText);
    const onOpenChange = vi.fn();
    render(
      <>
        <ShareDialog post={makePost(9)} open onOpenChange={onOpenChange} />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: strings.share.copy }));
    expect(await screen.findByText(msg.linkCopied)).toBeTruthy();

    writeText.mockImplementation(() => Promise.reject(new Error('denied')));
    fireEvent.click(screen.getByRole('button', { name: strings.share.copied }));
    await waitFor(() => {
      expect(screen.getByText(msg.linkCopyFailed)).toBeTruthy();
    });
  });
});
