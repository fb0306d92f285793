import { IMAGE_MIME_TYPES, POST_IMAGE_MAX } from '@ray/shared/constants';
import { thumbnailOf } from '@ray/shared/media';
import { msg } from '@ray/shared/messages.ar';
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldMessages } from '@/components/ui/text-field';
import { adminStrings } from '@/i18n/admin.ar';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatPercent } from '@/lib/format';
import { resolveAssetUrl } from '@/lib/runtime-config';
import { uploadAdImage } from '../api/upload-ad-image';

const s = adminStrings.adForm;

/** Why a chosen file cannot be an ad image, or null when it can (the post image rules: type, 10 MB). */
export function adImageProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return msg.imageTypeInvalid;
  if (file.size > POST_IMAGE_MAX) return msg.imageTooLarge;
  return null;
}

/**
 * The ad's optional image: picked, uploaded at once through the attachments endpoint (the server re-encodes it
 * and strips its metadata), then previewed; the form keeps only the stored URL.
 */
export function AdImageField({
  id,
  value,
  onChange,
  onUploadingChange,
  error,
}: {
  id: string;
  value: string | null;
  onChange: (url: string | null) => void;
  onUploadingChange: (uploading: boolean) => void;
  error?: string | undefined;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const invalid = adImageProblem(file);
    setProblem(invalid);
    if (invalid) return;
    setProgress(0);
    onUploadingChange(true);
    try {
      const { url } = await uploadAdImage(file, { onProgress: setProgress });
      onChange(url);
    } catch (failure) {
      setProblem(
        failure instanceof ApiError && failure.hasServerMessage && failure.status < 500
          ? failure.message
          : msg.uploadFailed,
      );
    } finally {
      setProgress(null);
      onUploadingChange(false);
    }
  };

  const preview = resolveAssetUrl(thumbnailOf(value));
  const uploading = progress !== null;

  return (
    <div>
      <p id={`${id}-label`} className="mb-1.5 text-sm font-medium text-slate-800">
        {s.image}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div
          className={cn(
            'flex h-20 w-32 shrink-0 items-center justify-center overflow-hidden rounded-xl border bg-slate-50',
            shown ? 'border-red-300' : 'border-slate-200',
          )}
        >
          {uploading ? (
            <Loader2 className="size-6 animate-spin text-brand-600" aria-hidden="true" />
          ) : preview ? (
            <img src={preview} alt="" className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-6 text-slate-400" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={id}
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            disabled={uploading}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={shown ? `${id}-error` : `${id}-hint`}
            className="peer sr-only"
            onChange={(event) => void handleFile(event)}
          />
          <label
            id={`${id}-button`}
            htmlFor={id}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg bg-surface px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 transition-colors ring-inset hover:bg-slate-50',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
              uploading && 'pointer-events-none opacity-60',
            )}
          >
            <ImagePlus className="size-4" aria-hidden="true" />
            {value ? s.replaceImage : s.chooseImage}
          </label>
          {value && !uploading ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {s.removeImage}
            </Button>
          ) : null}
          {uploading ? (
            <span role="status" className="text-xs text-slate-600">
              {s.uploading(formatPercent(progress * 100))}
            </span>
          ) : null}
        </div>
      </div>
      <FieldMessages id={id} hint={s.imageHint} error={shown ?? undefined} />
    </div>
  );
}
