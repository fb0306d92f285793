import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

export const inputClasses = (invalid: boolean) =>
  cn(
    'block h-11 w-full rounded-xl border bg-surface px-3.5 text-base text-slate-900 shadow-xs transition-colors sm:text-sm',
    'placeholder:text-slate-400 focus:outline-none focus-visible:outline-none focus:ring-4',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
      : 'border-slate-300 hover:border-slate-400 focus:border-brand-500 focus:ring-brand-100',
  );

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldLabel({
  htmlFor,
  children,
  aside,
}: {
  htmlFor: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="mb-1.5 flex items-center justify-between gap-2">
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-800">
        {children}
      </label>
      {aside}
    </div>
  );
}

export function FieldMessages({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  if (error) {
    return (
      <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
        {error}
      </p>
    );
  }
  if (hint) {
    return (
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
        {hint}
      </p>
    );
  }
  return null;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  labelAside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ id, label, error, hint, labelAside, className, ref, ...props }: TextFieldProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} aside={labelAside}>
        {label}
      </FieldLabel>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClasses(Boolean(error))}
        {...props}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
