import {
  DIGEST_FREQUENCIES,
  PREFERENCE_CHANNELS,
  PREFERENCE_KINDS,
  type PreferenceChannel,
  type PreferenceKind,
} from '@ray/shared/notification-preferences';
import type {
  NotificationPreferences,
  NotificationPreferencesUpdate,
  QuietHours,
} from '@ray/shared/schemas/notification-preferences';
import { useIsMutating } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notificationSettingsStrings as text } from '@/i18n/notification-settings.ar';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { LOCALE } from '@/lib/format';
import { toast } from '@/lib/toast';
import { Switch } from '@/components/ui/switch';
import {
  saveNotificationPreferencesKey,
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences';
import { useSettingsSlots } from './settings-slots';

/** Quiet hours as first offered: from ten at night to seven in the morning. */
const FIRST_QUIET_HOURS: QuietHours = { start: 22, end: 7 };
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** An hour of the day as the app writes times (Arabic, twelve-hour with ص/م, Western digits). */
const hourFormat = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
export const formatHour = (hour: number) => hourFormat.format(Date.UTC(2000, 0, 1, hour));

/** The zone's name in the list, or its IANA name when it is not one of the common ones. */
export const zoneName = (zone: string) => text.zones[zone] ?? zone;

/** The zone this device runs on, when the app knows it: offered to the user, never applied without them. */
function deviceZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && (zone === 'UTC' || Intl.supportedValuesOf('timeZone').includes(zone)) ? zone : null;
  } catch {
    return null;
  }
}

/** The common zones, Saudi time first, and the user's own and the device's when they are not among them. */
export function zoneOptions(saved: string, device: string | null): string[] {
  const common = Object.keys(text.zones);
  const extra = [saved, device].filter((zone): zone is string => zone !== null && !common.includes(zone));
  return [...common, ...new Set(extra)];
}

const selectClasses =
  'h-10 rounded-xl border border-slate-300 bg-surface px-3 text-sm text-slate-900 hover:border-slate-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:opacity-60';

