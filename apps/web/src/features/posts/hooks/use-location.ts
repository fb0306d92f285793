import { GEOLOCATION_MAX_AGE_MS, GEOLOCATION_TIMEOUT_MS } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reverseGeocode } from '../api/reverse-geocode';
import type { PostLocation } from '../utils/compose';
import { coarse, geolocationErrorMessage } from '../utils/geolocation';

export type LocationStatus = 'idle' | 'locating' | 'ready' | 'error';

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      timeout: GEOLOCATION_TIMEOUT_MS,
      maximumAge: GEOLOCATION_MAX_AGE_MS,
    });
  });
}

const isPositionError = (error: unknown): error is GeolocationPositionError =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number';

/**
 * The location attached to a post: the browser's position (10 s timeout, positions up to 5 minutes old, high
 * accuracy), then a place name from `/api/geo/reverse`. A place that cannot be named still keeps its
 * coordinates, so the post can be sent without a name.
 */
export function usePostLocation(initial: PostLocation | null = null) {
  const [location, setLocation] = useState<PostLocation | null>(initial);
  const [status, setStatus] = useState<LocationStatus>(initial ? 'ready' : 'idle');
  const [error, setError] = useState<string | null>(null);
  // A newer request (or clearing) makes the answer of an older one irrelevant.
  const request = useRef(0);
  const abort = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      abort.current?.abort();
    },
    [],
  );

  const locate = useCallback(async () => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setStatus('error');
      setError(msg.locationUnsupported);
      return;
    }
    const id = ++request.current;
    abort.current?.abort();
    setStatus('locating');
    setError(null);
    let coordinates: { latitude: number; longitude: number };
    try {
      const position = await currentPosition();
      coordinates = {
        latitude: coarse(position.coords.latitude),
        longitude: coarse(position.coords.longitude),
      };
    } catch (caught) {
      if (id !== request.current) return;
      setStatus('error');
      setError(geolocationErrorMessage(isPositionError(caught) ? caught.code : null));
      return;
    }
    if (id !== request.current) return;
    const controller = new AbortController();
    abort.current = controller;
    let locationName: string | null = null;
    try {
      locationName =
        (await reverseGeocode(coordinates.latitude, coordinates.longitude, controller.signal)).trim() || null;
    } catch {
      // No name (service down, nothing there): the coordinates alone still go with the post.
    }
    if (id !== request.current) return;
    setLocation({ ...coordinates, locationName });
    setStatus('ready');
  }, []);

  const clear = useCallback(() => {
    request.current += 1;
    abort.current?.abort();
    setLocation(null);
    setStatus('idle');
    setError(null);
  }, []);

  return { location, status, error, locate, clear };
}

export type PostLocationState = ReturnType<typeof usePostLocation>;
