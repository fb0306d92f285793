// @vitest-environment jsdom
import { createECDH, randomBytes } from 'node:crypto';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushStrings } from '@/i18n/push.ar';
import { toast } from '@/lib/toast';
import { createTestQueryClient, jsonResponse, stubServer } from '@/test/hook-harness';
import { PushDeviceToggle } from './push-device-toggle';

const s = pushStrings.device;
const SERVER_KEY = createECDH('prime256v1').generateKeys().toString('base64url');
const DEVICE_KEYS = {
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

/**
 * The browser's side, which the test stands in for: the permission, the worker's registration and its push
 * manager. What the server answers comes from `stubServer`.
 */
function fakeBrowser(
  options: {
    permission?: NotificationPermission;
    answer?: NotificationPermission;
    worker?: boolean;
    subscribedWith?: string | null;
    push?: boolean;
  } = {},
) {
  const { answer = 'granted', worker = true, push = true } = options;
  const browser = {
    permission: options.permission ?? 'default',
    subscription: null as null | ReturnType<typeof subscription>,
    unsubscribed: 0,
  };
  function subscription(key: string) {
    return {
      endpoint: ENDPOINT,
      options: {
        userVisibleOnly: true,
        applicationServerKey: new Uint8Array(Buffer.from(key, 'base64url')).buffer,
      },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: DEVICE_KEYS }),
      unsubscribe: vi.fn(() => {
        browser.unsubscribed += 1;
        browser.subscription = null;
        return Promise.resolve(true);
      }),
    };
  }
  if (options.subscribedWith) browser.subscription = subscription(options.subscribedWith);
  const requestPermission = vi.fn(() => {
    browser.permission = answer;
    return Promise.resolve(answer);
  });
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(browser.subscription)),
    subscribe: vi.fn((init: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      browser.subscription = subscription(Buffer.from(init.applicationServerKey).toString('base64url'));
      return Promise.resolve(browser.subscription);
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission,
  });
  // Only its presence is read: the app reaches the push manager through the worker's registration.
  if (push) vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: () => Promise.resolve(worker ? registration : undefined),
      ready: worker ? Promise.resolve(registration) : new Promise(() => undefined),
    },
  });
  return { browser, requestPermission, pushManager };
}

function show() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <PushDeviceToggle />
    </QueryClientProvider>,
  );
  return screen.getByRole('switch', { name: s.switchLabel });
}

const toastTitles = () => toast.getToasts().map((item) => [item.tone, item.title, item.description]);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'isSecureContext');
  for (const item of toast.getToasts()) toast.dismiss(item.id);
});

describe('PushDeviceToggle', () => {
  it('turns pushes on only when clicked: asks the permission, subscribes with the server key and registers it', async () => {
    const { browser, requestPermission, pushManager } = fakeBrowser();
    const server = stubServer();
    const control = show();
    await waitFor(() => {
      expect(control.getAttribute('aria-checked')).toBe('false');
      expect(control.hasAttribute('disabled')).toBe(false);
    });
    expect(screen.getByText(s.off)).toBeTruthy();
    expect(requestPermission).not.toHaveBeenCalled();
    expect(server.requests).toHaveLength(0);

    fireEvent.click(control);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/api/push/public-key' });
    server.answer(jsonResponse(200, { publicKey: SERVER_KEY }));
    await waitFor(() => {
      expect(server.requests).toHaveLength(2);
    });
    const [init] = pushManager.subscribe.mock.calls[0]!;
    expect(init.userVisibleOnly).toBe(true);
    expect(Buffer.from(init.applicationServerKey).toString('base64url')).toBe(SERVER_KEY);
    expect(server.requests[1]).toEqual({
      method: 'POST',
      path: '/api/push/subscriptions',
      body: { endpoint: ENDPOINT, keys: DEVICE_KEYS },
    });
    server.answer(jsonResponse(201, {}));
    await waitFor(() => {
      expect(control.getAttribute('aria-checked')).toBe('true');
    });
    expect(screen.getByText(s.on)).toBeTruthy();
    expect(toastTitles()).toContainEqual(['success', s.turnedOn, undefined]);
    expect(browser.unsubscribed).toBe(0);
  });

  it('shows the server refusal in Arabic and drops the subscription the server would not use', async () => {
    const { browser } = fakeBrowser({ permission: 'granted' });
    const server = stubServer();
    const control = show();
    await waitFor(() => {
      expect(control.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(control);
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    server.answer(jsonResponse(200, { publicKey: SERVER_KEY }));
    await waitFor(() => {
      expect(server.requests).toHaveLength(2);
    });
    const refusal = 'خدمة الإشعارات التي يستخدمها هذا المتصفح غير مدعومة';
    server.answer(jsonResponse(400, { code: 'VALIDATION_ERROR', message: refusal }));
    await waitFor(() => {
      expect(toastTitles()).toContainEqual(['error', s.turnOnFailed, refusal]);
    });
    expect(browser.unsubscribed).toBe(1);
    expect(control.getAttribute('aria-checked')).toBe('false');
  });

  it('says nothing was turned on when the person dismisses the question', async () => {
    fakeBrowser({ answer: 'default' });
    const server = stubServer();
    const control = show();
    await waitFor(() => {
      expect(control.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(control);
    await waitFor(() => {
      expect(toastTitles()).toContainEqual(['info', s.notGranted, undefined]);
    });
    expect(server.requests).toHaveLength(0);
    expect(control.getAttribute('aria-checked')).toBe('false');
  });

  it('explains how to allow notifications again once the browser blocks them', async () => {
    const { requestPermission } = fakeBrowser({ answer: 'denied' });
    stubServer();
    const control = show();
    await waitFor(() => {
      expect(control.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(control);
    expect(await screen.findByText(s.deniedTitle)).toBeTruthy();
    expect(screen.getByText(s.deniedBody)).toBeTruthy();
    expect(control.hasAttribute('disabled')).toBe(true);
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });

  it('turns a subscribed device off on the server and in the browser', async () => {
    const { browser } = fakeBrowser({ permission: 'granted', subscribedWith: SERVER_KEY });
    const server = stubServer();
    const control = show();
    // Opening the page sends the device's subscription again, in case the browser renewed it meanwhile.
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/api/push/subscriptions' });
    server.answer(jsonResponse(201, {}));
    await waitFor(() => {
      expect(control.getAttribute('aria-checked')).toBe('true');
    });

    fireEvent.click(control);
    await waitFor(() => {
      expect(server.requests).toHaveLength(2);
    });
    expect(server.requests[1]).toEqual({
      method: 'DELETE',
      path: '/api/push/subscriptions',
      body: { endpoint: ENDPOINT },
    });
    server.answer(new Response(null, { status: 204 }));
    await waitFor(() => {
      expect(control.getAttribute('aria-checked')).toBe('false');
    });
    expect(browser.unsubscribed).toBe(1);
    expect(toastTitles()).toContainEqual(['success', s.turnedOff, undefined]);
  });

  it('says so when the browser has no push at all, and never asks', async () => {
    const { requestPermission } = fakeBrowser({ push: false });
    const control = show();
    expect(await screen.findByText(s.unsupported)).toBeTruthy();
    expect(control.hasAttribute('disabled')).toBe(true);
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('says so when the app has no service worker (the development server)', async () => {
    fakeBrowser({ worker: false });
    const control = show();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await screen.findByText(s.noWorker)).toBeTruthy();
    expect(control.hasAttribute('disabled')).toBe(true);
  });
});
