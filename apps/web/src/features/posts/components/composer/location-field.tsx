import { Loader2, MapPin, X } from 'lucide-react';
import { mapLink } from '@/entities/post/utils/map-link';
import { composerStrings } from '@/i18n/composer.ar';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import type { PostLocationState } from '../../hooks/use-location';

/**
 * Adds the current place to a post, shows it with a remove button, or says why it could not be found. A place
 * the geocoder could not name is still kept: it shows as the post will show it, a link to the map, with a note.
 */
export function LocationField({
  state,
  disabled = false,
  compact = false,
}: {
  state: PostLocationState;
  disabled?: boolean;
  /** Toolbar button whose text hides on phones. */
  compact?: boolean;
}) {
  const { location, status, error, locate, clear } = state;

  if (location && status === 'ready') {
    const unnamed = location.locationName === null;
    return (
      <span className="inline-flex max-w-full flex-wrap items-center gap-x-2 gap-y-1">
        <span className="inline-flex h-9 max-w-full min-w-0 items-center gap-1.5 rounded-full bg-brand-50 ps-3 pe-1 text-sm font-medium text-brand-900 ring-1 ring-brand-100">
          <MapPin className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span className="sr-only">{composerStrings.composer.location}:</span>
          {unnamed ? (
            <a
              href={mapLink(location)}
              target="_blank"
              rel="noopener"
              className="truncate underline underline-offset-4"
            >
              {strings.posts.onMap}
            </a>
          ) : (
            <bdi className="truncate">{location.locationName}</bdi>
          )}
          <button
            type="button"
            aria-label={composerStrings.composer.removeLocation}
            title={composerStrings.composer.removeLocation}
            disabled={disabled}
            onClick={clear}
            className="flex size-7 shrink-0 items-center justify-center rounded-full text-brand-700 transition-colors hover:bg-brand-100"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </span>
        {unnamed ? (
          <span role="status" className="text-xs text-amber-800">
            {composerStrings.composer.locationNameNotFound}
          </span>
        ) : null}
      </span>
    );
  }

  const locating = status === 'locating';
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-2 gap-y-1">
      <button
        type="button"
        disabled={disabled || locating}
        aria-busy={locating || undefined}
        title={composerStrings.composer.addLocation}
        onClick={() => void locate()}
        className={cn(
          'inline-flex h-9 items-center gap-1.5 rounded-full px-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-brand-50 hover:text-brand-800 disabled:pointer-events-none disabled:opacity-70',
          !compact && 'ring-1 ring-slate-200 ring-inset',
        )}
      >
        {locating ? (
          <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden="true" />
        ) : (
          <MapPin className="size-5 text-brand-600" aria-hidden="true" />
        )}
        <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>
          {locating ? composerStrings.composer.locating : composerStrings.composer.addLocation}
        </span>
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}
