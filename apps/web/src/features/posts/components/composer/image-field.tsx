import { feedMsg } from '@ray/shared/feed-messages.ar';
import { ImageOff, ImagePlus, Loader2, X } from 'lucide-react';
import { useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { composerStrings } from '@/i18n/composer.ar';
import { cn } from '@/lib/cn';
import { formatPercent } from '@/lib/format';
import { IMAGE_ACCEPT } from '../../utils/image-file';
import { widthClass } from '@/lib/percent-class';

/**
 * The image input, labelled 'إضافة صورة'. `button` is a toolbar button (the text hides on phones), `dropzone` a
 * wide area that also takes a dropped file.
 */
export function ImagePicker({
  id,
  onFile,
  variant = 'button',
  hint,
  disabled = false,
  describedBy,
  label = composerStrings.composer.addImage,
  compact = false,
}: {
  id: string;
  onFile: (file: File) => void;
  label?: string;
  /** The button's text hides on phones (toolbars). */
  compact?: boolean;
  variant?: 'button' | 'dropzone';
  hint?: string;
  disabled?: boolean;
  describedBy?: string | undefined;
}) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so picking the same file again (after removing it) still fires a change.
    input.value = '';
    if (file) onFile(file);
  };
  const handleDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        aria-describedby={describedBy}
        className="peer sr-only"
        onChange={handleChange}
      />
      {variant === 'dropzone' ? (
        <label
          htmlFor={id}
          onDragOver={(event) => {
            event.preventDefault();
          }}
          onDrop={handleDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed border-slate-300 px-4 py-6 text-center transition-colors hover:border-brand-400 hover:bg-brand-50/40',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
            disabled && 'pointer-events-none opacity-60',
          )}
        >
          <ImagePlus className="size-7 text-brand-600" aria-hidden="true" />
          <span className="text-sm font-semibold text-slate-800">{label}</span>
          {hint ? <span className="text-xs text-slate-600">{hint}</span> : null}
        </label>
      ) : (
        <label
          htmlFor={id}
          title={label}
          className={cn(
            'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-brand-50 hover:text-brand-800',
            !compact && 'ring-1 ring-slate-200 ring-inset',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
            disabled && 'pointer-events-none opacity-60',
          )}
        >
          <ImagePlus className="size-5 text-brand-600" aria-hidden="true" />
          <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{label}</span>
        </label>
      )}
    </>
  );
}

/** The chosen (or current) image with a remove button, and the upload progress over it while it is sent. */
export function ImagePreview({
  src,
  onRemove,
  progress,
  disabled = false,
  actions,
}: {
  src: string;
  onRemove: () => void;
  /** 0..1 while uploading, null otherwise. */
  progress: number | null;
  disabled?: boolean;
  actions?: ReactNode;
}) {
  const percent = progress === null ? null : Math.round(progress * 1000) / 10;
  // A picked file was decoded before it got here, but a published image may still fail to load: never a torn icon.
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  return (
    <div className="relative overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
      {brokenSrc === src ? (
        <div className="flex h-40 flex-col items-center justify-center gap-2 text-slate-500">
          <ImageOff className="size-7" aria-hidden="true" />
          <span className="text-sm">{feedMsg.imageLoadFailed}</span>
        </div>
      ) : (
        <img
          src={src}
          alt={composerStrings.composer.imagePreview}
          onError={() => {
            setBrokenSrc(src);
          }}
          className="max-h-72 w-full object-contain"
        />
      )}
      <div className="absolute end-2 top-2 flex gap-1.5">
        {actions}
        <button
          type="button"
          aria-label={composerStrings.composer.removeImage}
          title={composerStrings.composer.removeImage}
          disabled={disabled}
          onClick={onRemove}
          className="flex size-9 items-center justify-center rounded-full bg-ink-900/70 text-white backdrop-blur transition-colors hover:bg-ink-900/85 disabled:opacity-50"
        >
          <X className="size-4.5" aria-hidden="true" />
        </button>
      </div>
      {percent !== null ? (
        <div className="absolute inset-x-0 bottom-0 bg-ink-900/70 px-3 py-2 text-white backdrop-blur">
          <div className="mb-1.5 flex items-center gap-2 text-xs font-medium">
            <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
            {composerStrings.composer.uploading(formatPercent(percent))}
          </div>
          <div
            role="progressbar"
            aria-label={composerStrings.composer.uploading('')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 overflow-hidden rounded-full bg-white/25"
          >
            <div className={cn('h-full rounded-full bg-white transition-[width]', widthClass(percent))} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
