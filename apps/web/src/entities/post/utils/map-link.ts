/**
 * The stored place of a post on OpenStreetMap, marked and centred, or nothing without coordinates. They arrive
 * already rounded by the server (about a kilometre), so the link shows the area, never more than the post gives.
 */
export function mapLink(place: { latitude: number | null; longitude: number | null }): string | undefined {
  const { latitude, longitude } = place;
  if (latitude === null || longitude === null) return undefined;
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}
