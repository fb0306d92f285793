// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installOfferStore, shouldOfferInstall } from '../install-offer';
import { InstallOffer } from './install-offer';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

/** A store for someone on their second day, to whom the offer is due. */
function dueStore() {
  const local = memoryStorage();
  installOfferStore(local, memoryStorage()).noteVisit(new Date('2026-11-20T10:00:00'));
  const store = installOfferStore(local, memoryStorage());
  store.noteVisit(new Date('2026-11-21T10:00:00'));
  return store;
}

/** The browser's install prompt, answering the way the person chose. */
function installPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  let prompted = 0;
  Object.assign(event, {
    prompt: () => {
      prompted += 1;
      return Promise.resolve();
    },
    userChoice: Promise.resolve({ outcome }),
  });
  return { event, prompted: () => prompted };
}

afterEach(cleanup);

describe('the install offer', () => {
  it('stays hidden until the browser offers installing, then shows the card and holds the mini bar back', async () => {
    const store = dueStore();
    render(<InstallOffer store={store} held={null} />);
    expect(screen.queryByRole('region')).toBeNull();

    const { event } = installPrompt('dismissed');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByRole('region', { name: 'ثبّت رأي على جهازك' })).toBeTruthy();
  });

  it('shows nothing to someone on a first visit, even with the browser ready to install', () => {
    const store = installOfferStore(memoryStorage(), memoryStorage());
    store.noteVisit();
    render(<InstallOffer store={store} held={installPrompt('accepted').event} />);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('opens the browser prompt on «تثبيت» and never offers again after it', async () => {
    const store = dueStore();
    const prompt = installPrompt('accepted');
    render(<InstallOffer store={store} held={prompt.event} />);
    fireEvent.click(await screen.findByRole('button', { name: 'تثبيت' }));
    expect(prompt.prompted()).toBe(1);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('region')).toBeNull();
    expect(store.read().settled).toBe('installed');
  });

  it('remembers «ليس الآن» and the close button as a dismissal', async () => {
    for (const name of ['ليس الآن', 'إغلاق']) {
      const store = dueStore();
      const { unmount } = render(<InstallOffer store={store} held={installPrompt('accepted').event} />);
      fireEvent.click(await screen.findByRole('button', { name }));
      expect(screen.queryByRole('region')).toBeNull();
      expect(store.read().settled).toBe('dismissed');
      expect(shouldOfferInstall(store.read())).toBe(false);
      unmount();
    }
  });
});
