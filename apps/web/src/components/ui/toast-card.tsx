import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { toast, type ToastItem, type ToastTone } from '@/lib/toast';

const TONES: Record<ToastTone, { box: string; icon: typeof Info | null }> = {
  default: { box: 'border-slate-200 bg-surface text-slate-900', icon: null },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: CheckCircle2 },
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: AlertCircle },
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: Info },
};

/** One toast: its tone, words, optional action and close button; hovering or focusing it holds it. */
export function ToastCard({ item }: { item: ToastItem }) {
  const { box, icon: Icon } = TONES[item.tone];
  const hold = () => {
    toast.pause(item.id);
  };
  const release = () => {
    toast.resume(item.id);
  };
  return (
    <div
      role={item.tone === 'error' ? 'alert' : 'status'}
      data-toast={item.tone}
      onPointerEnter={hold}
      onPointerLeave={release}
      onFocus={hold}
      onBlur={release}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-2.5 rounded-xl border p-3 text-sm leading-6 shadow-float',
        'animate-pop-in',
        box,
      )}
    >
      {Icon ? <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" /> : null}
      <div className="min-w-0 flex-1">
        <p className="font-medium">{item.title}</p>
        {item.description ? <p className="mt-0.5 opacity-80">{item.description}</p> : null}
      </div>
      {item.action ? (
        <button
          type="button"
          className="shrink-0 rounded-lg bg-brand-solid px-3 py-1 text-xs font-medium text-white hover:bg-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          onClick={() => {
            item.action?.onClick();
            toast.dismiss(item.id);
          }}
        >
          {item.action.label}
        </button>
      ) : null}
      <button
        type="button"
        aria-label={strings.common.close}
        className="-m-1 shrink-0 rounded-full p-1 opacity-60 hover:bg-black/5 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        onClick={() => {
          toast.dismiss(item.id);
        }}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
