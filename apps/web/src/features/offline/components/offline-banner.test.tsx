// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the offline banner', () => {
  it('says «غير متصل» in a status region while the connection is gone, and goes away when it is back', () => {
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    goOffline(true);
    expect(region.textContent).toContain('غير متصل');
    expect(region.textContent).toContain('الصفحات التي قرأتها مؤخرًا');

    goOffline(false);
    expect(region.textContent).toBe('');
  });

  it('shows at once on a page opened without a connection', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toContain('غير متصل');
  });
});
