// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { communityStrings } from '@/i18n/community.ar';
import { strings } from '@/i18n/strings.ar';
import { useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import { createTestQueryClient, jsonResponse, stubServer } from '@/test/hook-harness';
import { FollowButton } from './follow-button';

const s = communityStrings.profile;

function renderButton() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/profile/u2']}>
        <Routes>
          <Route path="/profile/:userId" element={<FollowButton userId="u2" isFollowing={false} />} />
          <Route path="/login" element={<p>صفحة الدخول</p>} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useAuthStore.setState({
    isAuthenticated: false,
    loggedOut: false,
    token: null,
    userId: null,
    isLoading: false,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const item of toast.getToasts()) toast.dismiss(item.id);
});

describe('FollowButton', () => {
  it('tells a visitor to sign in, sends nothing, and offers the way to /login', async () => {
    const server = stubServer();
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: s.follow }));
    expect(await screen.findByText(s.loginToFollow)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: strings.nav.login }));
    expect(await screen.findByText('صفحة الدخول')).toBeTruthy();
  });

  it('follows for a signed-in user without the message', async () => {
    useAuthStore.setState({ isAuthenticated: true, token: 't'.repeat(60), userId: 'u1' });
    const server = stubServer();
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: s.follow }));
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    expect(screen.queryByText(s.loginToFollow)).toBeNull();
  });

  it('shows the new state at once and goes back with the server message when refused', async () => {
    useAuthStore.setState({ isAuthenticated: true, token: 't'.repeat(60), userId: 'u1' });
    const server = stubServer();
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: s.follow }));
    // Before the server answers, the button already says the person is followed.
    expect(screen.getByRole('button', { name: s.unfollow }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/users/follow',
      body: { followerId: 'u1', followedId: 'u2' },
    });
    server.answer(jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'المستخدم غير موجود' }));
    expect(await screen.findByText('المستخدم غير موجود')).toBeTruthy();
    expect(screen.getByRole('button', { name: s.follow }).getAttribute('aria-pressed')).toBe('false');
  });

  it('names the person in a list and keeps the new state once the server agrees', async () => {
    useAuthStore.setState({ isAuthenticated: true, token: 't'.repeat(60), userId: 'u1' });
    const server = stubServer();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter>
          <FollowButton userId="u3" isFollowing={false} name="سلمى الحربي" compact />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: `${s.follow}: سلمى الحربي` }));
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    server.answer(jsonResponse(200, true));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: `${s.unfollow}: سلمى الحربي` })).toBeTruthy();
    });
  });
});
