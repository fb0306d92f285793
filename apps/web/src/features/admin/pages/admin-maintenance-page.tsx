import { MAINTENANCE_MESSAGE_MAX, updateAppConfigSchema, type AppConfig } from '@ray/shared/schemas/config';
import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { ErrorState, PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextareaField } from '@/components/ui/textarea-field';
import { adminStrings } from '@/i18n/admin.ar';
import { ApiError } from '@/lib/api-client';
import { appConfigQueryOptions } from '@/lib/app-config';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useUpdateAppConfig } from '../api/update-app-config';
import { SettingHeader, SettingSwitchRow } from '../components/setting-parts';

const s = adminStrings.maintenance;

type Change = 'on' | 'off' | 'message';

function confirmCopy(change: Change) {
  if (change === 'on') return { title: s.confirmOnTitle, body: s.confirmOnBody, confirm: s.confirmOn };
  if (change === 'off') return { title: s.confirmOffTitle, body: s.confirmOffBody, confirm: s.confirmOff };
  return { title: s.confirmMessageTitle, body: s.confirmMessageBody, confirm: s.confirmMessage };
}

function MaintenanceForm({ config }: { config: AppConfig }) {
  const id = useId();
  const [on, setOn] = useState(config.maintenanceMode);
  const [message, setMessage] = useState(config.maintenanceMessage);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<Change | null>(null);
  const update = useUpdateAppConfig();

  const change: Change | null =
    on !== config.maintenanceMode
      ? on
        ? 'on'
        : 'off'
      : message.trim() !== config.maintenanceMessage
        ? 'message'
        : null;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!change) return;
    // The server's own schema, so the form refuses exactly what the server would.
    const parsed = updateAppConfigSchema.safeParse({ maintenanceMode: on, maintenanceMessage: message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(change);
  };

  const confirm = () => {
    if (!pending) return;
    const done = pending;
    // Awaited rather than given callbacks: turning maintenance on or off remounts this page under the gate's
    // other branch, and the confirmation must still be shown.
    update.mutateAsync({ maintenanceMode: on, maintenanceMessage: message }).then(
      () => {
        setPending(null);
        toast.success(done === 'on' ? s.turnedOn : done === 'off' ? s.turnedOff : s.messageSaved);
      },
      (failure: unknown) => {
        setPending(null);
        const field = failure instanceof ApiError ? failure.errors?.maintenanceMessage?.[0] : undefined;
        if (field) setError(field);
        toast.error(failure instanceof ApiError && failure.hasServerMessage ? failure.message : s.saveFailed);
      },
    );
  };

  const copy = confirmCopy(pending ?? 'message');
  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} className="space-y-5" noValidate>
        <SettingHeader
          icon={Wrench}
          title={s.title}
          titleId={`${id}-title`}
          intro={s.intro}
          state={{
            label: config.maintenanceMode ? s.stateOn : s.stateOff,
            tone: config.maintenanceMode ? 'warning' : 'good',
            testId: 'maintenance-state',
          }}
        />
        <SettingSwitchRow label={s.switchLabel} tone="amber" checked={on} onCheckedChange={setOn} />

        <TextareaField
          id={`${id}-message`}
          label={s.messageLabel}
          value={message}
          maxLength={MAINTENANCE_MESSAGE_MAX}
          dir="auto"
          error={error}
          hint={s.messageHint}
          labelAside={
            <span className="text-xs text-slate-500 tabular-nums">
              {s.messageCount(formatNumber(message.length), formatNumber(MAINTENANCE_MESSAGE_MAX))}
            </span>
          }
          onChange={(event) => {
            setMessage(event.target.value);
            if (error) setError(undefined);
          }}
        />

        <div className="flex flex-wrap items-center justify-end gap-3">
          {change ? null : <span className="text-sm text-slate-500">{s.unchanged}</span>}
          <Button type="submit" disabled={!change}>
            {s.save}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={copy.title}
        description={copy.body}
        confirmLabel={copy.confirm}
        cancelLabel={s.cancel}
        danger={pending === 'on'}
        pending={update.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}

/** `/admin/maintenance`: switches the maintenance page on and off, with the message visitors read. */
export function AdminMaintenancePage() {
  // Read fresh: the gate's copy may be a few seconds old, and this form starts from what the server holds.
  const config = useQuery({ ...appConfigQueryOptions(), staleTime: 0 });
  return (
    <>
      <PageTitle title={s.title} />
      {config.isPending ? (
        <PageLoader />
      ) : config.isError ? (
        <ErrorState title={s.loadFailed} onRetry={() => void config.refetch()} retrying={config.isFetching} />
      ) : (
        <MaintenanceForm
          key={`${config.data.maintenanceMode}-${config.data.maintenanceMessage}`}
          config={config.data}
        />
      )}
    </>
  );
}
