import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_MESSAGE_MAX } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import {
  CONTACT_CATEGORIES,
  contactMessageFormSchema,
  type ContactCategory,
  type ContactMessageForm,
  type ContactMessagePayload,
} from '@ray/shared/schemas/contact';
import { Lock, Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { describedBy, FieldLabel, FieldMessages, inputClasses, TextField } from '@/components/ui/text-field';
import { siteStrings } from '@/i18n/site.ar';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useSendContactMessage } from '../api/send-contact-message';

const s = siteStrings.contact;
const FIELDS = ['name', 'email', 'subject', 'message', 'category'] as const;

export interface ContactSentInfo {
  email: string;
  category: ContactCategory;
}

/** Section 8: the message was not sent, try again; a rate limit explains itself with the server's words. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.hasServerMessage) return error.message;
  return msg.contactFailed;
}

/**
 * The contact form of spec section 5. A signed-in user's name and e-mail are filled in, and the e-mail stays
 * read-only, since replies go to the account's address.
 */
export function ContactForm({
  onSent,
  focusOnMount = false,
}: {
  onSent: (sent: ContactSentInfo) => void;
  focusOnMount?: boolean;
}) {
  const user = useAuthStore((state) => state.user);
  const accountEmail = user?.email ? user.email : null;
  const send = useSendContactMessage();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageForm, unknown, ContactMessagePayload>({
    resolver: zodResolver(contactMessageFormSchema),
    defaultValues: {
      name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      email: accountEmail ?? '',
      subject: '',
      message: '',
      category: '',
    },
    mode: 'onTouched',
  });
  const messageLength = useWatch({ control, name: 'message' }).length;

  // The profile can arrive after the page (a sign-in in another tab): the locked address must be the account's.
  useEffect(() => {
    if (accountEmail) setValue('email', accountEmail, { shouldValidate: false });
  }, [accountEmail, setValue]);

  // Only when the form comes back after a sent message, and only once: a later sign-in must not move the focus.
  const initialFocus = useRef<'name' | 'category' | null>(focusOnMount ? (user ? 'category' : 'name') : null);
  useEffect(() => {
    if (initialFocus.current) setFocus(initialFocus.current);
    initialFocus.current = null;
  }, [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      onSent({ email: values.email, category: values.category });
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      toast.error(failureMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="@container space-y-5" aria-busy={isSubmitting}>
      <div className="grid gap-5 @lg:grid-cols-2">
        <TextField
          id="contact-name"
          label={s.name}
          autoComplete="name"
          placeholder={s.namePlaceholder}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="contact-email"
          label={s.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          placeholder={s.emailPlaceholder}
          readOnly={accountEmail !== null}
          hint={accountEmail !== null ? s.emailLocked : undefined}
          labelAside={
            accountEmail !== null ? (
              <Lock className="size-3.5 text-slate-500" aria-hidden="true" />
            ) : undefined
          }
          className="[&_input:read-only]:cursor-default [&_input:read-only]:bg-slate-50 [&_input:read-only]:text-slate-600"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <div className="grid gap-5 @lg:grid-cols-2">
        <div>
          <FieldLabel htmlFor="contact-category">{s.category}</FieldLabel>
          <select
            id="contact-category"
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={describedBy('contact-category', null, errors.category?.message)}
            className={inputClasses(Boolean(errors.category))}
            {...register('category')}
          >
            <option value="" disabled>
              {s.categoryPlaceholder}
            </option>
            {CONTACT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {s.categories[category]}
              </option>
            ))}
          </select>
          <FieldMessages id="contact-category" error={errors.category?.message} />
        </div>
        <TextField
          id="contact-subject"
          label={s.subject}
          placeholder={s.subjectPlaceholder}
          dir="auto"
          error={errors.subject?.message}
          {...register('subject')}
        />
      </div>
      <TextareaField
        id="contact-message"
        label={s.message}
        rows={6}
        dir="auto"
        placeholder={s.messagePlaceholder}
        error={errors.message?.message}
        labelAside={
          <span
            className={cn(
              'text-xs tabular-nums',
              messageLength > CONTACT_MESSAGE_MAX ? 'font-semibold text-red-700' : 'text-slate-600',
            )}
          >
            {formatNumber(messageLength)}/{formatNumber(CONTACT_MESSAGE_MAX)}
          </span>
        }
        {...register('message')}
      />
      <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600">{s.formHint}</p>
        <Button type="submit" size="lg" loading={isSubmitting}>
          <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {s.submit}
        </Button>
      </div>
    </form>
  );
}
