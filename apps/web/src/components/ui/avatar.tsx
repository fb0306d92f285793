import { useState } from 'react';
import { cn } from '@/lib/cn';
import { resolveAssetUrl } from '@/lib/runtime-config';

const SIZES = {
  xs: 'size-6 text-[10px]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
  xl: 'size-24 text-3xl',
} as const;

/** Letters are kept apart with a zero-width non-joiner so two Arabic initials do not fuse into a word. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('\u200c');
}

/** A user's picture, or their initials on a brand tint when there is none or it fails to load. */
export function Avatar({
  src,
  name,
  size = 'md',
  className,
}: {
  src: string | null | undefined;
  name: string;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const url = resolveAssetUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== undefined && failedUrl !== url;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800 ring-2 ring-surface',
        SIZES[size],
        className,
      )}
      aria-hidden="true"
    >
      {showImage ? (
        <img
          src={url}
          alt=""
          className="size-full object-cover"
          loading="lazy"
          decoding="async"
          onError={() => {
            setFailedUrl(url);
          }}
        />
      ) : (
        initials(name)
      )}
    </span>
  );
}
