import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export type SubmitPlacement = 'block' | 'end';

/**
 * A form's submit button, busy while the form is submitting. `block` spans the form (the sign-in pages);
 * `end` sits at the end of the row (settings).
 */
export function SubmitButton({
  pending,
  placement = 'block',
  children,
}: {
  pending: boolean;
  placement?: SubmitPlacement;
  children: ReactNode;
}) {
  if (placement === 'end') {
    return (
      <div className="flex justify-end">
        <Button type="submit" loading={pending}>
          {children}
        </Button>
      </div>
    );
  }
  return (
    <Button type="submit" size="lg" fullWidth loading={pending}>
      {children}
    </Button>
  );
}
