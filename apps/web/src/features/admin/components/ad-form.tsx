import { zodResolver } from '@hookform/resolvers/zod';
import { AD_PLACEMENTS } from '@ray/shared/constants';
import { thumbnailOf } from '@ray/shared/media';
import { AD_DESCRIPTION_MAX, AD_TITLE_MAX, type AdInput } from '@ray/shared/schemas/ad';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FieldMessages, TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { adminStrings } from '@/i18n/admin.ar';
import { strings } from '@/i18n/strings.ar';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatNumber } from '@/lib/format';
import { resolveAssetUrl } from '@/lib/runtime-config';
import { adFormSchema, formToAdInput, type AdFormOutput, type AdFormValues } from '../utils/ad-form';
import { AdImageField } from './ad-image-field';

const s = adminStrings.adForm;
const FIELDS = [
  'title',
  'description',
  'imageUrl',
  'targetUrl',
  'placements',
  'startsAt',
  'endsAt',
  'weight',
  'isActive',
] as const;

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={cn('text-xs tabular-nums', value.length > max ? 'text-red-700' : 'text-slate-500')}>
      {formatNumber(value.length)} / {formatNumber(max)}
    </span>
  );
}

/** How the ad will look in a sidebar slot, drawn like the real ad card. */
function Preview({
  title,
  description,
  imageUrl,
}: {
  title: string;
  description: string;
  imageUrl: string | null;
}) {
  const image = resolveAssetUrl(thumbnailOf(imageUrl));
  return (
    <div aria-hidden="true">
      <p className="mb-1.5 text-sm font-medium text-slate-800">{s.preview}</p>
      <div className="flex w-full max-w-72 flex-col gap-3 overflow-hidden rounded-2xl border border-slate-200 bg-surface p-3 shadow-sm">
        {image ? <img src={image} alt="" className="h-32 w-full rounded-xl object-cover" /> : null}
        <span className="min-w-0">
          <span className="block text-[11px] font-medium text-slate-500">{strings.ads.sponsored}</span>
          <span dir="auto" className="block font-bold wrap-break-word text-slate-900">
            {title.trim() || s.title}
          </span>
          {description.trim() ? (
            <span dir="auto" className="mt-0.5 line-clamp-2 block text-sm text-slate-600">
              {description}
            </span>
          ) : null}
        </span>
      </div>
    </div>
  );
}

/**
 * Create or edit an ad. Validation is the shared schema's, in Arabic; what the server still refuses lands under
 * the matching field.
 */
export function AdForm({
  initial,
  mode,
  onSubmit,
}: {
  initial: AdFormValues;
  mode: 'create' | 'edit';
  onSubmit: (input: AdInput) => Promise<unknown>;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AdFormValues, unknown, AdFormOutput>({
    resolver: zodResolver(adFormSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const [title, description, imageUrl] = useWatch({
    control,
    name: ['title', 'description', 'imageUrl'],
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(formToAdInput(values));
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) {
        setError('root.server', {
          message: error instanceof ApiError && error.hasServerMessage ? error.message : s.saveFailed,
        });
      }
    }
  });

  const field = (name: string) => `${id}-${name}`;
  const placementsError = errors.placements?.message ?? errors.placements?.root?.message;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5" aria-busy={isSubmitting}>
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}

      <Card className="space-y-5 p-4 sm:p-6">
        <h2 className="text-base font-bold text-slate-900">{s.contentSection}</h2>
        <div className="grid gap-5 md:grid-cols-[1fr_auto]">
          <div className="min-w-0 space-y-5">
            <TextField
              id={field('title')}
              label={s.title}
              dir="auto"
              autoComplete="off"
              error={errors.title?.message}
              labelAside={<Counter value={title} max={AD_TITLE_MAX} />}
              {...register('title')}
            />
            <TextareaField
              id={field('description')}
              label={s.description}
              dir="auto"
              rows={3}
              hint={s.descriptionHint}
              error={errors.description?.message}
              labelAside={<Counter value={description} max={AD_DESCRIPTION_MAX} />}
              {...register('description')}
            />
            <AdImageField
              id={field('image')}
              value={imageUrl}
              error={errors.imageUrl?.message}
              onUploadingChange={setUploading}
              onChange={(url) => {
                setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true });
              }}
            />
            <TextField
              id={field('target')}
              label={s.targetUrl}
              type="url"
              inputMode="url"
              dir="ltr"
              autoComplete="off"
              placeholder="https://"
              hint={s.targetUrlHint}
              error={errors.targetUrl?.message}
              {...register('targetUrl')}
            />
          </div>
          <div className="hidden md:block">
            <Preview title={title} description={description} imageUrl={imageUrl} />
          </div>
        </div>
      </Card>

      <Card className="space-y-5 p-4 sm:p-6">
        <h2 className="text-base font-bold text-slate-900">{s.displaySection}</h2>
        <fieldset
          aria-describedby={placementsError ? `${field('placements')}-error` : `${field('placements')}-hint`}
        >
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{s.placements}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {AD_PLACEMENTS.map((placement) => (
              <label
                key={placement}
                className="flex cursor-pointer items-center gap-2.5 rounded-xl border border-slate-200 px-3 py-2.5 text-sm text-slate-800 transition-colors hover:bg-slate-50 has-checked:border-brand-400 has-checked:bg-brand-50/60"
              >
                <input
                  type="checkbox"
                  value={placement}
                  className="size-4.5 shrink-0 cursor-pointer rounded accent-brand-600"
                  {...register('placements')}
                />
                {adminStrings.ads.placements[placement]}
              </label>
            ))}
          </div>
          <FieldMessages id={field('placements')} hint={s.placementsHint} error={placementsError} />
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id={field('starts')}
            label={s.startsAt}
            type="datetime-local"
            error={errors.startsAt?.message}
            {...register('startsAt')}
          />
          <TextField
            id={field('ends')}
            label={s.endsAt}
            type="datetime-local"
            error={errors.endsAt?.message}
            {...register('endsAt')}
          />
        </div>
        <p className="-mt-3 text-xs text-slate-600">{s.datesHint}</p>

        <TextField
          id={field('weight')}
          label={s.weight}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          className="max-w-xs"
          hint={s.weightHint}
          error={errors.weight?.message}
          {...register('weight', { valueAsNumber: true })}
        />

        <CheckboxField
          id={field('active')}
          label={s.isActive}
          hint={s.isActiveHint}
          {...register('isActive')}
        />
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="/admin/ads" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          {s.cancel}
        </Link>
        <Button type="submit" size="lg" loading={isSubmitting} disabled={uploading}>
          {mode === 'create' ? s.create : s.save}
        </Button>
      </div>
    </form>
  );
}
