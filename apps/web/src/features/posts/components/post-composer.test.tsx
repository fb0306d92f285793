// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { composerStrings } from '@/i18n/composer.ar';
import { createTestQueryClient, jsonResponse, stubServer } from '@/test/hook-harness';
import { makePost } from '@/test/post-fixture';
import { PostComposer } from './post-composer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const copy = composerStrings.composer;

function renderWithApp(ui: ReactNode) {
  const queryClient = createTestQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PostComposer', () => {
  it('create: offers every voting type and checks the text with the shared message', async () => {
    renderWithApp(<PostComposer kind="create" onPublished={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('radio', { name: 'استطلاع' })).toBeTruthy();
    const content = screen.getByLabelText(copy.content);
    expect(content.getAttribute('aria-describedby')).toBe('create-post-content-hint create-post-counter');
    fireEvent.click(screen.getByRole('button', { name: copy.submit }));
    expect(await screen.findByText(msg.postContentRequired)).toBeTruthy();
    fireEvent.change(content, { target: { value: 'قصير' } });
    expect(await screen.findByText(msg.postMin)).toBeTruthy();
    expect(content.getAttribute('aria-invalid')).toBe('true');
  });

  it('edit: shows voting type and poll options locked and saves only text and anonymity', async () => {
    const server = stubServer();
    const post: Post = makePost(7, {
      isOwner: true,
      content: 'رأي قديم يستحق التعديل',
      votingType: 'poll',
      pollOptions: JSON.stringify(['نعم', 'لا']),
    });
    const onSaved = vi.fn();
    renderWithApp(<PostComposer kind="edit" post={post} onSaved={onSaved} />);

    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText(msg.votingTypeLocked)).toBeTruthy();
    expect(screen.getByRole('list', { name: copy.pollOptions }).textContent).toBe('نعملا');
    fireEvent.change(screen.getByLabelText(copy.content), { target: { value: 'رأي جديد بعد التفكير' } });
    fireEvent.click(screen.getByRole('button', { name: copy.save }));

    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    expect(server.requests[0]).toEqual({
      method: 'PUT',
      path: '/api/posts/7',
      body: { content: 'رأي جديد بعد التفكير', isAnonymous: false },
    });
    await act(async () => {
      server.answer(jsonResponse(200, { ...post, content: 'رأي جديد بعد التفكير' }));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(onSaved).toHaveBeenCalledOnce();
    });
  });

  it('quick: cannot be sent empty, and keeps its ids under the given prefix', () => {
    renderWithApp(<PostComposer kind="quick" idPrefix="home-post" />);
    const content = screen.getByLabelText(copy.content);
    expect(content.id).toBe('home-post-content');
    expect(content.getAttribute('placeholder')).toBe(copy.placeholder);
    const submit = screen.getByRole('button', { name: copy.submit });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(content, { target: { value: 'رأي سريع' } });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
  });
});
