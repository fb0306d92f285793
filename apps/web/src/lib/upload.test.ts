import { STORAGE_KEYS } from '@ray/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { uploadFile } from './upload';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** A fake XMLHttpRequest: reports progress, then answers 401 to anything but `Bearer fresh`. */
class FakeXhr {
  static sent: { authorization: string | undefined; field: string | undefined }[] = [];
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private headers: Record<string, string> = {};
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    const authorization = this.headers.authorization;
    FakeXhr.sent.push({ authorization, field: [...body.keys()][0] });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      if (authorization === 'Bearer fresh') {
        this.status = 201;
        this.responseText = JSON.stringify({ url: '/uploads/original/a.webp' });
      } else {
        this.status = 401;
        this.responseText = JSON.stringify({
          success: false,
          code: 'UNAUTHORIZED',
          message: 'يجب تسجيل الدخول أولاً',
        });
      }
      this.onload?.();
    }, 5);
  }
}

describe('uploadFile', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.authToken, 'stale');
    storage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reports progress and, after a 401, renews the token once and sends the file again', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, token: 'fresh', refreshToken: 'refresh-2' }), {
          status: 200,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const progress: number[] = [];
    const answer = await uploadFile<{ url: string }>('/api/attachment/upload', new Blob(['x']), {
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(answer.url).toBe('/uploads/original/a.webp');
    expect(FakeXhr.sent.map((call) => call.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(FakeXhr.sent[0]?.field).toBe('file');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(progress).toContain(0.5);
    expect(progress.at(-1)).toBe(1);
  });

  it('fails with the server error when the session cannot be renewed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: false }), { status: 401 }))),
    );
    const failure = await uploadFile('/api/attachment/upload', new Blob(['x'])).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(FakeXhr.sent).toHaveLength(1);
  });
});
