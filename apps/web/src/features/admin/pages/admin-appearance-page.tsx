import type { AppConfig } from '@ray/shared/schemas/config';
import { useQuery } from '@tanstack/react-query';
import { Moon } from 'lucide-react';
import { ErrorState, PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { adminStrings } from '@/i18n/admin.ar';
import { ApiError } from '@/lib/api-client';
import { appConfigQueryOptions } from '@/lib/app-config';
import { setDarkModeOffered } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { useUpdateAppConfig } from '../api/update-app-config';
import { SettingHeader, SettingSwitchRow } from '../components/setting-parts';

const s = adminStrings.appearance;

function DarkModeSwitch({ config }: { config: AppConfig }) {
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
      <SettingHeader
        icon={Moon}
        title={s.title}
        intro={s.intro}
        state={{
          label: config.darkMode ? s.stateOn : s.stateOff,
          tone: config.darkMode ? 'good' : 'neutral',
          testId: 'dark-mode-state',
        }}
      />
      <SettingSwitchRow
        label={s.switchLabel}
        checked={on}
        aria-busy={update.isPending}
        disabled={update.isPending}
        onCheckedChange={toggle}
      />
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
