// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountDataStrings } from '@/i18n/account-data.ar';
import { createTestQueryClient, jsonResponse, stubServer } from '@/test/hook-harness';
import { DeleteAccountDialog } from './delete-account-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(hasPassword: boolean) {
  const server = stubServer();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <DeleteAccountDialog user={{ username: 'reem', hasPassword }} open onOpenChange={onOpenChange} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { server, onOpenChange };
}

describe('DeleteAccountDialog', () => {
  it('says what is deleted and that it cannot be undone', () => {
    open(true);
    for (const line of accountDataStrings.dialogDeletes) expect(screen.getByText(line)).toBeTruthy();
    expect(screen.getAllByText(accountDataStrings.dialogIrreversible).length).toBeGreaterThan(0);
  });

  it('asks an account without a password for its username, and sends only that', async () => {
    const { server } = open(false);
    expect(screen.queryByLabelText(accountDataStrings.passwordLabel)).toBeNull();
    fireEvent.change(screen.getByLabelText(accountDataStrings.usernameLabel('reem')), {
      target: { value: 'reem' },
    });
    fireEvent.click(screen.getByRole('button', { name: accountDataStrings.confirmDelete }));
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    expect(server.requests[0]).toEqual({
      method: 'DELETE',
      path: '/api/account',
      body: { username: 'reem' },
    });
  });

  it('refuses an empty confirmation without asking the server', async () => {
    const { server } = open(true);
    fireEvent.click(screen.getByRole('button', { name: accountDataStrings.confirmDelete }));
    expect(await screen.findByText(msg.deleteAccountConfirmRequired)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('shows a wrong password under the field and stays open', async () => {
    const { server, onOpenChange } = open(true);
    fireEvent.change(screen.getByLabelText(accountDataStrings.passwordLabel), {
      target: { value: 'Wrong123' },
    });
    fireEvent.click(screen.getByRole('button', { name: accountDataStrings.confirmDelete }));
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    expect(server.requests[0]?.body).toEqual({ password: 'Wrong123' });
    await act(async () => {
      server.answer(
        jsonResponse(400, {
          success: false,
          code: 'CURRENT_PASSWORD_INCORRECT',
          message: msg.deleteAccountPasswordIncorrect,
          errors: { password: [msg.deleteAccountPasswordIncorrect] },
        }),
      );
      await Promise.resolve();
    });
    expect(await screen.findByText(msg.deleteAccountPasswordIncorrect)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
