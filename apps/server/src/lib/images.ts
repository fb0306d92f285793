import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { msg } from '@ray/shared/messages.ar';
import { AppError } from './app-error';

/** Enough for any phone photo; a larger canvas is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

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

interface Variant {
  /** Longest side of the stored original. */
  maxSide: number;
  /** Square thumbnail (avatars) or a width-bounded one (posts). */
  thumbnail: { width: number; height?: number };
}

export const POST_IMAGE: Variant = { maxSide: 2048, thumbnail: { width: 640 } };
export const AVATAR_IMAGE: Variant = { maxSide: 512, thumbnail: { width: 128, height: 128 } };

/**
 * Decodes with a pixel limit, auto-rotates, and re-encodes to WebP. Re-encoding drops every metadata block
 * (EXIF, GPS, XMP, ICC comments), so nothing the camera recorded leaves the server.
 */
export async function processImage(data: Buffer, variant: Variant): Promise<ProcessedImage> {
  const kind = sniffImage(data);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: msg.imageTypeInvalid });
  const animated = kind === 'gif' || kind === 'webp';
  try {
    const input = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' });
    const metadata = await input().metadata();
    if (!metadata.width || !metadata.height)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: msg.imageUnreadable });
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
      throw new AppError('PAYLOAD_TOO_LARGE', { message: msg.imageTooManyPixels });
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: msg.imageUnreadable });
  }
}
