// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { communityStrings as s } from '@/i18n/community.ar';
import { toast } from '@/lib/toast';
import { createTestQueryClient, jsonResponse, stubServer } from '@/test/hook-harness';
import { CommentForm } from './comment-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const item of toast.getToasts()) toast.dismiss(item.id);
});

async function sendComment(answer: Response) {
  const server = stubServer();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <CommentForm postId={7} status={null} onConfirm={vi.fn()} />
      <Toaster />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText(s.comments.formLabel), { target: { value: 'تعليق موقّع' } });
  fireEvent.click(screen.getByRole('button', { name: s.comments.submit }));
  await waitFor(() => {
    expect(server.requests).toHaveLength(1);
  });
  expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/api/comments' });
  await act(async () => {
    server.answer(answer);
    await Promise.resolve();
  });
}

describe('CommentForm failures', () => {
  it('shows a refusal in the server’s words', async () => {
    const reason = 'لا يمكنك الإشارة إلى @sara في منشور أو تعليق باسمك';
    await sendComment(jsonResponse(403, { success: false, code: 'FORBIDDEN', message: reason }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByText(msg.commentAddFailed)).toBeNull();
  });

  it('shows its own message for a server failure, never the server’s details', async () => {
    await sendComment(jsonResponse(500, { success: false, code: 'INTERNAL', message: 'boom' }));
    expect(await screen.findByText(msg.commentAddFailed)).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });
});

describe('CommentForm validation', () => {
  it('refuses an empty or whitespace comment in Arabic, with the schema loaded on the first submit', async () => {
    const server = stubServer();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <CommentForm postId={7} status={null} onConfirm={vi.fn()} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText(s.comments.formLabel), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: s.comments.submit }));
    expect(await screen.findByText(msg.commentRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(s.comments.formLabel), { target: { value: 'ب'.repeat(1001) } });
    fireEvent.click(screen.getByRole('button', { name: s.comments.submit }));
    expect(await screen.findByText(msg.commentTooLong)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });
});
