import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { AppError } from './app-error';

export interface ImageLimits {
  /** Pixels an image may decode to, the frames of an animation all counted; more is refused before decoding. */
  maxPixels: number;
  /** Seconds that processing one image may take, all its steps together. */
  timeoutSeconds: number;
}

/** Any phone photo fits (48 megapixels), and so does an animation of the same pixels over all its frames. */
export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxPixels: 50_000_000, timeoutSeconds: 8 };

/** Each frame costs work of its own however small it is: an animation with more is refused whatever its size. */
export const MAX_FRAMES = 1_000;

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** Recognises an image by its first bytes, never by its name or declared type. */
export function sniffImage(head: Buffer): ImageKind | null {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (
    head.length >= 6 &&
    (head.subarray(0, 6).toString('latin1') === 'GIF87a' ||
      head.subarray(0, 6).toString('latin1') === 'GIF89a')
  )
    return 'gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export interface ProcessedImage {
  name: string;
  original: Buffer;
  thumbnail: Buffer;
}

export interface ImageVariant {
  /** Longest side of the stored original. */
  maxSide: number;
  /** Square thumbnail (avatars) or a width-bounded one (posts). */
  thumbnail: { width: number; height?: number };
  /** Keeps every frame of an animated GIF or WebP; otherwise only the first frame is decoded and stored. */
  animated: boolean;
}

/** A post's GIF moves in the feed as it did on the phone it came from. */
export const POST_IMAGE: ImageVariant = { maxSide: 2048, thumbnail: { width: 640 }, animated: true };
/** An avatar is a square crop, which an animation does not survive, shown beside every post: its first frame. */
export const AVATAR_IMAGE: ImageVariant = {
  maxSide: 512,
  thumbnail: { width: 128, height: 128 },
  animated: false,
};

/**
 * Reads the size and the number of frames first and refuses an image over the pixel budget before decoding it;
 * then decodes, auto-rotates and re-encodes to WebP within the time budget. Re-encoding drops every metadata
 * block (EXIF, GPS, XMP, ICC comments), so nothing the camera recorded leaves the server. Nothing is stored
 * here: an image refused at any step leaves no file behind.
 */
export async function processImage(
  data: Buffer,
  variant: ImageVariant,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<ProcessedImage> {
  const kind = sniffImage(data);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: msg.imageTypeInvalid });
  const deadline = performance.now() + limits.timeoutSeconds * 1000;
  try {
    // Headers only: the canvas of one frame and, for GIF and WebP, how many frames follow.
    const metadata = await sharp(data, { limitInputPixels: false, failOn: 'error' }).metadata();
    if (!metadata.width || !metadata.height)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: serverMsg.imageUnreadable });
    const frames = variant.animated ? Math.max(1, metadata.pages ?? 1) : 1;
    if (frames > MAX_FRAMES || metadata.width * metadata.height * frames > limits.maxPixels)
      throw new AppError('PAYLOAD_TOO_LARGE', {
        message: frames > 1 ? serverMsg.imageAnimationTooLarge : serverMsg.imageTooManyPixels,
      });
    // The decoder's own limit counts the same pixels (an animation is one tall image of all its frames): a
    // header that lied about them still stops there.
    const input = () =>
      sharp(data, {
        limitInputPixels: limits.maxPixels,
        pages: frames > 1 ? -1 : 1,
        failOn: 'error',
      }).timeout({
        seconds: secondsLeft(deadline),
      });
    const square = variant.thumbnail.height !== undefined;
    const original = await input()
      .rotate()
      .resize(
        square
          ? { width: variant.maxSide, height: variant.maxSide, fit: 'cover' }
          : { width: variant.maxSide, height: variant.maxSide, fit: 'inside', withoutEnlargement: true },
      )
      .webp({ quality: 82 })
      .toBuffer();
    const thumbnail = await input()
      .rotate()
      .resize({ ...variant.thumbnail, fit: square ? 'cover' : 'inside', withoutEnlargement: !square })
      .webp({ quality: 75 })
      .toBuffer();
    return { name: `${randomBytes(16).toString('hex')}.webp`, original, thumbnail };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const text = error instanceof Error ? error.message : '';
    if (text.includes('pixel limit'))
      throw new AppError('PAYLOAD_TOO_LARGE', { message: serverMsg.imageTooManyPixels });
    if (text.startsWith('timeout') || text === TIME_IS_UP)
      throw new AppError('PAYLOAD_TOO_LARGE', { message: serverMsg.imageTooSlow });
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: serverMsg.imageUnreadable });
  }
}

const TIME_IS_UP = 'image time budget spent';

/** Whole seconds for libvips to stop the next step at (it counts no finer); none left ends the work here. */
function secondsLeft(deadline: number): number {
  const left = deadline - performance.now();
  if (left <= 0) throw new Error(TIME_IS_UP);
  return Math.max(1, Math.ceil(left / 1000));
}
