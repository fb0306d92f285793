import { zodResolver } from '@hookform/resolvers/zod';
import { POST_MAX, QUICK_POST_MAX, QUICK_POST_WARN } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { editPostFormSchema, type Post, type UpdatePostPayload } from '@ray/shared/schemas/post';
import { SquarePen, VenetianMask } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
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
import { resolveAssetUrl } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';
import { useUpdatePost } from '../api/update-post';
import { useImageSelection } from '../hooks/use-image-selection';
import { usePostLocation } from '../hooks/use-location';
import { serverReason, useImageUpload, usePublishPost } from '../hooks/use-publish-post';
import { emptyComposer, textDirection, type ComposerValues, type PostLocation } from '../utils/compose';
import { createPostFormSchema, quickComposerSchema } from '../utils/composer-schema';
import { POST_IMAGE, QUICK_POST_IMAGE } from '../utils/image-file';
import { CharacterCounter } from './composer/character-counter';
import { ImagePicker, ImagePreview } from './composer/image-field';
import { LocationField } from './composer/location-field';
import { LockedVoting } from './composer/locked-voting';
import { PollOptionsField } from './composer/poll-options-field';
import { VotingTypeField } from './composer/voting-type-field';

export type PostComposerProps =
  /** The full editor of `/create-post`. */
  | { kind: 'create'; onPublished: (post: Post) => void; onCancel: () => void }
  /**
   * The quick composer, inline on the home page and inside the quick-post dialog: text up to 500 characters
   * (warning from 450), a smaller image, and the options in one toolbar. Publishing empties it.
   */
  | {
      kind: 'quick';
      /** Keeps ids unique when the inline composer and the dialog are both on the page. */
      idPrefix: string;
      onPublished?: (post: Post) => void;
      /** Shown as a link to the full editor (the dialog closes itself first). */
      onAdvanced?: () => void;
      /** Renders a placeholder instead of the fields while keeping the draft (another composer is open). */
      suspended?: boolean;
      className?: string;
    }
  /** The author's editor of `/posts/:id/edit`: voting type and poll options stay as published. */
  | { kind: 'edit'; post: Post; onSaved: () => void };

/** Each variant's checks, with the shared Arabic messages; the edit form checks only what it can change. */
function resolverFor(kind: PostComposerProps['kind']): Resolver<ComposerValues> {
  if (kind === 'quick') return zodResolver(quickComposerSchema);
  if (kind === 'create') return zodResolver(createPostFormSchema);
  // The other values ride along unchecked: the edit form sends only text and anonymity.
  return zodResolver(editPostFormSchema) as unknown as Resolver<ComposerValues>;
}

function initialLocation(post: Post): PostLocation | null {
  if (post.latitude === null || post.longitude === null) {
    return post.locationName ? { latitude: 0, longitude: 0, locationName: post.locationName } : null;
  }
  return { latitude: post.latitude, longitude: post.longitude, locationName: post.locationName };
}

const sameLocation = (a: PostLocation | null, b: PostLocation | null) =>
  a?.latitude === b?.latitude && a?.longitude === b?.longitude && a?.locationName === b?.locationName;

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

const textareaError = 'border-red-400 focus:border-red-500 focus:ring-red-100';

/**
 * The one post composer: the text with its counter, voting type and poll options (shown locked when editing),
 * an image uploaded with progress, location and anonymity, validated with the shared messages. `kind` picks the
 * full page editor (create, edit) or the compact quick composer, and what submitting does.
 */
