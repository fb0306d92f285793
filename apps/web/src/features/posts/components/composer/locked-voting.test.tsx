// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LockedVoting } from './locked-voting';

const NOW = Date.parse('2026-11-26T09:00:00.000Z');
const options = JSON.stringify(['قهوة', 'شاي']);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function endLine(pollClosesAt: string | null) {
  vi.useFakeTimers({ now: NOW });
  render(<LockedVoting id="p" post={{ votingType: 'poll', pollOptions: options, pollClosesAt }} />);
  return screen.getByTestId('locked-poll-end').textContent;
}

describe('the editor of a published poll', () => {
  it('shows when the poll ends and the time left', () => {
    expect(endLine('2026-11-26T12:00:00.000Z')).toMatch(/^ينتهي الاستطلاع .+ \(يتبقى 3 ساعات\)$/);
  });

  it('shows that an ended poll has final results', () => {
    expect(endLine('2026-11-26T08:00:00.000Z')).toMatch(/^انتهى الاستطلاع .+، ونتائجه نهائية$/);
  });

  it('says an open poll has no end, and shows no end for other voting types', () => {
    expect(endLine(null)).toBe('الاستطلاع مفتوح بلا نهاية');
    cleanup();
    render(<LockedVoting id="q" post={{ votingType: 'rating', pollOptions: null, pollClosesAt: null }} />);
    expect(screen.queryByTestId('locked-poll-end')).toBeNull();
  });
});
