import { passwordStrength } from '@ray/shared/schemas/auth';
import { accountStrings } from '@/i18n/account.ar';
import { cn } from '@/lib/cn';

const LEVELS = {
  weak: { bars: 1, bar: 'bg-red-500', text: 'text-red-700' },
  medium: { bars: 2, bar: 'bg-amber-500', text: 'text-amber-800' },
  strong: { bars: 3, bar: 'bg-emerald-solid', text: 'text-emerald-700' },
} as const;

/** Weak / medium / strong of spec section 5, shown once the user starts typing. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (password.length === 0) return null;
  const { level } = passwordStrength(password);
  const style = LEVELS[level];
  return (
    <div className="mt-2" data-testid="password-strength" data-level={level}>
      <div className="flex gap-1.5" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <span
            key={index}
            className={cn(
              'h-1.5 flex-1 rounded-full transition-colors',
              index < style.bars ? style.bar : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p className="mt-1.5 text-xs text-slate-600" aria-live="polite">
        {accountStrings.auth.strengthLabel}{' '}
        <span className={cn('font-semibold', style.text)}>{accountStrings.auth.strength[level]}</span>
      </p>
    </div>
  );
}