export function PostComposer(props: PostComposerProps) {
  const { kind } = props;
  const post = props.kind === 'edit' ? props.post : null;
  const id = props.kind === 'quick' ? props.idPrefix : `${kind}-post`;
  const user = useAuthStore((state) => state.user);
  const imageLimit = kind === 'quick' ? QUICK_POST_IMAGE : POST_IMAGE;
  const image = useImageSelection(imageLimit);
  const [keepCurrentImage, setKeepCurrentImage] = useState(post !== null && post.imageUrl !== null);
  const startLocation = post ? initialLocation(post) : null;
  const location = usePostLocation(startLocation);
  const publisher = usePublishPost();
  const update = useUpdatePost();
  const upload = useImageUpload();
  const {
    register,
    control,
    handleSubmit,
    trigger,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ComposerValues>({
    resolver: resolverFor(kind),
    defaultValues: post
      ? {
          ...emptyComposer(),
          content: post.content,
          votingType: post.votingType,
          isAnonymous: post.isAnonymous,
        }
      : emptyComposer(),
    ...(kind === 'quick' ? {} : { mode: 'onTouched' as const }),
  });
  const [content, votingType, isAnonymous] = useWatch({
    control,
    name: ['content', 'votingType', 'isAnonymous'],
  });
  const busy = post ? isSubmitting : publisher.busy;
  const progress = post ? upload.progress : publisher.progress;

  const contentId = `${id}-content`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-content-error`;
  const imageErrorId = `${id}-image-error`;
  const empty = content.trim().length === 0;

  /** Saves an edit, sending besides text and anonymity only what changed: the image (new or removed), the place. */
  const save = async (original: Post, values: ComposerValues): Promise<boolean> => {
    const payload: UpdatePostPayload = { content: values.content, isAnonymous: values.isAnonymous };
    if (image.selection) {
      const url = await upload.upload(image.selection.file);
      if (url === null) return false;
      payload.imageUrl = url;
    } else if (!keepCurrentImage && original.imageUrl !== null) {
      payload.imageUrl = null;
    }
    if (!sameLocation(location.location, startLocation)) {
      payload.latitude = location.location?.latitude ?? null;
      payload.longitude = location.location?.longitude ?? null;
      payload.locationName = location.location?.locationName ?? null;
    }
    try {
      await update.mutateAsync({ id: original.id, payload });
      toast.success(msg.postUpdated);
      return true;
    } catch (error) {
      toast.error(serverReason(error) ?? msg.postUpdateFailed);
      return false;
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (props.kind === 'edit') {
      if (await save(props.post, values)) props.onSaved();
      return;
    }
    const created = await publisher.publish(values, {
      image: image.selection?.file ?? null,
      location: location.location,
    });
    if (!created) return;
    if (props.kind === 'quick') {
      reset(emptyComposer());
      document.getElementById(contentId)?.style.removeProperty('height');
      image.remove();
      location.clear();
    }
    props.onPublished?.(created);
  });

  const contentError = errors.content?.message;
  const pickImage = (file: File) => {
    image.choose(file);
  };
  const imageError = image.error ? (
    <p
      id={imageErrorId}
      role="alert"
      className={kind === 'quick' ? 'text-sm text-red-700' : 'mt-1.5 text-sm text-red-700'}
    >
      {image.error}
    </p>
  ) : null;
  const selectedImage = image.selection ? (
    <ImagePreview
      src={image.selection.previewUrl}
      onRemove={image.remove}
      progress={progress}
      disabled={busy}
    />
  ) : null;
  const pollOptions =
    votingType === 'poll' ? (
      <PollOptionsField
        control={control}
        register={register}
        trigger={trigger}
        errors={errors}
        compact={kind === 'quick'}
      />
    ) : null;

  if (props.kind === 'quick') {
    if (props.suspended) return <ComposerPlaceholder />;
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
    return (
      <form onSubmit={onSubmit} noValidate aria-busy={busy} className={cn('space-y-3', props.className)}>
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
                contentError ? textareaError : 'border-slate-200 focus:border-brand-500 focus:ring-brand-100',
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
        {pollOptions}

        {selectedImage}
        {imageError}

        <div className="flex flex-wrap items-center gap-x-1 gap-y-2 border-t border-slate-100 pt-3">
          <ImagePicker
            id={`${id}-image`}
            compact
            onFile={pickImage}
            disabled={busy}
            describedBy={image.error ? imageErrorId : undefined}
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

  const currentImage =
    post && keepCurrentImage ? resolveAssetUrl(post.thumbnailUrl ?? post.imageUrl) : undefined;
  const hintId = post ? null : `${id}-content-hint`;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy} className="space-y-6">
      <SuspensionNotice />
      <div>
        <FieldLabel
          htmlFor={contentId}
          aside={
            <CharacterCounter
              id={counterId}
              length={content.length}
              max={POST_MAX}
              warnAt={QUICK_POST_WARN}
            />
          }
        >
          {composerStrings.composer.content}
        </FieldLabel>
        <textarea
          id={contentId}
          rows={6}
          dir={textDirection(content)}
          placeholder={post ? undefined : composerStrings.composer.advancedPlaceholder}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={`${contentError ? `${errorId} ` : ''}${hintId ? `${hintId} ` : ''}${counterId}`}
          className={cn(
            'block min-h-36 w-full resize-y rounded-xl border bg-white px-3.5 py-3 text-base leading-8 text-slate-900 shadow-xs',
            !post && 'placeholder:text-slate-500',
            'focus:ring-4 focus:outline-none focus-visible:outline-none',
            contentError
              ? textareaError
              : 'border-slate-300 hover:border-slate-400 focus:border-brand-500 focus:ring-brand-100',
          )}
          {...register('content')}
        />
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

      {post ? (
        <LockedVoting id={id} post={post} />
      ) : (
        <>
          <VotingTypeField registration={register('votingType')} layout="cards" />
          {pollOptions ? (
            <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100">{pollOptions}</div>
          ) : null}
        </>
      )}

      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-800">{composerStrings.composer.image}</p>
        {selectedImage ??
          (currentImage ? (
            <ImagePreview
              src={currentImage}
              onRemove={() => {
                setKeepCurrentImage(false);
              }}
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
          ))}
        {/* The editor of a post offers to swap its image; a new post's image is removed and picked again. */}
        {post && (image.selection || currentImage) ? (
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
        {imageError}
      </div>

      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-800">{composerStrings.composer.location}</p>
        <LocationField state={location} disabled={busy} />
      </div>

      <CheckboxField
        id={`${id}-anonymous`}
        label={composerStrings.composer.anonymous}
        hint={composerStrings.composer.anonymousHint}
        {...register('isAnonymous')}
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
          {post ? composerStrings.composer.save : composerStrings.composer.submit}
        </Button>
      </div>
    </form>
  );
}
