import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { resolveAssetUrl } from '@/lib/runtime-config';

/** Box of a post image: the thumbnails are 640 px wide; a fixed ratio keeps the page from jumping as it loads. */
const WIDTH = 640;
const HEIGHT = 400;

export interface PostImageProps {
  imageUrl: string | null;
  thumbnailUrl?: string | null;
  alt: string;
  /** `contain` shows the whole picture (detail page), `cover` fills the box (cards). */
  fit?: 'cover' | 'contain';
  /** Above the fold: load at once instead of lazily. */
  priority?: boolean;
  /** Start from the full image (large displays) and fall back to the thumbnail. */
  preferFull?: boolean;
  className?: string;
}

/**
 * Spec section 4: the thumbnail first, the full image if the thumbnail fails, then a placeholder saying the image
 * could not be loaded. Give it `key={imageUrl}` where the image can change in place.
 */
export function PostImage({
  imageUrl,
  thumbnailUrl,
  alt,
  fit = 'cover',
  priority = false,
  preferFull = false,
  className,
}: PostImageProps) {
  const order = preferFull ? [imageUrl, thumbnailUrl] : [thumbnailUrl, imageUrl];
  const sources = [...new Set(order.map(resolveAssetUrl))].filter((url): url is string => url !== undefined);
  const [failures, setFailures] = useState(0);
  const source = sources[failures];
  const box = cn('aspect-[16/10] w-full rounded-xl bg-slate-100', className);

  if (source === undefined) {
    return (
      <div
        role="img"
        aria-label={msg.imageLoadFailed}
        className={cn(box, 'flex flex-col items-center justify-center gap-2 text-slate-500')}
      >
        <ImageOff className="size-7" aria-hidden="true" />
        <span className="text-sm">{msg.imageLoadFailed}</span>
      </div>
    );
  }
  return (
    <img
      src={source}
      alt={alt}
      width={WIDTH}
      height={HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => {
        setFailures((count) => count + 1);
      }}
      className={cn(box, fit === 'cover' ? 'object-cover' : 'object-contain')}
    />
  );
}
