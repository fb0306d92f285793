import { zodResolver } from '@hookform/resolvers/zod';
import { POST_MAX, QUICK_POST_WARN } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { editPostFormSchema, type Post, type UpdatePostPayload } from '@ray/shared/schemas/post';
import { BarChart3, Lock, PencilLine, Star, ThumbsUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { SuspensionNotice } from '@/components/suspension-notice';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FieldLabel } from '@/components/ui/text-field';
import { composerStrings } from '@/i18n/composer.ar';
import { strings } from '@/i18n/strings.ar';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { resolveAssetUrl } from '@/lib/runtime-config';
import { usePost } from '@/entities/post/api/get-post';
import { useUpdatePost } from '../api/update-post';
import { CharacterCounter } from '../components/composer/character-counter';
import { ImagePicker, ImagePreview } from '../components/composer/image-field';
import { LocationField } from '../components/composer/location-field';
import { useImageSelection } from '../hooks/use-image-selection';
import { usePostLocation } from '../hooks/use-location';
import { serverReason, useImageUpload } from '../hooks/use-publish-post';
import { textDirection, type PostLocation } from '../utils/compose';
import { POST_IMAGE } from '../utils/image-file';
import { readPollOptions } from '@/entities/post/utils/poll';
import { postPath } from '@/entities/post/utils/share';

const ID = 'edit-post';
const VOTING_ICONS = { 'like-dislike': ThumbsUp, rating: Star, poll: BarChart3 } as const;

