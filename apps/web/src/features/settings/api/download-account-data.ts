import { useMutation } from '@tanstack/react-query';
import { apiUrl, recoverFromUnauthorized, toApiError } from '@/lib/api-client';
import { readAccessToken } from '@/lib/credentials';

/** The two copies of the user's data the server hands out as files. */
export type AccountDataFile = 'data' | 'images';

const PATHS: Record<AccountDataFile, string> = {
  data: '/api/account/export',
  images: '/api/account/export/images',
};

const FALLBACK_NAMES: Record<AccountDataFile, string> = {
  data: 'ray-export.json',
  images: 'ray-images.zip',
};

/** The file name of `attachment; filename="…"`, or null when the header names none. */
export function attachmentName(header: string | null): string | null {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? null;
}

async function fetchFile(path: string, token: string | null): Promise<Response> {
  return fetch(apiUrl(path, { service: 'identity' }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

/**
 * Downloads one of the files as a whole (the API client parses JSON, and these are attachments): the same
 * bearer, the same one refresh on a 401 and the same `ApiError` on a refusal as every other request.
 */
export async function downloadAccountData(kind: AccountDataFile): Promise<{ blob: Blob; fileName: string }> {
  const token = readAccessToken();
  let response = await fetchFile(PATHS[kind], token);
  if (response.status === 401 && token) {
    const fresh = await recoverFromUnauthorized(token);
    if (fresh) response = await fetchFile(PATHS[kind], fresh);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    throw toApiError(response.status, payload);
  }
  return {
    blob: await response.blob(),
    fileName: attachmentName(response.headers.get('content-disposition')) ?? FALLBACK_NAMES[kind],
  };
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the next task may let the memory go.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

export function useDownloadAccountData() {
  return useMutation({ mutationFn: downloadAccountData, onSuccess: saveFile });
}
