import { Eye, EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { describedBy, FieldLabel, FieldMessages, inputClasses, type TextFieldProps } from './text-field';

/**
 * Password input with a show/hide toggle. The toggle is named by hidden text rather than `aria-label`, so a
 * lookup by label ("كلمة المرور") finds only the input.
 */
export function PasswordField({
  id,
  label,
  error,
  hint,
  labelAside,
  className,
  ref,
  children,
  ...props
}: TextFieldProps & { children?: ReactNode }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} aside={labelAside}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          dir="ltr"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={cn(inputClasses(Boolean(error)), 'pe-11')}
          {...props}
        />
        <button
          type="button"
          onClick={() => {
            setVisible((value) => !value);
          }}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 start-0 flex w-11 items-center justify-center rounded-s-xl text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          {visible ? (
            <EyeOff className="size-5" aria-hidden="true" />
          ) : (
            <Eye className="size-5" aria-hidden="true" />
          )}
          <span className="sr-only">
            {visible ? strings.common.hidePassword : strings.common.showPassword}
          </span>
        </button>
      </div>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
