// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { composerStrings } from '@/i18n/composer.ar';
import { strings } from '@/i18n/strings.ar';
import { jsonResponse, stubServer } from '@/test/hook-harness';
import { usePostLocation } from '../../hooks/use-location';
import { LocationField } from './location-field';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The browser's position, which the test stands in for: a spot in Jeddah, more precise than a post keeps. */
function fakePosition() {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (resolve: PositionCallback) => {
        resolve({ coords: { latitude: 21.54321, longitude: 39.17289 } } as GeolocationPosition);
      },
    },
  });
}

function Field() {
  return <LocationField state={usePostLocation()} />;
}

describe('the place of a new post', () => {
  it('keeps a place the geocoder cannot name, shows it as the post will and says the name was not found', async () => {
    fakePosition();
    const server = stubServer();
    render(<Field />);
    fireEvent.click(screen.getByRole('button', { name: composerStrings.composer.addLocation }));
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    expect(server.requests[0]!.path).toBe('/api/geo/reverse');
    server.answer(
      jsonResponse(503, { success: false, code: 'SERVICE_UNAVAILABLE', message: 'فشل في تحديد الموقع' }),
    );

    const link = await screen.findByRole('link', { name: strings.posts.onMap });
    expect(link.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=21.54&mlon=39.17#map=16/21.54/39.17',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('status').textContent).toBe(composerStrings.composer.locationNameNotFound);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: composerStrings.composer.removeLocation })).toBeTruthy();
  });

  it('shows the name of a place the geocoder knows, without the note', async () => {
    fakePosition();
    const server = stubServer();
    render(<Field />);
    fireEvent.click(screen.getByRole('button', { name: composerStrings.composer.addLocation }));
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    server.answer(jsonResponse(200, { locationName: 'البلد، جدة' }));
    expect(await screen.findByText('البلد، جدة')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('link', { name: strings.posts.onMap })).toBeNull();
  });
});
