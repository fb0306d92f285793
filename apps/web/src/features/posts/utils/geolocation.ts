import { LOCATION_DECIMALS } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';

/** `GeolocationPositionError` codes. */
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

/** The message for a failed position request (spec section 8). */
export function geolocationErrorMessage(code: number | null): string {
  switch (code) {
    case PERMISSION_DENIED:
      return msg.locationDenied;
    case POSITION_UNAVAILABLE:
      return msg.locationUnavailable;
    case TIMEOUT:
      return msg.locationTimeout;
    default:
      return msg.locationFailed;
  }
}

/** Coordinates are kept to two decimals (about a kilometre): enough to name a place, not to find a home. */
export function coarse(value: number): number {
  const factor = 10 ** LOCATION_DECIMALS;
  return Math.round(value * factor) / factor;
}
