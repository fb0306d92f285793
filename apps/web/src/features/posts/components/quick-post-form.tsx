import { zodResolver } from '@hookform/resolvers/zod';
import { QUICK_POST_MAX, QUICK_POST_WARN } from '@ray/shared/constants';
import type { Post } from '@ray/shared/schemas/post';
import { SquarePen, VenetianMask } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { SuspensionNotice } from '@/components/suspension-notice';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { composerStrings } from '@/i18n/composer.ar';
import { displayName, useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { useImageSelection } from '../hooks/use-image-selection';
import { usePostLocation } from '../hooks/use-location';
import { usePublishPost } from '../hooks/use-publish-post';
import { emptyComposer, textDirection, type ComposerValues } from '../utils/compose';
import { quickComposerSchema } from '../utils/composer-schema';
import { QUICK_POST_IMAGE } from '../utils/image-file';
import { CharacterCounter } from './composer/character-counter';
import { ImagePicker, ImagePreview } from './composer/image-field';
import { LocationField } from './composer/location-field';
import { PollOptionsField } from './composer/poll-options-field';
import { VotingTypeField } from './composer/voting-type-field';

/** The composer's outline, while it loads or steps aside. */
export function ComposerPlaceholder() {
  return (
    <div aria-hidden="true" className="space-y-3">
      <div className="flex gap-3">
        <span className="size-10 shrink-0 rounded-full bg-slate-100" />
        <span className="h-24 flex-1 rounded-xl bg-slate-50 ring-1 ring-slate-200" />
      </div>
      <span className="block h-9 w-2/3 rounded-full bg-slate-50" />
    </div>
  );
}

/**
 * The quick composer, inline on the home page and inside the quick-post dialog: text up to 500 characters
 * (warning from 450), voting type with poll options, an image up to 5 MB uploaded with progress, location and
 * anonymity. Publishing puts the post at the top of the feed.
 */
export function QuickPostForm({
  idPrefix,
  onPublished,
  onAdvanced,
  suspended = false,
  className,
}: {
  /** Keeps ids unique when the inline composer and the dialog are both on the page. */
  idPrefix: string;
  onPublished?: (post: Post) => void;
  /** Shown as a link to the full editor (the dialog closes itself first). */
  onAdvanced?: () => void;
  /** Renders a placeholder instead of the fields while keeping the draft (another composer is open). */
  suspended?: boolean;
  className?: string;
}) {
  const user = useAuthStore((state) => state.user);
  const image = useImageSelection(QUICK_POST_IMAGE);
  const location = usePostLocation();
  const { publish, busy, progress } = usePublishPost();
  const {
    register,
    control,
    handleSubmit,
    trigger,
    reset,
    formState: { errors },
  } = useForm<ComposerValues>({ resolver: zodResolver(quickComposerSchema), defaultValues: emptyComposer() });
  const [content, votingType, isAnonymous] = useWatch({
    control,
    name: ['content', 'votingType', 'isAnonymous'],
  });

  const contentId = `${idPrefix}-content`;
  const counterId = `${idPrefix}-counter`;
  const errorId = `${idPrefix}-content-error`;
  const empty = content.trim().length === 0;

  const onSubmit = handleSubmit(async (values) => {
    const post = await publish(values, { image: image.selection?.file ?? null, location: location.location });
    if (!post) return;
    reset(emptyComposer());
    document.getElementById(contentId)?.style.removeProperty('height');
    image.remove();
    location.clear();
    onPublished?.(post);
  });

  const growToFit = (textarea: HTMLTextAreaElement) => {
    textarea.style.height = 'auto';
    textarea.style.height = `${textarea.scrollHeight + 2}px`;
  };

  const submitOnShortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !empty && !busy) {
      event.preventDefault();
      void onSubmit();
    }
  };

  const contentError = errors.content?.message;
  if (suspended) return <ComposerPlaceholder />;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy} className={cn('space-y-3', className)}>
      <SuspensionNotice />
      <div className="flex items-start gap-3">
        {isAnonymous || !user ? (
          <span
            aria-hidden="true"
            className="mt-1 flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500"
          >
            <VenetianMask className="size-5" />
          </span>
        ) : (
          <Avatar src={user.avatarUrl} name={displayName(user)} className="mt-1" />
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor={contentId} className="sr-only">
            {composerStrings.composer.content}
          </label>
          <textarea
            id={contentId}
            rows={3}
            dir={textDirection(content)}
            placeholder={composerStrings.composer.placeholder}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={contentError ? `${errorId} ${counterId}` : counterId}
            onKeyDown={submitOnShortcut}
            onInput={(event) => {
              growToFit(event.currentTarget);
            }}
            className={cn(
              'block max-h-72 min-h-24 w-full resize-none rounded-xl border bg-slate-50/60 px-3.5 py-2.5 text-base leading-7 text-slate-900 placeholder:text-slate-500 focus:bg-white focus:ring-4 focus:outline-none focus-visible:outline-none sm:text-[0.95rem]',
              contentError
                ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
                : 'border-slate-200 focus:border-brand-500 focus:ring-brand-100',
            )}
            {...register('content')}
          />
          {contentError ? (
            <p id={errorId} className="mt-1 text-sm text-red-700">
              {contentError}
            </p>
          ) : null}
        </div>
      </div>

      <VotingTypeField registration={register('votingType')} />
      {votingType === 'poll' ? (
        <PollOptionsField control={control} register={register} trigger={trigger} errors={errors} compact />
      ) : null}

      {image.selection ? (
        <ImagePreview
          src={image.selection.previewUrl}
          onRemove={image.remove}
          progress={progress}
          disabled={busy}
        />
      ) : null}
      {image.error ? (
        <p id={`${idPrefix}-image-error`} role="alert" className="text-sm text-red-700">
          {image.error}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-x-1 gap-y-2 border-t border-slate-100 pt-3">
        <ImagePicker
          id={`${idPrefix}-image`}
          compact
          onFile={(file) => {
            image.choose(file);
          }}
          disabled={busy}
          describedBy={image.error ? `${idPrefix}-image-error` : undefined}
        />
        <LocationField state={location} disabled={busy} compact />
        <label className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-full px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
          <input type="checkbox" className="size-4 accent-brand-600" {...register('isAnonymous')} />
          {composerStrings.composer.anonymous}
        </label>
        <div className="ms-auto flex items-center gap-3">
          <CharacterCounter
            id={counterId}
            length={content.length}
            max={QUICK_POST_MAX}
            warnAt={QUICK_POST_WARN}
          />
          <Button type="submit" size="sm" loading={busy} disabled={empty} className="min-w-16">
            {composerStrings.composer.submit}
          </Button>
        </div>
      </div>

      {onAdvanced ? (
        <p className="text-xs text-slate-600">
          <Link
            to="/create-post"
            onClick={onAdvanced}
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline hover:underline-offset-4"
          >
            <SquarePen className="size-3.5" aria-hidden="true" />
            {composerStrings.composer.advancedLink}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
