// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { composerStrings } from '@/i18n/composer.ar';
import { strings } from '@/i18n/strings.ar';
import { createTestQueryClient, jsonResponse, stubServer } from '@/test/hook-harness';
import { makePost } from '@/test/post-fixture';
import { InlineComposer } from './inline-composer';

// The form is loaded when the line is opened; loading it once here keeps that out of the tests' timings.
beforeAll(async () => {
  await import('./post-composer');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderComposer() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <InlineComposer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the home page composer', () => {
  it('is one line until opened, then the full form with the text field focused', async () => {
    renderComposer();
    expect(screen.queryByLabelText(composerStrings.composer.content)).toBeNull();
    const line = screen.getByRole('button', { name: strings.home.composerTitle });
    expect(line.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(line);
    const content = await screen.findByLabelText(composerStrings.composer.content);
    await waitFor(() => {
      expect(document.activeElement).toBe(content);
    });
    expect(screen.getByRole('button', { name: composerStrings.composer.submit })).toBeTruthy();
  });

  it('folds back to the line after publishing, with the focus on it', async () => {
    const server = stubServer();
    renderComposer();
    fireEvent.click(screen.getByRole('button', { name: strings.home.composerTitle }));
    const content = await screen.findByLabelText(composerStrings.composer.content);
    fireEvent.change(content, { target: { value: 'رأي سريع من الصفحة الرئيسية' } });
    fireEvent.click(screen.getByRole('button', { name: composerStrings.composer.submit }));

    await waitFor(() => {
      expect(server.requests.some((request) => request.method === 'POST')).toBe(true);
    });
    server.answer(jsonResponse(201, makePost(41, { content: 'رأي سريع من الصفحة الرئيسية', isOwner: true })));

    const line = await screen.findByRole('button', { name: strings.home.composerTitle });
    expect(screen.queryByLabelText(composerStrings.composer.content)).toBeNull();
    await waitFor(() => {
      expect(document.activeElement).toBe(line);
    });
  });
});
