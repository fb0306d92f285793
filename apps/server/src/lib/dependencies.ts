import type { FastifyBaseLogger } from 'fastify';

export type DependencyState = 'up' | 'down';

export interface DependencyStates {
  database: DependencyState;
  /** `off` when REDIS_URL is not set: this instance works alone. */
  redis: DependencyState | 'off';
  storage: DependencyState;
}

/** Each check gives up after this long, so that a hung dependency cannot hold a load balancer's probe. */
const CHECK_TIMEOUT_MS = 1_500;
/** A load balancer polls every second or so from several places; one check a second answers them all. */
const CACHE_MS = 1_000;

function bounded(check: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`));
      }, CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * The state of what the instance shares with the others (database, Redis, file storage), for /api/ready and
 * /metrics. Checked at most once a second and each check bounded in time. A change of the database's or the
 * storage's state is logged once; Redis is watched and logged by RedisMonitor.
 */
export class Dependencies {
  private latest: { at: number; states: DependencyStates } | undefined;
  private inFlight: Promise<DependencyStates> | undefined;
  private readonly known = new Map<'database' | 'storage', DependencyState>();

  constructor(
    private readonly deps: {
      database: () => Promise<void>;
      storage: () => Promise<void>;
      redis: { readonly up: boolean } | undefined;
      logger: FastifyBaseLogger;
    },
  ) {}

  states(): Promise<DependencyStates> {
    if (this.latest && Date.now() - this.latest.at < CACHE_MS) return Promise.resolve(this.latest.states);
    this.inFlight ??= this.check().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async check(): Promise<DependencyStates> {
    const [database, storage] = await Promise.all([
      this.probe('database', this.deps.database),
      this.probe('storage', this.deps.storage),
    ]);
    const redis = this.deps.redis ? (this.deps.redis.up ? 'up' : 'down') : 'off';
    const states = { database, redis, storage } satisfies DependencyStates;
    this.latest = { at: Date.now(), states };
    return states;
  }

  private async probe(name: 'database' | 'storage', check: () => Promise<void>): Promise<DependencyState> {
    let state: DependencyState = 'up';
    let failure: unknown;
    try {
      await bounded(check);
    } catch (error) {
      state = 'down';
      failure = error;
    }
    const previous = this.known.get(name);
    this.known.set(name, state);
    if (state === 'down' && previous !== 'down')
      this.deps.logger.warn({ err: failure, dependency: name }, `${name} unavailable`);
    else if (state === 'up' && previous === 'down')
      this.deps.logger.info({ dependency: name }, `${name} available again`);
    return state;
  }
}
