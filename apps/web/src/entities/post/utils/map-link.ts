/**
 * The stored place of a post on OpenStreetMap, marked and centred. The coordinates arrive already rounded by the
 * server (about a kilometre), so the link shows the area, never more than the post itself gives away.
 */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}
