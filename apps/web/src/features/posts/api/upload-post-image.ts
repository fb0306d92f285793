import type { UploadResult } from '@ray/shared/schemas/user';
import { uploadFile } from '@/lib/upload';

/** `POST /api/attachment/upload`: the image is stored (re-encoded, metadata removed) before the post refers to it. */
export function uploadPostImage(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadResult> {
  return uploadFile<UploadResult>('/api/attachment/upload', file, options);
}
