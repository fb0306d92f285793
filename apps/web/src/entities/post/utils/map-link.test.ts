import { describe, expect, it } from 'vitest';
import { mapLink } from './map-link';

describe('the map link of a post', () => {
  it('marks and centres the stored coordinates on OpenStreetMap', () => {
    expect(mapLink({ latitude: 24.71, longitude: 46.68 })).toBe(
      'https://www.openstreetmap.org/?mlat=24.71&mlon=46.68#map=16/24.71/46.68',
    );
  });

  it('keeps the sign of places west and south', () => {
    expect(mapLink({ latitude: -33.87, longitude: -70.6 })).toBe(
      'https://www.openstreetmap.org/?mlat=-33.87&mlon=-70.6#map=16/-33.87/-70.6',
    );
  });

  it('is nothing without both coordinates', () => {
    expect(mapLink({ latitude: null, longitude: null })).toBeUndefined();
    expect(mapLink({ latitude: 24.71, longitude: null })).toBeUndefined();
  });
});
