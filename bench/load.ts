/** Drives one scenario with autocannon while sampling the server's resident memory. */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses per status code. */
  statusCodes: Record<string, number>;
  /** Highest resident set size of the sampled process during the run, in MiB (null when not sampled). */
  peakRssMb: number | null;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  requests: autocannon.Request[];
  /** Process whose VmRSS is sampled during the run. */
  rssPid?: number | undefined;
}

/** VmRSS of a process in MiB, read from /proc (Linux). */
export function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let peak: number | null = null;
  const sample = () => {
    if (options.rssPid === undefined) return;
    const value = rssMb(options.rssPid);
    if (value !== null) peak = Math.max(peak ?? 0, value);
  };
  const sampler = setInterval(sample, 200);
  try {
    const result = await autocannon({
      url: options.url,
      connections: options.connections,
      duration: options.durationSeconds,
      requests: options.requests,
      timeout: 10,
    });
    sample();
    const statusCodes: Record<string, number> = {};
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
      statusCodes[code] = stat.count ?? 0;
    return {
      requestsPerSecond: result.requests.total / Math.max(result.duration, 0.001),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      total: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCodes,
      peakRssMb: peak,
    };
  } finally {
    clearInterval(sampler);
  }
}
