import type { LucideIcon } from 'lucide-react';
import { useId, type ComponentProps } from 'react';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';

const STATE_TONES = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

/** The head of a platform setting: its name, what it does, and a badge with its state now. */
export function SettingHeader({
  icon: Icon,
  title,
  titleId,
  intro,
  state,
}: {
  icon: LucideIcon;
  title: string;
  titleId?: string;
  intro: string;
  state: { label: string; tone: keyof typeof STATE_TONES; testId: string };
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <Icon className="size-5 text-brand-600" aria-hidden="true" />
          {title}
        </h2>
        <p className="mt-1 max-w-xl text-sm leading-6 text-slate-600">{intro}</p>
      </div>
      <span
        className={cn(
          'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
          STATE_TONES[state.tone],
        )}
        data-testid={state.testId}
      >
        {state.label}
      </span>
    </div>
  );
}

/** A setting's switch on a row of its own, named by the label beside it. */
export function SettingSwitchRow({ label, ...props }: { label: string } & ComponentProps<typeof Switch>) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl bg-slate-50 px-4 py-3">
      <span id={id} className="font-medium text-slate-900">
        {label}
      </span>
      <Switch aria-labelledby={id} {...props} />
    </div>
  );
}
