import { api } from '@/lib/api-client';

/** `GET /api/geo/reverse`: a place name for coordinates (Arabic first); 404 or 503 when there is none. */
export async function reverseGeocode(
  latitude: number,
  longitude: number,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await api.get<{ locationName: string }>('/api/geo/reverse', {
    query: { lat: latitude, lon: longitude },
    ...(signal ? { signal } : {}),
  });
  return answer.locationName;
}
