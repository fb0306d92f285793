import { POST_MAX, QUICK_POST_MAX, QUICK_POST_WARN } from '@ray/shared/constants';
import { SquarePen, VenetianMask } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { SuspensionNotice } from '@/components/suspension-notice';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FieldLabel } from '@/components/ui/text-field';
import { postPath } from '@/entities/post/utils/share';
import { composerStrings } from '@/i18n/composer.ar';
import { displayName, useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { usePostComposer, type PostComposerProps, type PostComposerState } from '../hooks/use-post-composer';
import { textDirection } from '../utils/compose';
import { POST_IMAGE } from '../utils/image-file';
import { CharacterCounter } from './composer/character-counter';
import { ImageAltField } from './composer/image-alt-field';
import { ImagePicker, ImagePreview } from './composer/image-field';
import { useMentionComposer } from '@/entities/user/components/mention-suggestions';
import { LocationField } from './composer/location-field';
import { LockedVoting } from './composer/locked-voting';
import { PollDurationField } from './composer/poll-duration-field';
import { PollOptionsField } from './composer/poll-options-field';
import { VotingTypeField } from './composer/voting-type-field';

const textareaError = 'border-red-400 focus:border-red-500 focus:ring-red-100';

/**
 * The one post composer: the text with its counter, voting type and poll options (shown locked when editing),
 * an image uploaded with progress, location and anonymity, checked with the shared messages. `kind` picks the
 * full page editor (create, edit) or the compact quick composer, and what submitting does.
 */
export function PostComposer(props: PostComposerProps) {
  const composer = usePostComposer(props);
  if (props.kind === 'quick') {
    if (props.suspended) return <ComposerPlaceholder />;
    return <QuickComposer id={props.idPrefix} composer={composer} props={props} />;
  }
  return <PageComposer id={`${props.kind}-post`} composer={composer} props={props} />;
}

/** The quick composer's outline while it steps aside. */
function ComposerPlaceholder() {
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

function ImageError({ id, error, className }: { id: string; error: string | null; className: string }) {
  return error ? (
    <p id={id} role="alert" className={className}>
      {error}
    </p>
  ) : null;
}

function SelectedImage({ composer }: { composer: PostComposerState }) {
  const { image, progress, busy } = composer;
  return image.selection ? (
    <ImagePreview
      src={image.selection.previewUrl}
      onRemove={image.remove}
      progress={progress}
      disabled={busy}
    />
  ) : null;
}

/** «وصف الصورة» under the preview, while the post has an image. */
function ImageAlt({ id, composer }: { id: string; composer: PostComposerState }) {
  const { form, values, errors } = composer;
  return (
    <ImageAltField
      id={`${id}-image-alt`}
      registration={form.register('imageAlt')}
      length={values.imageAlt.length}
      error={errors.imageAlt?.message}
    />
  );
}

function PollOptions({ composer, compact = false }: { composer: PostComposerState; compact?: boolean }) {
  const { form, errors } = composer;
  return (
    <PollOptionsField
      control={form.control}
      register={form.register}
      trigger={form.trigger}
      errors={errors}
      compact={compact}
    />
  );
}

/** Inline on the home page and in the quick-post dialog: the options sit in one toolbar under the text. */
function QuickComposer({
  id,
  composer,
  props,
}: {
  id: string;
  composer: PostComposerState;
  props: Extract<PostComposerProps, { kind: 'quick' }>;
}) {
  const user = useAuthStore((state) => state.user);
  const { form, values, errors, image, location, busy, submit } = composer;
  const contentId = `${id}-content`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-content-error`;
  const imageErrorId = `${id}-image-error`;
  const empty = values.content.trim().length === 0;
  const contentError = errors.content?.message;

  const growToFit = (textarea: HTMLTextAreaElement) => {
    textarea.style.height = 'auto';
    textarea.style.height = `${textarea.scrollHeight + 2}px`;
  };

  const mention = useMentionComposer((value) => {
    form.setValue('content', value, { shouldDirty: true });
  });

  const submitOnShortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    mention.textareaProps.onKeyDown(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !empty && !busy) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className={cn('space-y-3', props.className)}>
      <SuspensionNotice />
      <div className="flex items-start gap-3">
        {values.isAnonymous || !user ? (
          <span
            aria-hidden="true"
            className="mt-1 flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500"
          >
            <VenetianMask className="size-5" />
          </span>
        ) : (
          <Avatar src={user.avatarUrl} name={displayName(user)} className="mt-1" />
        )}
        <div className="relative min-w-0 flex-1">
          <label htmlFor={contentId} className="sr-only">
            {composerStrings.composer.content}
          </label>
          <textarea
            id={contentId}
            rows={3}
            dir={textDirection(values.content)}
            placeholder={composerStrings.composer.placeholder}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={contentError ? `${errorId} ${counterId}` : counterId}
            {...mention.textareaProps}
            onKeyDown={submitOnShortcut}
            onInput={(event) => {
              growToFit(event.currentTarget);
              mention.textareaProps.onInput(event);
            }}
            className={cn(
              'block max-h-72 min-h-24 w-full resize-none rounded-xl border bg-slate-50/60 px-3.5 py-2.5 text-base leading-7 text-slate-900 placeholder:text-slate-500 focus:bg-surface focus:ring-4 focus:outline-none focus-visible:outline-none sm:text-[0.95rem]',
              contentError ? textareaError : 'border-slate-200 focus:border-brand-500 focus:ring-brand-100',
            )}
            {...form.register('content')}
          />
          {mention.listbox}
          {contentError ? (
            <p id={errorId} className="mt-1 text-sm text-red-700">
              {contentError}
            </p>
          ) : null}
        </div>
      </div>

      <VotingTypeField registration={form.register('votingType')} />
      {values.votingType === 'poll' ? (
        <>
          <PollOptions composer={composer} compact />
          <PollDurationField id={`${id}-poll-duration`} registration={form.register('pollDuration')} />
        </>
      ) : null}

      <SelectedImage composer={composer} />
      {image.selection ? <ImageAlt id={id} composer={composer} /> : null}
      <ImageError id={imageErrorId} error={image.error} className="text-sm text-red-700" />

      <div className="flex flex-wrap items-center gap-x-1 gap-y-2 border-t border-slate-100 pt-3">
        <ImagePicker
          id={`${id}-image`}
          compact
          onFile={(file) => {
            image.choose(file);
          }}
          disabled={busy}
          describedBy={image.error ? imageErrorId : undefined}
        />
        <LocationField state={location} disabled={busy} compact />
        <label className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-full px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
          <input type="checkbox" className="size-4 accent-brand-600" {...form.register('isAnonymous')} />
          {composerStrings.composer.anonymous}
        </label>
        <div className="ms-auto flex items-center gap-3">
          <CharacterCounter
            id={counterId}
            length={values.content.length}
            max={QUICK_POST_MAX}
            warnAt={QUICK_POST_WARN}
          />
          <Button type="submit" size="sm" loading={busy} disabled={empty} className="min-w-16">
            {composerStrings.composer.submit}
          </Button>
        </div>
      </div>

      {props.onAdvanced ? (
        <p className="text-xs text-slate-600">
          <Link
            to="/create-post"
            onClick={props.onAdvanced}
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

/** The full editor of the create and edit pages: one labelled section per field, then cancel and submit. */
function PageComposer({
  id,
  composer,
  props,
}: {
  id: string;
  composer: PostComposerState;
  props: Exclude<PostComposerProps, { kind: 'quick' }>;
}) {
  const { form, values, errors, image, currentImage, location, busy, submit } = composer;
  const editing = props.kind === 'edit';
  const contentId = `${id}-content`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-content-error`;
  const imageErrorId = `${id}-image-error`;
  // The editor shows no hint and no placeholder: the text is already there.
  const hintId = editing ? null : `${id}-content-hint`;
  const contentError = errors.content?.message;
  const pickImage = (file: File) => {
    image.choose(file);
  };
  const mention = useMentionComposer((value) => {
    form.setValue('content', value, { shouldDirty: true });
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-6">
      <SuspensionNotice />
      <div>
        <FieldLabel
          htmlFor={contentId}
          aside={
            <CharacterCounter
              id={counterId}
              length={values.content.length}
              max={POST_MAX}
              warnAt={QUICK_POST_WARN}
            />
          }
        >
          {composerStrings.composer.content}
        </FieldLabel>
        <div className="relative">
          <textarea
            id={contentId}
            rows={6}
            dir={textDirection(values.content)}
            placeholder={editing ? undefined : composerStrings.composer.advancedPlaceholder}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={`${contentError ? `${errorId} ` : ''}${hintId ? `${hintId} ` : ''}${counterId}`}
            className={cn(
              'block min-h-36 w-full resize-y rounded-xl border bg-surface px-3.5 py-3 text-base leading-8 text-slate-900 shadow-xs',
              !editing && 'placeholder:text-slate-500',
              'focus:ring-4 focus:outline-none focus-visible:outline-none',
              contentError
                ? textareaError
                : 'border-slate-300 hover:border-slate-400 focus:border-brand-500 focus:ring-brand-100',
            )}
            {...form.register('content')}
            {...mention.textareaProps}
          />
          {mention.listbox}
        </div>
        {contentError ? (
          <p id={errorId} className="mt-1.5 text-sm text-red-700">
            {contentError}
          </p>
        ) : null}
        {hintId ? (
          <p id={hintId} className="mt-1.5 text-xs text-slate-600">
            {composerStrings.composer.contentHint}
          </p>
        ) : null}
      </div>

      {props.kind === 'edit' ? (
        <LockedVoting id={id} post={props.post} />
      ) : (
        <>
          <VotingTypeField registration={form.register('votingType')} layout="cards" />
          {values.votingType === 'poll' ? (
            <div className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100">
              <PollOptions composer={composer} />
              <PollDurationField id={`${id}-poll-duration`} registration={form.register('pollDuration')} />
            </div>
          ) : null}
        </>
      )}

      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-800">{composerStrings.composer.image}</p>
        {image.selection ? (
          <SelectedImage composer={composer} />
        ) : currentImage ? (
          <ImagePreview
            src={currentImage}
            onRemove={composer.removeCurrentImage}
            progress={null}
            disabled={busy}
          />
        ) : (
          <ImagePicker
            id={`${id}-image`}
            variant="dropzone"
            hint={composerStrings.composer.imageHint(POST_IMAGE.megabytes)}
            onFile={pickImage}
            disabled={busy}
            describedBy={image.error ? imageErrorId : undefined}
          />
        )}
        {/* An edited post's image can be swapped in place; a new post's is removed and picked again. */}
        {editing && (image.selection || currentImage) ? (
          <div className="mt-2">
            <ImagePicker
              id={`${id}-image`}
              label={composerStrings.composer.changeImage}
              onFile={pickImage}
              disabled={busy}
              describedBy={image.error ? imageErrorId : undefined}
            />
          </div>
        ) : null}
        {image.selection || currentImage ? <ImageAlt id={id} composer={composer} /> : null}
        <ImageError id={imageErrorId} error={image.error} className="mt-1.5 text-sm text-red-700" />
      </div>

      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-800">{composerStrings.composer.location}</p>
        <LocationField state={location} disabled={busy} />
      </div>

      <CheckboxField
        id={`${id}-anonymous`}
        label={composerStrings.composer.anonymous}
        hint={composerStrings.composer.anonymousHint}
        {...form.register('isAnonymous')}
      />

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        {props.kind === 'edit' ? (
          <Link to={postPath(props.post.id)} className={buttonClasses({ variant: 'outline' })}>
            {composerStrings.composer.cancel}
          </Link>
        ) : (
          <Button variant="outline" disabled={busy} onClick={props.onCancel}>
            {composerStrings.composer.cancel}
          </Button>
        )}
        <Button type="submit" loading={busy} className="sm:min-w-32">
          {editing ? composerStrings.composer.save : composerStrings.composer.submit}
        </Button>
      </div>
    </form>
  );
}
