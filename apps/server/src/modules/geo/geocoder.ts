import { LOCATION_DECIMALS } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { AppError } from '../../lib/app-error';

const TIMEOUT_MS = 5_000;
const CACHE_MAX = 5_000;
const CACHE_MS = 24 * 3600_000;

interface NominatimAnswer {
  name?: string;
  display_name?: string;
  address?: Record<string, string | undefined>;
}

/** The most useful short name of a place: neighbourhood and city when known, else the full label. */
function placeName(answer: NominatimAnswer): string | null {
  const a = answer.address ?? {};
  const local = a.neighbourhood ?? a.suburb ?? a.quarter ?? a.village ?? a.town;
  const city = a.city ?? a.town ?? a.state;
  const parts = [local, city].filter(
    (part, index, all): part is string => Boolean(part) && all.indexOf(part) === index,
  );
  if (parts.length > 0) return parts.join(serverMsg.placeSeparator);
  return answer.name ?? answer.display_name ?? null;
}

/**
 * Reverse geocoding through a Nominatim-compatible service, Arabic first then English. Answers are cached by
 * rounded coordinates, so a busy area costs one call a day and the service's usage policy is respected.
 */
export class Geocoder {
  private readonly cache = new Map<string, { name: string; until: number }>();

  constructor(
    private readonly baseUrl: string,
    private readonly userAgent: string,
  ) {}

  async reverse(lat: number, lon: number): Promise<string> {
    const factor = 10 ** LOCATION_DECIMALS;
    const key = `${Math.round(lat * factor)}:${Math.round(lon * factor)}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached.name;

    const name = (await this.lookup(lat, lon, 'ar')) ?? (await this.lookup(lat, lon, 'en'));
    if (!name) throw new AppError('NOT_FOUND', { message: msg.locationUnavailable });
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { name, until: Date.now() + CACHE_MS });
    return name;
  }

  private async lookup(lat: number, lon: number, language: string): Promise<string | null> {
    const url = new URL('/reverse', this.baseUrl);
    url.search = new URLSearchParams({
      format: 'jsonv2',
      lat: String(lat),
      lon: String(lon),
      zoom: '14',
      'accept-language': language,
    }).toString();
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'user-agent': this.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: timedOut ? msg.locationTimeout : msg.locationFailed,
      });
    }
    if (!response.ok) throw new AppError('SERVICE_UNAVAILABLE', { message: msg.locationFailed });
    const answer = (await response.json().catch(() => ({}))) as NominatimAnswer;
    return placeName(answer);
  }
}
