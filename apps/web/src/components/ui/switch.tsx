import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  brand: 'aria-checked:bg-brand-solid aria-checked:hover:bg-brand-strong',
  // For a switch whose «on» is a warning (maintenance).
  amber: 'aria-checked:bg-amber-solid aria-checked:hover:bg-amber-strong',
} as const;

type SwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'role' | 'onChange' | 'type'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  tone?: keyof typeof TONES;
};

/** An on/off switch (`role="switch"`); name it with `aria-label` or `aria-labelledby`. */
export function Switch({ checked, onCheckedChange, tone = 'brand', className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => {
        onCheckedChange(!checked);
      }}
      className={cn(
        'group inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 p-0.5 transition-colors hover:bg-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
        TONES[tone],
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="size-5 rounded-full bg-white shadow-sm transition-[margin] group-aria-checked:ms-5"
      />
    </button>
  );
}
