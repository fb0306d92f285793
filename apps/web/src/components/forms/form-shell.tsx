import type { SubmitEventHandler, ReactNode } from 'react';
import { FormError } from './form-error';
import { SubmitButton, type SubmitPlacement } from './submit-button';

/**
 * The frame of a form that submits to the server: the form-level error on top, the fields, then the submit
 * button. Validation is the form's own (`noValidate`), and the form reports itself busy while it submits.
 */
export function FormShell({
  onSubmit,
  pending,
  error,
  submitLabel,
  submitPlacement,
  children,
}: {
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  pending: boolean;
  /** The form-level message, e.g. `errors.root?.server?.message`. */
  error: string | undefined;
  submitLabel: ReactNode;
  submitPlacement?: SubmitPlacement;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={pending}>
      <FormError message={error} />
      {children}
      <SubmitButton pending={pending} placement={submitPlacement}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
