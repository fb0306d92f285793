import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-slate-600', className)}>
      <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden="true" />
      {label ? <span className="text-sm">{label}</span> : null}
    </span>
  );
}
