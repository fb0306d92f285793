import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';

/**
 * Wires inputs to react-hook-form: `field('email')` is the input's registration plus the message to show under
 * it, ready to spread on a `TextField`, `PasswordField` or `CheckboxField`.
 */
export function fieldProps<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>) => ({
    ...register(name),
    error: get<FieldErrors<T>, FieldError | undefined>(errors, name)?.message,
  });
}
