// @vitest-environment jsdom
import { DEFAULT_PREFERENCES, PREFERENCE_KINDS } from '@ray/shared/notification-preferences';
import type { NotificationPreferences } from '@ray/shared/schemas/notification-preferences';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationSettingsStrings as text } from '@/i18n/notification-settings.ar';
import { toast } from '@/lib/toast';
import { createTestQueryClient, jsonResponse, stubServer } from '@/test/hook-harness';
import { formatHour, NotificationsSection, zoneOptions } from './notifications-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const item of toast.getToasts()) toast.dismiss(item.id);
});

const DEFAULTS: NotificationPreferences = {
  kinds: DEFAULT_PREFERENCES,
  quietHours: null,
  digest: 'off',
  timeZone: 'Asia/Riyadh',
};

async function open(preferences: NotificationPreferences = DEFAULTS) {
  const server = stubServer();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <NotificationsSection />
    </QueryClientProvider>,
  );
  await waitFor(() => {
    expect(server.requests).toHaveLength(1);
  });
  server.answer(jsonResponse(200, preferences));
  await screen.findByRole('group', { name: text.kinds.like.name });
  return server;
}

const likeInApp = () =>
  screen.getByRole('switch', { name: text.switchLabel(text.kinds.like.name, text.channels.inApp) });

describe('NotificationsSection', () => {
  it('shows every kind with its three channels as switches, and sends nothing on its own', async () => {
    const server = await open();
    for (const kind of PREFERENCE_KINDS)
      expect(
        screen.getByRole('group', { name: text.kinds[kind].name }).querySelectorAll('[role="switch"]'),
      ).toHaveLength(3);
    // Eight kinds, three channels each, and quiet hours.
    expect(screen.getAllByRole('switch')).toHaveLength(25);
    expect(
      screen
        .getByRole('switch', { name: text.switchLabel(text.kinds.like.name, text.channels.push) })
        .getAttribute('aria-checked'),
    ).toBe('false');
    expect(likeInApp().getAttribute('aria-checked')).toBe('true');
    expect(server.requests).toEqual([
      { method: 'GET', path: '/api/notifications/preferences', body: undefined },
    ]);
  });

  it('saves a switch as soon as it moves, with only its kind, and says so', async () => {
    const server = await open();
    fireEvent.click(likeInApp());
    await waitFor(() => {
      expect(server.requests).toHaveLength(2);
    });
    // The switch moves before the server answers.
    expect(likeInApp().getAttribute('aria-checked')).toBe('false');
    expect(server.requests[1]).toEqual({
      method: 'PUT',
      path: '/api/notifications/preferences',
      body: { kinds: { like: { inApp: false, push: false, digest: true } } },
    });
    expect(screen.getByRole('status').textContent).toBe(text.saving);
    server.answer(
      jsonResponse(200, {
        ...DEFAULTS,
        kinds: { ...DEFAULTS.kinds, like: { inApp: false, push: false, digest: true } },
      }),
    );
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe(text.saved);
    });
    expect(likeInApp().getAttribute('aria-checked')).toBe('false');
  });

  it('puts the switch back and shows the refusal when the server says no', async () => {
    const server = await open();
    fireEvent.click(likeInApp());
    await waitFor(() => {
      expect(server.requests).toHaveLength(2);
    });
    server.answer(jsonResponse(400, { success: false, code: 'VALIDATION_FAILED', message: 'رسالة الرفض' }));
    await waitFor(() => {
      expect(likeInApp().getAttribute('aria-checked')).toBe('true');
    });
    expect(toast.getToasts().map((item) => item.title)).toContain('رسالة الرفض');
    expect(screen.getByRole('status').textContent).not.toBe(text.saved);
  });

  it('offers quiet hours in the app’s time format and never the same hour at both ends', async () => {
    const server = await open({ ...DEFAULTS, quietHours: { start: 22, end: 7 } });
    const from = screen.getByLabelText<HTMLSelectElement>(text.quietFrom);
    const to = screen.getByLabelText<HTMLSelectElement>(text.quietTo);
    expect(from.selectedOptions[0]?.textContent).toBe(formatHour(22));
    expect(formatHour(22)).toMatch(/^10:00\s?م$/);
    expect(formatHour(7)).toMatch(/^7:00\s?ص$/);
    expect([...from.options].filter((option) => option.disabled).map((option) => option.value)).toEqual([
      '7',
    ]);
    expect([...to.options].filter((option) => option.disabled).map((option) => option.value)).toEqual(['22']);

    fireEvent.change(to, { target: { value: '6' } });
    await waitFor(() => {
      expect(server.requests).toHaveLength(2);
    });
    expect(server.requests[1]?.body).toEqual({ quietHours: { start: 22, end: 6 } });
  });

  it('turns quiet hours off and on again with the hours last chosen', async () => {
    const server = await open({ ...DEFAULTS, quietHours: { start: 23, end: 5 } });
    const quiet = screen.getByRole('switch', { name: text.quietSwitch });
    fireEvent.click(quiet);
    await waitFor(() => {
      expect(server.requests).toHaveLength(2);
    });
    expect(server.requests[1]?.body).toEqual({ quietHours: null });
    expect(screen.queryByLabelText(text.quietFrom)).toBeNull();
    fireEvent.click(quiet);
    await waitFor(() => {
      expect(server.requests).toHaveLength(3);
    });
    expect(server.requests[2]?.body).toEqual({ quietHours: { start: 23, end: 5 } });
  });

  it('saves the digest frequency chosen', async () => {
    const server = await open();
    fireEvent.click(screen.getByRole('radio', { name: text.digest.weekly }));
    await waitFor(() => {
      expect(server.requests).toHaveLength(2);
    });
    expect(server.requests[1]?.body).toEqual({ digest: 'weekly' });
  });
});

describe('zoneOptions', () => {
  it('lists Saudi time first, then adds the saved and the device zones once when they are not common', () => {
    const options = zoneOptions('America/Sao_Paulo', 'America/Sao_Paulo');
    expect(options[0]).toBe('Asia/Riyadh');
    expect(options.filter((zone) => zone === 'America/Sao_Paulo')).toHaveLength(1);
    expect(zoneOptions('Asia/Riyadh', 'Europe/London')).toEqual(Object.keys(text.zones));
  });
});