function KindsTable({
  kinds,
  onChange,
}: {
  kinds: NotificationPreferences['kinds'];
  onChange: (kind: PreferenceKind, channel: PreferenceChannel, on: boolean) => void;
}) {
  const columns = 'sm:grid-cols-[minmax(0,1fr)_repeat(3,7rem)]';
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200">
      {/* Column titles for wide screens; each switch carries its kind and channel in its own name. */}
      <div
        aria-hidden="true"
        className={`hidden bg-slate-50 px-4 py-2.5 text-xs font-semibold text-slate-600 sm:grid ${columns}`}
      >
        <span>{text.kindColumn}</span>
        {PREFERENCE_CHANNELS.map((channel) => (
          <span key={channel} className="text-center">
            {text.channels[channel]}
          </span>
        ))}
      </div>
      <ul className="divide-y divide-slate-100">
        {PREFERENCE_KINDS.map((kind) => (
          <li key={kind}>
            <div
              role="group"
              aria-labelledby={`notification-kind-${kind}`}
              className={`grid gap-3 px-4 py-3.5 sm:items-center ${columns}`}
            >
              <div className="min-w-0">
                <p id={`notification-kind-${kind}`} className="text-sm font-semibold text-slate-900">
                  {text.kinds[kind].name}
                </p>
                <p className="text-xs leading-5 text-slate-600">{text.kinds[kind].hint}</p>
              </div>
              <div className="grid grid-cols-3 gap-2 sm:contents">
                {PREFERENCE_CHANNELS.map((channel) => (
                  <div
                    key={channel}
                    className="flex flex-col items-center gap-1.5 rounded-lg bg-slate-50 px-1 py-2 sm:bg-transparent sm:p-0"
                  >
                    <Switch
                      checked={kinds[kind][channel]}
                      aria-label={text.switchLabel(text.kinds[kind].name, text.channels[channel])}
                      onCheckedChange={(on) => {
                        onChange(kind, channel, on);
                      }}
                    />
                    <span aria-hidden="true" className="text-center text-xs text-slate-600 sm:hidden">
                      {text.channels[channel]}
                    </span>
                  </div>
                ))}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function QuietHoursBlock({
  quietHours,
  timeZone,
  onChange,
}: {
  quietHours: QuietHours | null;
  timeZone: string;
  onChange: (next: QuietHours | null) => void;
}) {
  const id = useId();
  // The hours last chosen come back when quiet hours are turned off and on again on this page.
  const [remembered, setRemembered] = useState<QuietHours>(quietHours ?? FIRST_QUIET_HOURS);
  const set = (next: QuietHours) => {
    setRemembered(next);
    onChange(next);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 id={`${id}-title`} className="text-base font-bold text-slate-900">
            {text.quietTitle}
          </h3>
          <p className="mt-0.5 text-sm leading-6 text-slate-600">{text.quietBody}</p>
        </div>
        <Switch
          checked={quietHours !== null}
          aria-label={text.quietSwitch}
          onCheckedChange={(on) => {
            onChange(on ? remembered : null);
          }}
        />
      </div>
      {quietHours ? (
        <div className="flex flex-wrap items-end gap-3">
          {(['start', 'end'] as const).map((edge) => {
            const other = edge === 'start' ? quietHours.end : quietHours.start;
            return (
              <div key={edge} className="flex flex-col gap-1">
                <label htmlFor={`${id}-${edge}`} className="text-sm font-medium text-slate-800">
                  {edge === 'start' ? text.quietFrom : text.quietTo}
                </label>
                <select
                  id={`${id}-${edge}`}
                  value={quietHours[edge]}
                  onChange={(event) => {
                    set({ ...quietHours, [edge]: Number(event.target.value) });
                  }}
                  className={`${selectClasses} min-w-32`}
                >
                  {HOURS.map((hour) => (
                    // Equal hours mean nothing at all, or the whole day: the other end's hour is not offered.
                    <option key={hour} value={hour} disabled={hour === other}>
                      {formatHour(hour)}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
          <p className="pb-2.5 text-xs text-slate-600">{text.quietZoneNote(zoneName(timeZone))}</p>
        </div>
      ) : null}
    </section>
  );
}

function DigestBlock({
  digest,
  onChange,
}: {
  digest: NotificationPreferences['digest'];
  onChange: (next: NotificationPreferences['digest']) => void;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-body`}>
      <legend className="text-base font-bold text-slate-900">{text.digestTitle}</legend>
      <p id={`${id}-body`} className="text-sm leading-6 text-slate-600">
        {text.digestBody}
      </p>
      <div className="inline-flex rounded-xl bg-slate-100 p-1">
        {DIGEST_FREQUENCIES.map((frequency) => (
          <label
            key={frequency}
            className="cursor-pointer rounded-lg px-4 py-2 text-sm font-medium text-slate-600 has-checked:bg-surface has-checked:text-brand-700 has-checked:shadow-card has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={`${id}-digest`}
              value={frequency}
              checked={digest === frequency}
              onChange={() => {
                onChange(frequency);
              }}
              className="sr-only"
            />
            {text.digest[frequency]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ZoneBlock({ timeZone, onChange }: { timeZone: string; onChange: (next: string) => void }) {
  const id = useId();
  const [device] = useState(deviceZone);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h3 id={`${id}-title`} className="text-base font-bold text-slate-900">
          {text.zoneTitle}
        </h3>
        <p className="mt-0.5 text-sm leading-6 text-slate-600">{text.zoneBody}</p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-zone`} className="text-sm font-medium text-slate-800">
          {text.zoneLabel}
        </label>
        <select
          id={`${id}-zone`}
          value={timeZone}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          className={`${selectClasses} w-full sm:w-72`}
        >
          {zoneOptions(timeZone, device).map((zone) => (
            <option key={zone} value={zone}>
              {zoneName(zone)}
            </option>
          ))}
        </select>
      </div>
      {device && device !== timeZone ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {text.zoneSuggestion(zoneName(device))}
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              onChange(device);
            }}
          >
            {text.zoneUseSuggestion}
          </Button>
        </p>
      ) : null}
    </section>
  );
}

/**
 * «الإشعارات» in Settings: each kind on each channel, quiet hours, the e-mail digest and the time zone both
 * follow. Every change is saved as it is made; the status line says so, and a refusal comes as a toast.
 */
export function NotificationsSection() {
  const query = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const saving = useIsMutating({ mutationKey: saveNotificationPreferencesKey }) > 0;
  const [saved, setSaved] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const { pushDevice } = useSettingsSlots();

  useEffect(() => {
    if (window.location.hash === '#notifications') ref.current?.scrollIntoView({ block: 'start' });
  }, []);

  const change = (update: NotificationPreferencesUpdate) => {
    setSaved(false);
    save.mutate(update, {
      onSuccess: () => {
        setSaved(true);
      },
      onError: (error) => {
        toast.error(error instanceof ApiError && error.hasServerMessage ? error.message : text.saveFailed);
      },
    });
  };

  const preferences = query.data;
  return (
    <section
      ref={ref}
      id="notifications"
      aria-labelledby="notifications-title"
      className="scroll-mt-24 space-y-6"
    >
      {/* The status follows the page down the section, so a switch far below still shows that it was saved. */}
      <div className="pointer-events-none sticky top-20 z-10 mb-0 flex h-0 justify-end">
        <p
          role="status"
          className={cn(
            'flex h-8 items-center gap-1 rounded-full px-3 text-sm font-medium',
            saving
              ? 'bg-slate-100 text-slate-700 shadow-card'
              : saved
                ? 'bg-emerald-50 text-emerald-800 shadow-card'
                : '',
          )}
        >
          {saving ? (
            text.saving
          ) : saved ? (
            <>
              <Check className="size-4" aria-hidden="true" />
              {text.saved}
            </>
          ) : null}
        </p>
      </div>
      <div>
        <h2 id="notifications-title" className="text-lg font-bold text-slate-900">
          {text.title}
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-600">{text.subtitle}</p>
      </div>

      {pushDevice}

      {query.isPending ? (
        <p className="flex justify-center py-6">
          <Spinner label={text.loading} />
        </p>
      ) : !preferences ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {text.loadFailed}
          <Button variant="outline" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
            {text.retry}
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby="notification-kinds-title" className="space-y-3">
            <h3 id="notification-kinds-title" className="text-base font-bold text-slate-900">
              {text.kindsTitle}
            </h3>
            <KindsTable
              kinds={preferences.kinds}
              onChange={(kind, channel, on) => {
                change({ kinds: { [kind]: { ...preferences.kinds[kind], [channel]: on } } });
              }}
            />
          </section>
          <QuietHoursBlock
            quietHours={preferences.quietHours}
            timeZone={preferences.timeZone}
            onChange={(quietHours) => {
              change({ quietHours });
            }}
          />
          <DigestBlock
            digest={preferences.digest}
            onChange={(digest) => {
              change({ digest });
            }}
          />
          <ZoneBlock
            timeZone={preferences.timeZone}
            onChange={(timeZone) => {
              change({ timeZone });
            }}
          />
        </>
      )}
    </section>
  );
}
