import { zodResolver } from '@hookform/resolvers/zod';
import { POST_MAX, QUICK_POST_WARN } from '@ray/shared/constants';
import { SquarePen } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { SuspensionNotice } from '@/components/suspension-notice';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FieldLabel } from '@/components/ui/text-field';
import { useGoBack } from '@/hooks/use-go-back';
import { composerStrings } from '@/i18n/composer.ar';
import { cn } from '@/lib/cn';
import { CharacterCounter } from '../components/composer/character-counter';
import { ImagePicker, ImagePreview } from '../components/composer/image-field';
import { LocationField } from '../components/composer/location-field';
import { PollOptionsField } from '../components/composer/poll-options-field';
import { VotingTypeField } from '../components/composer/voting-type-field';
import { useImageSelection } from '../hooks/use-image-selection';
import { usePostLocation } from '../hooks/use-location';
import { usePublishPost } from '../hooks/use-publish-post';
import { emptyComposer, textDirection, type ComposerValues } from '../utils/compose';
import { createPostFormSchema } from '../utils/composer-schema';
import { POST_IMAGE } from '../utils/image-file';
import { postPath } from '@/entities/post/utils/share';

const ID = 'create-post';

/** Spec section 2, create post: the full editor; publishing opens the new post. */
export function CreatePostPage() {
  const navigate = useNavigate();
  const goBack = useGoBack();
  const image = useImageSelection(POST_IMAGE);
  const location = usePostLocation();
  const { publish, busy, progress } = usePublishPost();
  const {
    register,
    control,
    handleSubmit,
    trigger,
    formState: { errors },
  } = useForm<ComposerValues>({
    resolver: zodResolver(createPostFormSchema),
    defaultValues: emptyComposer(),
    mode: 'onTouched',
  });
  const [content, votingType] = useWatch({ control, name: ['content', 'votingType'] });

  const onSubmit = handleSubmit(async (values) => {
    const post = await publish(values, { image: image.selection?.file ?? null, location: location.location });
    // The editor is done with: going back from the new post returns to where the user started.
    if (post) void navigate(postPath(post.id), { replace: true });
  });

  const contentError = errors.content?.message;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageTitle title={composerStrings.composer.createTitle} />
      <header className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-card">
          <SquarePen className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{composerStrings.composer.createTitle}</h1>
          <p className="mt-0.5 text-sm text-slate-600">{composerStrings.composer.createSubtitle}</p>
        </div>
      </header>

      <Card className="p-5 sm:p-6">
        <form onSubmit={onSubmit} noValidate aria-busy={busy} className="space-y-6">
          <SuspensionNotice />
          <div>
            <FieldLabel
              htmlFor={`${ID}-content`}
              aside={
                <CharacterCounter
                  id={`${ID}-counter`}
                  length={content.length}
                  max={POST_MAX}
                  warnAt={QUICK_POST_WARN}
                />
              }
            >
              {composerStrings.composer.content}
            </FieldLabel>
            <textarea
              id={`${ID}-content`}
              rows={6}
              dir={textDirection(content)}
              placeholder={composerStrings.composer.advancedPlaceholder}
              aria-invalid={contentError ? true : undefined}
              aria-describedby={`${contentError ? `${ID}-content-error ` : ''}${ID}-content-hint ${ID}-counter`}
              className={cn(
                'block min-h-36 w-full resize-y rounded-xl border bg-white px-3.5 py-3 text-base leading-8 text-slate-900 shadow-xs placeholder:text-slate-500 focus:ring-4 focus:outline-none focus-visible:outline-none',
                contentError
                  ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
                  : 'border-slate-300 hover:border-slate-400 focus:border-brand-500 focus:ring-brand-100',
              )}
              {...register('content')}
            />
            {contentError ? (
              <p id={`${ID}-content-error`} className="mt-1.5 text-sm text-red-700">
                {contentError}
              </p>
            ) : null}
            <p id={`${ID}-content-hint`} className="mt-1.5 text-xs text-slate-600">
              {composerStrings.composer.contentHint}
            </p>
          </div>

          <VotingTypeField registration={register('votingType')} layout="cards" />

          {votingType === 'poll' ? (
            <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100">
              <PollOptionsField control={control} register={register} trigger={trigger} errors={errors} />
            </div>
          ) : null}

          <div>
            <p className="mb-1.5 text-sm font-medium text-slate-800">{composerStrings.composer.image}</p>
            {image.selection ? (
              <ImagePreview
                src={image.selection.previewUrl}
                onRemove={image.remove}
                progress={progress}
                disabled={busy}
              />
            ) : (
              <ImagePicker
                id={`${ID}-image`}
                variant="dropzone"
                hint={composerStrings.composer.imageHint(POST_IMAGE.megabytes)}
                onFile={(file) => {
                  image.choose(file);
                }}
                disabled={busy}
                describedBy={image.error ? `${ID}-image-error` : undefined}
              />
            )}
            {image.error ? (
              <p id={`${ID}-image-error`} role="alert" className="mt-1.5 text-sm text-red-700">
                {image.error}
              </p>
            ) : null}
          </div>

          <div>
            <p className="mb-1.5 text-sm font-medium text-slate-800">{composerStrings.composer.location}</p>
            <LocationField state={location} disabled={busy} />
          </div>

          <CheckboxField
            id={`${ID}-anonymous`}
            label={composerStrings.composer.anonymous}
            hint={composerStrings.composer.anonymousHint}
            {...register('isAnonymous')}
          />

          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={busy} onClick={goBack}>
              {composerStrings.composer.cancel}
            </Button>
            <Button type="submit" loading={busy} className="sm:min-w-32">
              {composerStrings.composer.submit}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
