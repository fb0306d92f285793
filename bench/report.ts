/** Turns the measurements into the printed table, the target checks and the results file. */
import type { LoadResult } from './load';
import type { Scenario } from './scenarios';

export interface Measured {
  scenario: Scenario;
  result: LoadResult;
}

export interface TargetCheck {
  target: string;
  figure: string;
  goal: string;
  pass: boolean;
}

export function markdownTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, index) =>
    Math.max(header.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

const fixed = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ratio = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '—');

export function scenarioTable(measured: Measured[], raw: LoadResult): string {
  const rows = measured.map(({ scenario, result }) => [
    scenario.label,
    fixed(result.requestsPerSecond),
    fixed(result.p50),
    fixed(result.p99),
    fixed(result.errors),
    fixed(result.non2xx),
    scenario.server === 'app' ? ratio(result.requestsPerSecond / raw.requestsPerSecond) : '—',
    scenario.server === 'app' ? ratio(result.p99 / raw.p99) : '—',
    result.peakRssMb === null ? '—' : fixed(result.peakRssMb),
  ]);
  return markdownTable(
    [
      'scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'non-2xx',
      'req/s ÷ raw',
      'p99 ÷ raw',
      'peak RSS MiB',
    ],
    rows,
  );
}

export function evaluateTargets(byKey: Map<string, LoadResult>, measured: Measured[]): TargetCheck[] {
  const get = (key: string) => {
    const result = byKey.get(key);
    if (!result) throw new Error(`scenario ${key} was not measured`);
    return result;
  };
  const raw = get('raw');
  const checks: TargetCheck[] = [];
  const throughput = (key: string, target: string, minimum: number, base = raw, baseName = 'raw') => {
    if (!byKey.has(key)) return;
    const value = get(key).requestsPerSecond / base.requestsPerSecond;
    checks.push({
      target,
      figure: `${ratio(value)} × ${baseName} req/s`,
      goal: `≥ ${minimum}`,
      pass: value >= minimum,
    });
  };
  throughput('feed', 'feed page 1, visitor', 2);
  throughput('feedSignedIn', 'feed page 1, signed in', 0.7);
  if (byKey.has('feed'))
    throughput(
      'feedRevalidated',
      'feed page 1 revalidated (304) vs its full answer',
      3,
      get('feed'),
      'full answer',
    );
  throughput('pageHome', 'server-rendered home page, visitor', 1);
  throughput('pagePost', 'server-rendered post page, visitor', 1);
  if (byKey.has('feedSignedIn'))
    throughput(
      'feedFollowing',
      'following feed vs the signed-in feed',
      0.8,
      get('feedSignedIn'),
      'signed-in feed',
    );
  throughput('detail', 'post detail, visitor', 2);
  if (byKey.has('feedDeep') && byKey.has('feed')) {
    const deep = get('feedDeep').p50 / Math.max(get('feed').p50, 1);
    checks.push({
      target: 'feed by deep cursor vs page 1 (p50)',
      figure: `${ratio(deep)} × page-1 p50 (${get('feedDeep').p50} vs ${get('feed').p50} ms)`,
      goal: '≤ 1.5',
      pass: deep <= 1.5,
    });
  }
  throughput('vote', 'vote', 0.5);
  throughput('createPost', 'create post', 0.3);
  for (const { scenario, result } of measured) {
    if (scenario.kind !== 'read' || scenario.key === 'overload') continue;
    const value = result.p99 / Math.max(raw.p99, 1);
    checks.push({
      target: `p99 of ${scenario.label}`,
      figure: `${ratio(value)} × raw p99 (${result.p99} ms)`,
      goal: '≤ 3',
      pass: value <= 3,
    });
  }
  if (byKey.has('bare')) throughput('health', 'GET /api/health vs bare node:http', 0.85, get('bare'), 'bare');
  const overload = byKey.get('overload');
  if (overload) {
    checks.push({
      target: 'overload: timeouts',
      figure: String(overload.timeouts),
      goal: '0',
      pass: overload.timeouts === 0,
    });
  }
  for (const { scenario, result } of measured) {
    if (scenario.key === 'overload') continue;
    const unexpected = scenario.revalidates
      ? Object.entries(result.statusCodes).some(([status, count]) => status !== '304' && count > 0)
      : result.non2xx > 0;
    if (unexpected || result.errors > 0)
      checks.push({
        target: `no failed responses: ${scenario.label}`,
        figure: `${result.non2xx} non-2xx, ${result.errors} errors (${JSON.stringify(result.statusCodes)})`,
        goal: '0',
        pass: false,
      });
  }
  return checks;
}

export function targetTable(checks: TargetCheck[]): string {
  return markdownTable(
    ['target', 'measured', 'goal', 'result'],
    checks.map((check) => [check.target, check.figure, check.goal, check.pass ? 'pass' : 'FAIL']),
  );
}
