import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { useMentionComposer } from '@/entities/user/components/mention-suggestions';
import { communityStrings as s } from '@/i18n/community.ar';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { updateCommentResolver } from '../utils/comment-form-resolvers';
import { CommentLength } from './comment-length';
import { useUpdateComment } from '../api/update-comment';

/** Edits a comment in place: the same rules and @ suggestions as a new one; Escape cancels (or closes the list). */
export function CommentEditForm({
  postId,
  commentId,
  content,
  onDone,
}: {
  postId: number;
  commentId: number;
  content: string;
  /** Called with true once the change is saved, false when the edit is given up. */
  onDone: (saved: boolean) => void;
}) {
  const id = useId();
  const update = useUpdateComment(postId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: updateCommentResolver, defaultValues: { content } });
  const length = Array.from(useWatch({ control, name: 'content' })).length;
  const mention = useMentionComposer((value) => {
    setValue('content', value, { shouldDirty: true });
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: commentId, content: values.content });
      onDone(true);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ['content'])) return;
      toast.error(
        error instanceof ApiError && error.hasServerMessage && error.status < 500
          ? error.message
          : s.comments.updateFailed,
      );
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-2 space-y-2"
      aria-busy={isSubmitting}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !isSubmitting) {
          event.stopPropagation();
          onDone(false);
        }
      }}
    >
      <div className="relative">
        <TextareaField
          id={`${id}-edit`}
          label={s.comments.editLabel}
          rows={3}
          dir="auto"
          autoFocus
          error={errors.content?.message}
          labelAside={<CommentLength length={length} />}
          {...register('content')}
          {...mention.textareaProps}
        />
        {mention.listbox}
      </div>
      <div className="flex justify-end gap-2">
        <Button
          variant="ghost"
          size="sm"
          disabled={isSubmitting}
          onClick={() => {
            onDone(false);
          }}
        >
          {s.comments.cancel}
        </Button>
        <Button type="submit" size="sm" loading={isSubmitting}>
          {s.comments.save}
        </Button>
      </div>
    </form>
  );
}
