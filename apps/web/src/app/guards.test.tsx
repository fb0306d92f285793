// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import { RequireAuth } from './guards';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<RequireAuth message={msg.loginToEditPost} />}>
          <Route path="/posts/:postId/edit" element={<p>صفحة التعديل</p>} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="/bookmarks" element={<p>المحفوظات</p>} />
        </Route>
        <Route path="/login" element={<p>صفحة الدخول</p>} />
        <Route path="/" element={<p>الرئيسية</p>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useAuthStore.setState({ isAuthenticated: false, loggedOut: false, token: null, isLoading: false });
});

afterEach(() => {
  cleanup();
  for (const item of toast.getToasts()) toast.dismiss(item.id);
});

describe('RequireAuth', () => {
  it('sends a visitor opening the edit page to /login with the edit page’s sign-in message', async () => {
    renderAt('/posts/7/edit');
    expect(screen.getByText('صفحة الدخول')).toBeTruthy();
    expect(screen.queryByText('صفحة التعديل')).toBeNull();
    expect(await screen.findByText(msg.loginToEditPost)).toBeTruthy();
  });

  it('says nothing on the other protected pages, nor after the user logged out', () => {
    renderAt('/bookmarks');
    expect(screen.getByText('صفحة الدخول')).toBeTruthy();
    expect(toast.getToasts()).toHaveLength(0);
    cleanup();

    act(() => {
      useAuthStore.setState({ loggedOut: true });
    });
    renderAt('/posts/7/edit');
    expect(screen.getByText('الرئيسية')).toBeTruthy();
    expect(screen.queryByText(msg.loginToEditPost)).toBeNull();
  });

  it('lets a signed-in author through without a message', () => {
    useAuthStore.setState({ isAuthenticated: true, token: 't'.repeat(60) });
    renderAt('/posts/7/edit');
    expect(screen.getByText('صفحة التعديل')).toBeTruthy();
    expect(toast.getToasts()).toHaveLength(0);
  });
});
