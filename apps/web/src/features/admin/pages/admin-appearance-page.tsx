import type { AppConfig } from '@ray/shared/schemas/config';
import { useQuery } from '@tanstack/react-query';
import { Moon } from 'lucide-react';
import { useId } from 'react';
import { ErrorState, PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { adminStrings } from '@/i18n/admin.ar';
import { ApiError } from '@/lib/api-client';
import { appConfigQueryOptions } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { setDarkModeOffered } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { Switch } from '@/components/ui/switch';
import { useUpdateAppConfig } from '../api/update-app-config';

const s = adminStrings.appearance;

function DarkModeSwitch({ config }: { config: AppConfig }) {
  const id = useId();
  const update = useUpdateAppConfig();
  const on = update.isPending ? update.variables.darkMode === true : config.darkMode;

  const toggle = () => {
    update.mutate(
      { darkMode: !config.darkMode },
      {
        onSuccess: (saved) => {
          setDarkModeOffered(saved.darkMode);
          toast.success(saved.darkMode ? s.turnedOn : s.turnedOff);
        },
        onError: (failure) => {
          toast.error(
            failure instanceof ApiError && failure.hasServerMessage ? failure.message : s.saveFailed,
          );
        },
      },
    );
  };

  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Moon className="size-5 text-brand-600" aria-hidden="true" />
            {s.title}
          </h2>
          <p className="mt-1 max-w-xl text-sm leading-6 text-slate-600">{s.intro}</p>
        </div>
        <span
          className={cn(
            'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
            config.darkMode
              ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
              : 'bg-slate-100 text-slate-700 ring-slate-200',
          )}
          data-testid="dark-mode-state"
        >
          {config.darkMode ? s.stateOn : s.stateOff}
        </span>
      </div>

      <div className="flex items-center justify-between gap-4 rounded-xl bg-slate-50 px-4 py-3">
        <span id={`${id}-switch`} className="font-medium text-slate-900">
          {s.switchLabel}
        </span>
        <Switch
          checked={on}
          aria-labelledby={`${id}-switch`}
          aria-busy={update.isPending}
          disabled={update.isPending}
          onCheckedChange={toggle}
        />
      </div>
    </Card>
  );
}

/** `/admin/appearance`: offers the dark theme to everyone, or takes it back. */
export function AdminAppearancePage() {
  // Read fresh: this switch starts from what the server holds.
  const config = useQuery({ ...appConfigQueryOptions(), staleTime: 0 });
  return (
    <>
      <PageTitle title={s.title} />
      {config.isPending ? (
        <PageLoader />
      ) : config.isError ? (
        <ErrorState title={s.loadFailed} onRetry={() => void config.refetch()} retrying={config.isFetching} />
      ) : (
        <DarkModeSwitch config={config.data} />
      )}
    </>
  );
}
