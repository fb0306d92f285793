import { createContext, use, type ReactNode } from 'react';

/**
 * Parts of the settings page that other features own: the switch for pushes on this device (notifications). A
 * feature imports no other feature, so the app hands them in around the page (`app/routes/settings-page.tsx`).
 */
export interface SettingsSlots {
  pushDevice: ReactNode;
}

export const SettingsSlotsContext = createContext<SettingsSlots>({ pushDevice: null });

export function useSettingsSlots(): SettingsSlots {
  return use(SettingsSlotsContext);
}
