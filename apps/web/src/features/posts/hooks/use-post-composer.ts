import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { editPostFormSchema, type Post, type UpdatePostPayload } from '@ray/shared/schemas/post';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { resolveAssetUrl } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';
import { useUpdatePost } from '../api/update-post';
import { emptyComposer, type ComposerValues, type PostLocation } from '../utils/compose';
import { createPostFormSchema, quickComposerSchema } from '../utils/composer-schema';
import { POST_IMAGE, QUICK_POST_IMAGE } from '../utils/image-file';
import { useImageSelection } from './use-image-selection';
import { usePostLocation } from './use-location';
import { serverReason, useImageUpload, usePublishPost } from './use-publish-post';

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

/** Each kind's checks, with the shared Arabic messages; editing checks only what it can change. */
function resolverFor(kind: PostComposerProps['kind']): Resolver<ComposerValues> {
  if (kind === 'quick') return zodResolver(quickComposerSchema);
  if (kind === 'create') return zodResolver(createPostFormSchema);
  // The other values ride along unchecked: an edit sends only text and anonymity of them.
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

/**
 * The state of a post composer: the form with its checks, the image (a new one, and when editing whether the
 * current one stays), the place, and submitting: publishing a new post, or saving an edit.
 */
export function usePostComposer(props: PostComposerProps) {
  const { kind } = props;
  const post = props.kind === 'edit' ? props.post : null;
  const image = useImageSelection(kind === 'quick' ? QUICK_POST_IMAGE : POST_IMAGE);
  const [keepCurrentImage, setKeepCurrentImage] = useState(post !== null && post.imageUrl !== null);
  const startLocation = post ? initialLocation(post) : null;
  const location = usePostLocation(startLocation);
  const publisher = usePublishPost();
  const update = useUpdatePost();
  const upload = useImageUpload();
  const form = useForm<ComposerValues>({
    resolver: resolverFor(kind),
    defaultValues: post
      ? {
          ...emptyComposer(),
          content: post.content,
          votingType: post.votingType,
          isAnonymous: post.isAnonymous,
          imageAlt: post.imageAlt ?? '',
        }
      : emptyComposer(),
    ...(kind === 'quick' ? {} : { mode: 'onTouched' as const }),
  });
  const [content, votingType, isAnonymous, imageAlt] = useWatch({
    control: form.control,
    name: ['content', 'votingType', 'isAnonymous', 'imageAlt'],
  });

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
    // The description goes with the image the post will show; without one the server drops it.
    if (image.selection || keepCurrentImage) payload.imageAlt = values.imageAlt.trim() || null;
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

  const submit = form.handleSubmit(async (values) => {
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
      // The quick composer stays on the page, ready for the next post.
      form.reset(emptyComposer());
      document.getElementById(`${props.idPrefix}-content`)?.style.removeProperty('height');
      image.remove();
      location.clear();
    }
    props.onPublished?.(created);
  });

  return {
    form,
    values: { content, votingType, isAnonymous, imageAlt },
    image,
    errors: form.formState.errors,
    /** The post's image as published, while the author keeps it (editing only). */
    currentImage: post && keepCurrentImage ? resolveAssetUrl(post.thumbnailUrl ?? post.imageUrl) : undefined,
    removeCurrentImage: () => {
      setKeepCurrentImage(false);
    },
    location,
    // A picked image is still being read: publishing now would leave it out.
    busy: (post ? form.formState.isSubmitting : publisher.busy) || image.checking,
    progress: post ? upload.progress : publisher.progress,
    submit,
  };
}

export type PostComposerState = ReturnType<typeof usePostComposer>;
