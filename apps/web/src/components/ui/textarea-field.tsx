import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { describedBy, FieldLabel, FieldMessages } from './text-field';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  labelAside?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextareaField({
  id,
  label,
  error,
  hint,
  labelAside,
  className,
  ref,
  ...props
}: TextareaFieldProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} aside={labelAside}>
        {label}
      </FieldLabel>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cn(
          'block min-h-28 w-full resize-y rounded-xl border bg-surface px-3.5 py-2.5 text-base leading-7 text-slate-900 shadow-xs sm:text-sm',
          'placeholder:text-slate-400 focus:ring-4 focus:outline-none focus-visible:outline-none',
          error
            ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
            : 'border-slate-300 hover:border-slate-400 focus:border-brand-500 focus:ring-brand-100',
        )}
        {...props}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
