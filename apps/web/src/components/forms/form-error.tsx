import { Alert } from '@/components/ui/alert';

/** The form-level error (what the server said, or that it could not be reached); nothing when there is none. */
export function FormError({
  message,
  className,
}: {
  message: string | null | undefined;
  className?: string;
}) {
  return message ? <Alert className={className}>{message}</Alert> : null;
}
