import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  id: string;
  label: ReactNode;
  /** A line under the label, read as the checkbox's description. */
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ id, label, hint, error, className, ref, ...props }: CheckboxFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="mt-0.5 size-4.5 shrink-0 cursor-pointer rounded accent-brand-600"
          {...props}
        />
        <div className="min-w-0">
          <label htmlFor={id} className="cursor-pointer text-sm leading-6 text-slate-700">
            {label}
          </label>
          {hint ? (
            <p id={`${id}-hint`} className="text-xs leading-5 text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
