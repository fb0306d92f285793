import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus series of one app, served at /metrics (plugins/metrics.ts). They live in a registry of their
 * own rather than prom-client's global one, so that several apps in one process (the tests) never clash over a
 * series name. Counters and histograms are moved by the code that does the work; gauges are read when scraped.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the arrival of a request to its answer, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly shed = new Counter({
    name: 'http_requests_shed_total',
    help: 'Requests refused with 503 before any work, because too many were in flight or the instance was draining',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly notificationsDelivered = new Counter({
    name: 'notifications_delivered_total',
    help: 'Notifications pushed to the sockets of their recipients',
    registers: [this.registry],
  });

  readonly pushMessages = new Counter({
    name: 'push_messages_total',
    help: 'Web Push messages by outcome: sent, gone (subscription ended), failed, refused (origin not allowed), dropped',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'periodic_job_duration_seconds',
    help: 'Duration of each run of a periodic job, by job and outcome (done, failed, skipped)',
    labelNames: ['job', 'outcome'] as const,
    // Jobs range from a lock that is already taken (a millisecond) to a sweep over a large table (minutes).
    buckets: [0.005, 0.05, 0.25, 1, 5, 15, 60, 300],
    registers: [this.registry],
  });

  constructor(options: { processMetrics: boolean }) {
    // Memory, CPU, event loop delay and garbage collection: worth their small cost only when someone scrapes.
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge whose value is read at each scrape. */
  gauge(name: string, help: string, read: () => number) {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** A gauge with one series per label value, read at each scrape; a value left out has no series. */
  labelledGauge(
    name: string,
    help: string,
    label: string,
    read: () => Promise<Record<string, number | undefined>>,
  ) {
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [this.registry],
      async collect() {
        const values = await read();
        this.reset();
        for (const [key, value] of Object.entries(values))
          if (value !== undefined) this.set({ [label]: key }, value);
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
