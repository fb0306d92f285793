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
