import type { UploadResult } from '@ray/shared/schemas/user';
import { uploadFile } from '@/lib/upload';

/** `POST /api/attachment/upload`: the same store as post images (re-encoded to WebP, metadata removed). */
export function uploadAdImage(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadResult> {
  return uploadFile<UploadResult>('/api/attachment/upload', file, options);
}