function initialLocation(post: Post): PostLocation | null {
  if (post.latitude === null || post.longitude === null) {
    return post.locationName ? { latitude: 0, longitude: 0, locationName: post.locationName } : null;
  }
  return { latitude: post.latitude, longitude: post.longitude, locationName: post.locationName };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const sameLocation = (a: PostLocation | null, b: PostLocation | null) =>
  a?.latitude === b?.latitude && a?.longitude === b?.longitude && a?.locationName === b?.locationName;

/** Voting type and poll options are fixed once published; they are shown, not edited. */
function LockedVoting({ post }: { post: Post }) {
  const Icon = VOTING_ICONS[post.votingType];
  const options = post.votingType === 'poll' ? readPollOptions(post.pollOptions) : null;
  return (
    <section aria-labelledby={`${ID}-voting`} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100">
      <h2 id={`${ID}-voting`} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Lock className="size-4 text-slate-500" aria-hidden="true" />
        {composerStrings.composer.lockedVoting}
      </h2>
      <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-semibold text-slate-800 ring-1 ring-slate-200">
        <Icon className="size-4 text-brand-600" aria-hidden="true" />
        {strings.posts.votingTypes[post.votingType]}
      </p>
      {post.votingType === 'poll' ? (
        options ? (
          <ol
            className="mt-3 list-inside list-decimal space-y-1 text-sm text-slate-700"
            aria-label={composerStrings.composer.pollOptions}
          >
            {options.map((option, index) => (
              <li key={index} dir="auto">
                {option}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-sm text-red-700">{msg.pollParseError}</p>
        )
      ) : null}
      <p className="mt-3 text-xs text-slate-600">{msg.votingTypeLocked}</p>
    </section>
  );
}

function EditPostForm({ post }: { post: Post }) {
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const backTo = isRecord(state) && typeof state.backTo === 'string' ? state.backTo : null;
  const update = useUpdatePost();
  const upload = useImageUpload();
  const image = useImageSelection(POST_IMAGE);
  const [keepCurrentImage, setKeepCurrentImage] = useState(post.imageUrl !== null);
  const startLocation = initialLocation(post);
  const location = usePostLocation(startLocation);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(editPostFormSchema),
    defaultValues: { content: post.content, isAnonymous: post.isAnonymous },
    mode: 'onTouched',
  });
  const content = useWatch({ control, name: 'content' });
  const busy = isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    const payload: UpdatePostPayload = { content: values.content, isAnonymous: values.isAnonymous };
    if (image.selection) {
      const url = await upload.upload(image.selection.file);
      if (url === null) return;
      payload.imageUrl = url;
    } else if (!keepCurrentImage && post.imageUrl !== null) {
      payload.imageUrl = null;
    }
    if (!sameLocation(location.location, startLocation)) {
      payload.latitude = location.location?.latitude ?? null;
      payload.longitude = location.location?.longitude ?? null;
      payload.locationName = location.location?.locationName ?? null;
    }
    try {
      await update.mutateAsync({ id: post.id, payload });
      toast.success(msg.postUpdated);
      // Opened from the post's own page: go back to it rather than stack a second copy in the history.
      if (backTo === postPath(post.id)) void navigate(-1);
      else void navigate(postPath(post.id), { replace: true });
    } catch (error) {
      toast.error(serverReason(error) ?? msg.postUpdateFailed);
    }
  });

  const currentImage = keepCurrentImage ? resolveAssetUrl(post.thumbnailUrl ?? post.imageUrl) : undefined;
  const contentError = errors.content?.message;
  return (
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
          aria-invalid={contentError ? true : undefined}
          aria-describedby={`${contentError ? `${ID}-content-error ` : ''}${ID}-counter`}
          className={cn(
            'block min-h-36 w-full resize-y rounded-xl border bg-white px-3.5 py-3 text-base leading-8 text-slate-900 shadow-xs focus:ring-4 focus:outline-none focus-visible:outline-none',
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
      </div>

      <LockedVoting post={post} />

      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-800">{composerStrings.composer.image}</p>
        {image.selection ? (
          <ImagePreview
            src={image.selection.previewUrl}
            onRemove={image.remove}
            progress={upload.progress}
            disabled={busy}
          />
        ) : currentImage ? (
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
        {image.selection || currentImage ? (
          <div className="mt-2">
            <ImagePicker
              id={`${ID}-image`}
              label={composerStrings.composer.changeImage}
              onFile={(file) => {
                image.choose(file);
              }}
              disabled={busy}
              describedBy={image.error ? `${ID}-image-error` : undefined}
            />
          </div>
        ) : null}
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
        <Link to={postPath(post.id)} className={buttonClasses({ variant: 'outline' })}>
          {composerStrings.composer.cancel}
        </Link>
        <Button type="submit" loading={busy} className="sm:min-w-32">
          {composerStrings.composer.save}
        </Button>
      </div>
    </form>
  );
}

/** Spec section 2, edit post: the author changes text, anonymity, image and location; missing posts go home. */
export function EditPostPage() {
  const { postId } = useParams();
  const id = Number(postId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const navigate = useNavigate();
  const query = usePost(id, { enabled: valid });
  const post = query.isPlaceholderData ? undefined : query.data;

  useEffect(() => {
    if (!valid) {
      toast.error(msg.postIdRequired, { id: 'edit-post-missing' });
      void navigate('/', { replace: true });
    } else if (query.isError) {
      const missing = query.error instanceof ApiError && query.error.status === 404;
      toast.error(missing ? msg.postNotFound : msg.postLoadFailed, { id: 'edit-post-missing' });
      void navigate('/', { replace: true });
    } else if (post && !post.isOwner) {
      toast.error(msg.forbidden, { id: 'edit-post-forbidden' });
      void navigate(postPath(post.id), { replace: true });
    }
  }, [valid, query.isError, query.error, post, navigate]);

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageTitle title={composerStrings.composer.editTitle} />
      <header className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-card">
          <PencilLine className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{composerStrings.composer.editTitle}</h1>
          <p className="mt-0.5 text-sm text-slate-600">{composerStrings.composer.editSubtitle}</p>
        </div>
      </header>
      <Card className="p-5 sm:p-6">
        {post?.isOwner ? <EditPostForm key={post.id} post={post} /> : <PageLoader />}
      </Card>
    </div>
  );
}
