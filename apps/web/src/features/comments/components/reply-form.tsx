import { msg } from '@ray/shared/messages.ar';
import type { Comment } from '@ray/shared/schemas/comment';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMentionComposer } from '@/entities/user/components/mention-suggestions';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { conversationStrings as s } from '@/i18n/conversations.ar';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { commentResolver } from '../utils/comment-form-resolvers';
import { CommentLength } from './comment-length';
import { useCreateReply } from '../api/create-reply';

/**
 * The reply box under a thread. Answering a named reply starts the text with `@username ` of the person answered,
 * as the server files it; an anonymous one is never named.
 */
export function ReplyForm({
  threadId,
  answered,
  onDone,
}: {
  threadId: number;
  answered: Comment;
  onDone: (reply: Comment | null) => void;
}) {
  const id = useId();
  const create = useCreateReply(answered.postId, threadId);
  const prefix =
    answered.parentId !== null && answered.user.username !== null && !answered.isOwner
      ? `@${answered.user.username} `
      : '';
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: commentResolver,
    defaultValues: { content: prefix, isAnonymous: false },
  });
  const mention = useMentionComposer((value) => {
    setValue('content', value, { shouldDirty: true });
  });
  const length = Array.from(useWatch({ control, name: 'content' })).length;
  const field = register('content');
  const textarea = useRef<HTMLTextAreaElement | null>(null);

  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, [answered.id]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await create.mutateAsync({ ...values, parentId: answered.id });
      onDone(reply);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error(msg.loginToComment);
        return;
      }
      if (applyServerFieldErrors(error, setError, ['content'])) return;
      toast.error(
        error instanceof ApiError && error.hasServerMessage && error.status < 500
          ? error.message
          : s.replyFailed,
      );
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-busy={isSubmitting}
      aria-label={s.replyTo(answered.user.displayName)}
      className="space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-100"
    >
      <div className="relative">
        <TextareaField
          id={`${id}-content`}
          label={s.replyLabel}
          rows={2}
          placeholder={s.replyPlaceholder}
          dir="auto"
          error={errors.content?.message}
          labelAside={<CommentLength length={length} />}
          {...field}
          {...mention.textareaProps}
          ref={(element) => {
            field.ref(element);
            textarea.current = element;
          }}
        />
        {mention.listbox}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CheckboxField id={`${id}-anonymous`} label={s.replyAnonymous} {...register('isAnonymous')} />
        <div className="flex gap-2">
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => {
              onDone(null);
            }}
          >
            {s.replyCancel}
          </Button>
          <Button type="submit" size="sm" loading={isSubmitting}>
            <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {s.replySubmit}
          </Button>
        </div>
      </div>
    </form>
  );
}
