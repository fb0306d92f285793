import { IMAGE_MIME_TYPES, POST_IMAGE_MAX, QUICK_POST_IMAGE_MAX } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';

export interface ImageLimit {
  maxBytes: number;
  tooLarge: string;
  megabytes: number;
}

/** Spec section 5: the quick post takes images up to 5 MB, the full editor up to 10 MB. */
export const QUICK_POST_IMAGE: ImageLimit = {
  maxBytes: QUICK_POST_IMAGE_MAX,
  tooLarge: msg.quickImageTooLarge,
  megabytes: 5,
};
export const POST_IMAGE: ImageLimit = {
  maxBytes: POST_IMAGE_MAX,
  tooLarge: msg.imageTooLarge,
  megabytes: 10,
};

/** `accept` attribute of the image pickers: the formats the server takes. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

/** Why a chosen file cannot be a post image, or null when it can. */
export function imageFileProblem(file: { type: string; size: number }, limit: ImageLimit): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return msg.imageTypeInvalid;
  if (file.size > limit.maxBytes) return limit.tooLarge;
  return null;
}

/**
 * Whether the browser can draw the file. The type comes from the file's name, so a renamed text file or a
 * truncated download passes it; decoding is what proves a picture is there.
 */
export async function decodesAsImage(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === 'function') {
    try {
      (await createImageBitmap(file)).close();
      return true;
    } catch {
      return false;
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Type and size first (cheap, and their messages say what to fix), then whether the file is a picture at all. */
export async function checkImageFile(
  file: File,
  limit: ImageLimit,
  decodes: (file: Blob) => Promise<boolean> = decodesAsImage,
): Promise<string | null> {
  return imageFileProblem(file, limit) ?? ((await decodes(file)) ? null : msg.imageUnreadable);
}
