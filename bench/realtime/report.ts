/** Figures of the run: latency statistics, the printed tables and the target checks. */
import { isCreated, type SentComment } from './delivery';

export interface DeliveryStats {
  sent: number;
  created: number;
  delivered: number;
  /** Write-to-delivery times in ms (request about to be sent → notification on the owner's socket). */
  median: number;
  p99: number;
  max: number;
  /** Write-to-answer times in ms (request about to be sent → HTTP answer read), for comparison. */
  httpMedian: number;
  httpP99: number;
}

export interface TargetCheck {
  target: string;
  figure: string;
  pass: boolean;
}

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function deliveryStats(comments: SentComment[]): DeliveryStats {
  const created = comments.filter(isCreated);
  const latencies = created
    .filter((comment) => comment.deliveredAt !== null)
    .map((comment) => comment.deliveredAt! - comment.sentAt)
    .sort((a, b) => a - b);
  const answers = created.map((comment) => comment.answeredAt! - comment.sentAt).sort((a, b) => a - b);
  return {
    sent: comments.length,
    created: created.length,
    delivered: latencies.length,
    median: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    httpMedian: percentile(answers, 50),
    httpP99: percentile(answers, 99),
  };
}

export function markdownTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, index) =>
    Math.max(header.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
export const ratio = (part: number, whole: number) => (whole === 0 ? '—' : (part / whole).toFixed(2));

export function deliveryTable(
  rows: { phase: string; sockets: number; stats: DeliveryStats; load: number }[],
): string {
  return markdownTable(
    [
      'phase',
      'sockets',
      'comments sent',
      'non-2xx',
      'delivered / sent',
      'median ms',
      'p99 ms',
      'max ms',
      'HTTP answer median / p99 ms',
      'load (1 min)',
    ],
    rows.map(({ phase, sockets, stats, load }) => [
      phase,
      sockets.toLocaleString('en'),
      stats.sent.toLocaleString('en'),
      String(stats.sent - stats.created),
      `${stats.delivered}/${stats.sent} = ${ratio(stats.delivered, stats.sent)}`,
      ms(stats.median),
      ms(stats.p99),
      ms(stats.max),
      `${ms(stats.httpMedian)} / ${ms(stats.httpP99)}`,
      load.toFixed(2),
    ]),
  );
}

export function targetTable(checks: TargetCheck[]): string {
  return markdownTable(
    ['target', 'measured', 'result'],
    checks.map((check) => [check.target, check.figure, check.pass ? 'pass' : 'MISS']),
  );
}
