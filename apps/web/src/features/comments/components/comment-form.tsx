import { msg } from '@ray/shared/messages.ar';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { SuspensionNotice } from '@/components/suspension-notice';
import { Button } from '@/components/ui/button';
import { InlineStatus, type InlineStatusMessage } from '@/components/ui/inline-status';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useMentionComposer } from '@/entities/user/components/mention-suggestions';
import { communityStrings as s } from '@/i18n/community.ar';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { commentResolver } from '../utils/comment-form-resolvers';
import { CommentLength } from './comment-length';
import { useCreateComment } from '../api/create-comment';

/**
 * The add-comment form of a post, for signed-in users; the text is trimmed and 1 to 1000 characters. Its
 * confirmations (`status`, shown beside its button) belong to the comments section, which also confirms there a
 * comment deleted from the list.
 */
export function CommentForm({
  postId,
  status,
  onConfirm,
}: {
  postId: number;
  status: InlineStatusMessage | null;
  onConfirm: (confirmation: string) => void;
}) {
  const id = useId();
  const create = useCreateComment(postId);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: commentResolver,
    defaultValues: { content: '', isAnonymous: false },
  });
  const length = Array.from(useWatch({ control, name: 'content' })).length;
  const mention = useMentionComposer((value) => {
    setValue('content', value, { shouldDirty: true });
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      reset({ content: '', isAnonymous: values.isAnonymous });
      // The comment is now in the list; the form says so beside its button rather than over the page.
      onConfirm(msg.commentAdded);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error(msg.loginToComment);
        return;
      }
      if (applyServerFieldErrors(error, setError, ['content'])) return;
      // A refusal (a suspension with its date, a mention of someone who blocked the writer) is told in the
      // server's words.
      toast.error(
        error instanceof ApiError && error.hasServerMessage && error.status < 500
          ? error.message
          : msg.commentAddFailed,
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-busy={isSubmitting}>
      <SuspensionNotice />
      <div className="relative">
        <TextareaField
          id={`${id}-content`}
          label={s.comments.formLabel}
          rows={3}
          placeholder={s.comments.placeholder}
          dir="auto"
          error={errors.content?.message}
          labelAside={<CommentLength length={length} />}
          {...register('content')}
          {...mention.textareaProps}
        />
        {mention.listbox}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField id={`${id}-anonymous`} label={s.comments.anonymous} {...register('isAnonymous')} />
        <div className="flex items-center gap-3">
          <InlineStatus message={status} />
          <Button type="submit" size="sm" loading={isSubmitting}>
            <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {s.comments.submit}
          </Button>
        </div>
      </div>
    </form>
  );
}
