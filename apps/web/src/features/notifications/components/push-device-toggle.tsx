import { BellOff, BellRing } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { pushStrings } from '@/i18n/push.ar';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { Switch } from '@/components/ui/switch';
import { usePushDevice, useTurnPushesOff, useTurnPushesOn, type PushDeviceState } from '../api/push-device';

const s = pushStrings.device;

function failureDescription(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined;
}

/** Why the switch cannot be used on this device, and what the person can do about it. */
function Blocked({ state }: { state: PushDeviceState | undefined }) {
  if (state === 'denied') {
    return (
      <Alert tone="warning">
        <p className="font-medium">{s.deniedTitle}</p>
        <p>{s.deniedBody}</p>
      </Alert>
    );
  }
  if (state === 'unsupported') return <Alert tone="info">{s.unsupported}</Alert>;
  if (state === 'no-worker') return <Alert tone="info">{s.noWorker}</Alert>;
  return null;
}

/**
 * Whether this browser receives the account's pushes, with a switch to change it. The permission question is
 * asked only here, in the click: a browser remembers a refusal, and a question nobody asked for is one.
 */
export function PushDeviceToggle() {
  const titleId = useId();
  const statusId = useId();
  const device = usePushDevice();
  const turnOn = useTurnPushesOn();
  const turnOff = useTurnPushesOff();
  const state = device.data;
  const on = state === 'on';
  const busy = device.isPending || turnOn.isPending || turnOff.isPending;
  const usable = state === 'on' || state === 'off';

  function toggle() {
    if (on) {
      turnOff.mutate(undefined, {
        onSuccess: () => toast.success(s.turnedOff),
        onError: (error) => toast.error(s.turnOffFailed, { description: failureDescription(error) }),
      });
      return;
    }
    turnOn.mutate(Notification.requestPermission(), {
      onSuccess: (next) => {
        if (next === 'on') toast.success(s.turnedOn);
        else if (next === 'off') toast.info(s.notGranted);
      },
      onError: (error) => toast.error(s.turnOnFailed, { description: failureDescription(error) }),
    });
  }

  const status = device.isPending ? s.checking : on ? s.on : s.off;

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4"
      data-testid="push-device"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="flex min-w-0 items-center gap-2 text-base font-bold text-slate-900">
          {on ? (
            <BellRing className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
          ) : (
            <BellOff className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
          )}
          {s.title}
        </h3>
        <div className="flex shrink-0 items-center gap-2.5">
          <span
            id={statusId}
            className={cn('text-sm font-medium', on ? 'text-brand-700' : 'text-slate-600')}
            aria-live="polite"
          >
            {status}
          </span>
          <Switch
            checked={on}
            aria-label={s.switchLabel}
            aria-describedby={statusId}
            aria-busy={busy}
            disabled={!usable || busy}
            onCheckedChange={toggle}
          />
        </div>
      </div>
      <p className="text-sm leading-6 text-slate-600">{s.body}</p>
      <Blocked state={state} />
      {device.isError ? <Alert tone="error">{s.turnOnFailed}</Alert> : null}
    </section>
  );
}
