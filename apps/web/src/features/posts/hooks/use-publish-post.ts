import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { useCreatePost } from '../api/create-post';
import { uploadPostImage } from '../api/upload-post-image';
import { buildCreatePayload, type ComposerValues, type PostLocation } from '../utils/compose';

/** The server's own reason for a refused request (too large, wrong type...), when it gave one. */
export function serverReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.hasServerMessage && error.status < 500
    ? error.message
    : undefined;
}

/**
 * Uploads a post image with progress, keeping the stored URL for a retry of the same file, so a post that fails
 * after its image went up does not send the image twice. A failed upload stops the submission.
 */
export function useImageUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const uploaded = useRef<{ file: File; url: string } | null>(null);

  const upload = async (file: File): Promise<string | null> => {
    if (uploaded.current?.file === file) return uploaded.current.url;
    setProgress(0);
    try {
      const { url } = await uploadPostImage(file, { onProgress: setProgress });
      uploaded.current = { file, url };
      return url;
    } catch (error) {
      const reason = serverReason(error);
      toast.error(msg.uploadFailed, reason ? { description: reason } : undefined);
      return null;
    } finally {
      setProgress(null);
    }
  };

  return { upload, progress };
}

/** Image first, then the post: success and failure toasts of spec section 8; resolves to the new post or null. */
export function usePublishPost() {
  const create = useCreatePost();
  const image = useImageUpload();
  const [busy, setBusy] = useState(false);

  const publish = async (
    values: ComposerValues,
    extras: { image: File | null; location: PostLocation | null },
  ): Promise<Post | null> => {
    setBusy(true);
    try {
      let imageUrl: string | null = null;
      if (extras.image) {
        imageUrl = await image.upload(extras.image);
        if (imageUrl === null) return null;
      }
      try {
        const post = await create.mutateAsync(
          buildCreatePayload(values, { imageUrl, location: extras.location }),
        );
        toast.success(msg.postCreated);
        return post;
      } catch (error) {
        toast.error(serverReason(error) ?? msg.postCreateFailed);
        return null;
      }
    } finally {
      setBusy(false);
    }
  };

  return { publish, busy, progress: image.progress };
}
