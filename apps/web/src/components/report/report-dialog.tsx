import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_DETAILS_MAX } from '@ray/shared/constants';
import { reportFormSchema, type ReportReason } from '@ray/shared/schemas/report';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextareaField } from '@/components/ui/textarea-field';
import { reportStrings } from '@/i18n/report.ar';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

/** The reasons a report dialog offers, in order; their labels are `reportStrings.reports.reasons`. */
export const REPORT_DIALOG_REASONS = [
  'Spam',
  'InappropriateContent',
  'Harassment',
  'FakeNews',
  'HateSpeech',
  'Violence',
  'Other',
] as const satisfies readonly ReportReason[];

export interface ReportDialogValues {
  reason: ReportReason;
  additionalDetails: string;
}

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  excerptLabel: string;
  excerpt: string;
  /**
   * Sends the report; a rejection keeps the dialog open and shows `errorMessage(error)`, under `errorTitle`
   * when one is given.
   */
  onSubmit: (values: ReportDialogValues) => Promise<unknown>;
  successMessage: string;
  errorTitle?: string;
  errorMessage: (error: unknown) => string;
  detailsDir?: 'auto' | 'rtl' | 'ltr';
}

/** Reports a piece of content: a reason is required, details are optional up to 500 characters. */
export function ReportDialog({
  open,
  onOpenChange,
  title,
  description,
  excerptLabel,
  excerpt,
  onSubmit: submit,
  successMessage,
  errorTitle,
  errorMessage,
  detailsDir,
}: ReportDialogProps) {
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(reportFormSchema), defaultValues: { additionalDetails: '' } });
  const length = useWatch({ control, name: 'additionalDetails' }).length;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submit(values);
      toast.success(successMessage);
      onOpenChange(false);
    } catch (error) {
      if (errorTitle === undefined) toast.error(errorMessage(error));
      else toast.error(errorTitle, { description: errorMessage(error) });
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      dismissible={!isSubmitting}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={isSubmitting}>
        <figure>
          <figcaption className="mb-1.5 text-sm font-medium text-slate-800">{excerptLabel}</figcaption>
          <blockquote
            dir="auto"
            className="rounded-xl border-s-4 border-slate-300 bg-slate-50 px-3.5 py-2.5 text-sm leading-7 whitespace-pre-line text-slate-700 wrap-break-word"
          >
            {excerpt}
          </blockquote>
        </figure>

        <fieldset aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">{reportStrings.reports.reason}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {REPORT_DIALOG_REASONS.map((reason) => (
              <label
                key={reason}
                className={cn(
                  'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2.5 text-sm text-slate-800 ring-1 ring-slate-200 transition-colors ring-inset hover:bg-slate-50',
                  'has-[:checked]:bg-brand-50 has-[:checked]:font-medium has-[:checked]:text-brand-900 has-[:checked]:ring-brand-400',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                )}
              >
                <input
                  type="radio"
                  value={reason}
                  className="size-4 accent-brand-600"
                  {...register('reason')}
                />
                {reportStrings.reports.reasons[reason]}
              </label>
            ))}
          </div>
          {errors.reason?.message ? (
            <p id={`${id}-reason-error`} role="alert" className="mt-1.5 text-sm text-red-700">
              {errors.reason.message}
            </p>
          ) : null}
        </fieldset>

        <TextareaField
          id={`${id}-details`}
          label={reportStrings.reports.details}
          rows={3}
          dir={detailsDir}
          placeholder={reportStrings.reports.detailsPlaceholder}
          error={errors.additionalDetails?.message}
          labelAside={
            <span
              className={cn(
                'text-xs tabular-nums',
                length > REPORT_DETAILS_MAX ? 'font-semibold text-red-700' : 'text-slate-600',
              )}
            >
              {`${formatNumber(length)}/${formatNumber(REPORT_DETAILS_MAX)}`}
            </span>
          }
          {...register('additionalDetails')}
        />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            disabled={isSubmitting}
            onClick={() => {
              onOpenChange(false);
            }}
          >
            {reportStrings.reports.cancel}
          </Button>
          <Button type="submit" variant="danger" loading={isSubmitting}>
            {reportStrings.reports.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
