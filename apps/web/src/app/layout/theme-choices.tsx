import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ThemeChoice } from '@ray/shared/theme';
import { Check, Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { strings } from '@/i18n/strings.ar';
import { chooseTheme, useThemeChoice } from '@/lib/theme';
import { itemClasses } from './menu-item-classes';

const THEMES: { choice: ThemeChoice; icon: LucideIcon; label: string }[] = [
  { choice: 'system', icon: Monitor, label: strings.theme.system },
  { choice: 'light', icon: Sun, label: strings.theme.light },
  { choice: 'dark', icon: Moon, label: strings.theme.dark },
];

/**
 * Light, dark or as the system is, kept on this device; shown only while admins offer the dark theme. Menu
 * items in the radio role, as Radix's own radio items render them, without adding those to the first download.
 */
export function ThemeChoices() {
  const { offered, choice } = useThemeChoice();
  if (!offered) return null;
  return (
    <>
      <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
      <div role="group" aria-labelledby="theme-choices-label">
        <p id="theme-choices-label" className="px-3 pt-1.5 pb-1 text-xs font-semibold text-slate-600">
          {strings.theme.label}
        </p>
        {THEMES.map(({ choice: value, icon: Icon, label }) => (
          <DropdownMenu.Item
            key={value}
            role="menuitemradio"
            aria-checked={choice === value}
            // Choosing keeps the menu open, so the reader sees the new theme and can change their mind.
            onSelect={(event) => {
              event.preventDefault();
              chooseTheme(value);
            }}
            className={itemClasses}
          >
            <Icon className="size-4.5 text-slate-500" aria-hidden="true" />
            <span className="flex-1">{label}</span>
            {choice === value ? <Check className="size-4 text-brand-700" aria-hidden="true" /> : null}
          </DropdownMenu.Item>
        ))}
      </div>
    </>
  );
}
