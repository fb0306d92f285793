import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@ray/shared/constants';
import { ApiError, api, configureApiClient, identityApi } from './api-client';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const unauthorized = () =>
  json(401, { success: false, code: 'UNAUTHORIZED', message: 'يجب تسجيل الدخول أولاً' });

interface Call {
  url: string;
  authorization: string | null;
  body: unknown;
}

/** A fake server: the refresh endpoint answers after 20 ms; every other path accepts only `Bearer fresh`. */
function fakeServer(refreshAnswer: () => Response) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, authorization: headers.get('authorization'), body });
    if (url === '/api/account/refresh-token') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return refreshAnswer();
    }
    if (headers.get('authorization') !== 'Bearer fresh') {
      // `/api/slow` answers its 401 only after the refresh above has completed.
      if (url === '/api/slow') await new Promise((resolve) => setTimeout(resolve, 60));
      return unauthorized();
    }
    return json(200, { path: url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, refreshCalls: () => calls.filter((call) => call.url === '/api/account/refresh-token') };
}

let storage: MemoryStorage;
const onAuthFailure = vi.fn();
const onTokensRefreshed = vi.fn();

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  storage.setItem(STORAGE_KEYS.authToken, 'stale');
  storage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  storage.setItem(STORAGE_KEYS.userId, 'user-1');
  onAuthFailure.mockReset();
  onTokensRefreshed.mockReset();
  configureApiClient({ onAuthFailure, onTokensRefreshed });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client token refresh', () => {
  it('refreshes once for concurrent 401s and retries each request with the new token', async () => {
    const server = fakeServer(() =>
      json(200, {
        success: true,
        token: 'fresh',
        refreshToken: 'refresh-2',
        userId: 'user-1',
        message: 'ok',
      }),
    );

    const results = await Promise.all([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);

    expect(results).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(server.refreshCalls()[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    const retries = server.calls.filter((call) => call.authorization === 'Bearer fresh');
    expect(retries.map((call) => call.url).sort()).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe('fresh');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(onTokensRefreshed).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('a 401 that arrives after the refresh finished retries with the new token without refreshing again', async () => {
    const server = fakeServer(() =>
      json(200, { success: true, token: 'fresh', refreshToken: 'refresh-2', message: 'ok' }),
    );

    const results = await Promise.all([api.get('/api/a'), api.get('/api/slow')]);

    expect(results).toEqual([{ path: '/api/a' }, { path: '/api/slow' }]);
    expect(server.refreshCalls()).toHaveLength(1);
  });

  it('treats a refresh answer without success or token as a failure: clears credentials, reports once', async () => {
    const server = fakeServer(() => json(200, { success: false, message: 'no' }));

    const outcomes = await Promise.allSettled([api.get('/api/a'), api.get('/api/b')]);

    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    const reason = (outcomes[0] as PromiseRejectedResult).reason as unknown;
    expect(reason).toBeInstanceOf(ApiError);
    expect((reason as ApiError).status).toBe(401);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledWith({ redirect: true });
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('keeps the session when the refresh gets no answer: nothing cleared, nothing reported, next try refreshes', async () => {
    let reachable = false;
    const server = fakeServer(() => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return json(200, { success: true, token: 'fresh', refreshToken: 'refresh-2' });
    });

    await expect(api.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe('stale');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');

    reachable = true;
    await expect(api.get('/api/a')).resolves.toEqual({ path: '/api/a' });
    expect(server.refreshCalls()).toHaveLength(2);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('keeps the session when the server is busy (503) during the refresh', async () => {
    fakeServer(() => json(503, { success: false, code: 'SERVICE_UNAVAILABLE', message: 'busy' }));

    await expect(api.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
  });

  it('ends the session when the server refuses the refresh token (401)', async () => {
    fakeServer(() => unauthorized());

    await expect(api.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('without a refresh token it does not call the server and reports the failure', async () => {
    storage.removeItem(STORAGE_KEYS.refreshToken);
    const server = fakeServer(() => json(500, {}));

    await expect(api.get('/api/a', { redirectOnAuthFailure: false })).rejects.toBeInstanceOf(ApiError);

    expect(server.refreshCalls()).toHaveLength(0);
    expect(onAuthFailure).toHaveBeenCalledWith({ redirect: false });
  });

  it('never refreshes for anonymous calls such as a failed login', async () => {
    const server = fakeServer(() => json(200, { success: true, token: 'fresh' }));

    await expect(
      identityApi.post('/api/account/login', { username: 'a@b.c', password: 'x' }),
    ).rejects.toMatchObject({
      status: 401,
    });

    expect(server.calls[0]?.authorization).toBeNull();
    expect(server.refreshCalls()).toHaveLength(0);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});

describe('api client errors', () => {
  it('throws a typed error carrying the server code, message and field errors', async () => {
    vi.stubGlobal('fetch', async () =>
      json(409, {
        success: false,
        code: 'EMAIL_TAKEN',
        message: 'البريد الإلكتروني مستخدم من قبل',
        errors: { email: ['البريد الإلكتروني مستخدم من قبل'] },
      }),
    );

    const error = await identityApi.post('/api/account/register', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'البريد الإلكتروني مستخدم من قبل',
      hasServerMessage: true,
    });
    expect((error as ApiError).fieldError('email')).toBe('البريد الإلكتروني مستخدم من قبل');
  });

  it('falls back to an Arabic message when the body is not the error shape', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(api.get('/api/x')).rejects.toMatchObject({
      status: 502,
      code: 'INTERNAL',
      hasServerMessage: false,
    });
  });

  it('reports network failures with status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });

    const error = await api.get('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it('aborts after the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );

    await expect(api.get('/api/slow', { timeoutMs: 10 })).rejects.toMatchObject({
      status: 0,
      code: 'TIMEOUT',
    });
  });
});
