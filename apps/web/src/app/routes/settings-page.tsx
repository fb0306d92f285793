import { lazy, Suspense } from 'react';
import { SettingsSlotsContext, type SettingsSlots } from '@/features/settings/components/settings-slots';
import { SettingsPage as SettingsFeaturePage } from '@/features/settings/pages/settings-page';

// Only on the notifications part of the page, and only where someone opens it: its own small chunk.
const PushDeviceToggle = lazy(() =>
  import('@/features/notifications/components/push-device-toggle').then((m) => ({
    default: m.PushDeviceToggle,
  })),
);

const slots: SettingsSlots = {
  pushDevice: (
    <Suspense fallback={null}>
      <PushDeviceToggle />
    </Suspense>
  ),
};

/** The settings page with the parts other features own (see `SettingsSlots`). */
export function SettingsPage() {
  return (
    <SettingsSlotsContext value={slots}>
      <SettingsFeaturePage />
    </SettingsSlotsContext>
  );
}
