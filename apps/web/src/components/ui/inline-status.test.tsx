// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INLINE_STATUS_MS, InlineStatus, useInlineStatus } from './inline-status';

function Saver({ message }: { message: string }) {
  const [status, confirm] = useInlineStatus();
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          confirm(message);
        }}
      >
        احفظ
      </button>
      <InlineStatus message={status} />
    </div>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('InlineStatus', () => {
  it('is an empty polite live region until there is something to say', () => {
    render(<Saver message="تم حفظ المنشور" />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
  });

  it('says the confirmation in the region already on the page, without taking the focus', () => {
    render(<Saver message="تم حفظ المنشور" />);
    const region = screen.getByRole('status');
    const button = screen.getByRole('button', { name: 'احفظ' });
    button.focus();
    fireEvent.click(button);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('تم حفظ المنشور');
    expect(document.activeElement).toBe(button);
  });

  it(`clears after ${INLINE_STATUS_MS} ms, and keeps the region for the next time`, () => {
    render(<Saver message="تم التصويت بنجاح" />);
    fireEvent.click(screen.getByRole('button'));
    act(() => {
      vi.advanceTimersByTime(INLINE_STATUS_MS - 100);
    });
    expect(screen.getByRole('status').textContent).toBe('تم التصويت بنجاح');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says the same words again as a new message, with the full time again', () => {
    render(<Saver message="تم تسجيل إعجابك" />);
    fireEvent.click(screen.getByRole('button'));
    const first = screen.getByRole('status').firstElementChild;
    act(() => {
      vi.advanceTimersByTime(INLINE_STATUS_MS - 500);
    });
    fireEvent.click(screen.getByRole('button'));
    const second = screen.getByRole('status').firstElementChild;
    // A new node: screen readers hear it as an addition to the region, not as unchanged text.
    expect(second).not.toBe(first);
    act(() => {
      vi.advanceTimersByTime(INLINE_STATUS_MS - 100);
    });
    expect(screen.getByRole('status').textContent).toBe('تم تسجيل إعجابك');
  });
});
