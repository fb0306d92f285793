// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { strings } from '@/i18n/strings.ar';
import { toast } from '@/lib/toast';
import { Toaster } from './toaster';

afterEach(() => {
  act(() => {
    for (const item of toast.getToasts()) toast.dismiss(item.id);
  });
  cleanup();
});

describe('Toaster', () => {
  it('replaces the toast on screen with a newer one, announced anew', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('فشل في التصويت');
    });
    const first = await screen.findByRole('alert');
    act(() => {
      toast.error('فشل في العملية');
    });
    const second = await screen.findByText('فشل في العملية');
    expect(screen.queryByText('فشل في التصويت')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // A new element, so that assistive technology reads the newer failure too.
    expect(second.closest('[role="alert"]')).not.toBe(first);
  });

  it('shows only the newest toast, an error as an alert', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('تم نسخ الرابط بنجاح');
      toast.error('فشل في التصويت');
    });
    const shown = await screen.findByRole('alert');
    expect(screen.queryByText('تم نسخ الرابط بنجاح')).toBeNull();
    expect(shown.textContent).toContain('فشل في التصويت');
    expect(document.querySelectorAll('[data-toast]')).toHaveLength(1);
  });

  it('announces a success or notice politely, as a status', async () => {
    render(<Toaster />);
    act(() => {
      toast.info('تنبيه');
    });
    expect((await screen.findByRole('status')).textContent).toContain('تنبيه');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes with its close button', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('فشل في العملية');
    });
    fireEvent.click(await screen.findByRole('button', { name: strings.common.close }));
    expect(screen.queryByText('فشل في العملية')).toBeNull();
    expect(toast.getToasts()).toEqual([]);
  });
});
