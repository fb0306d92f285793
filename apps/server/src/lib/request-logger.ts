import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

/**
 * A request's logger, whose pino child (the app's logger with the request id bound) is made at its first line.
 * Fastify would make one for every request, a good part of what a cached answer costs; at the levels a busy
 * instance runs at, most requests write no line at all.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  private get logger(): Logger {
    this.made ??= this.parent.child(this.bindings);
    return this.made;
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  private write(level: Level, args: unknown[]) {
    if (!(this.made ?? this.parent).isLevelEnabled(level)) return;
    this.logger[level](...(args as Parameters<Logger['info']>));
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }

  error(...args: unknown[]) {
    this.write('error', args);
  }

  warn(...args: unknown[]) {
    this.write('warn', args);
  }

  info(...args: unknown[]) {
    this.write('info', args);
  }

  debug(...args: unknown[]) {
    this.write('debug', args);
  }

  trace(...args: unknown[]) {
    this.write('trace', args);
  }

  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

const isPino = (logger: FastifyBaseLogger): logger is FastifyBaseLogger & Logger =>
  'isLevelEnabled' in logger;

/**
 * Fastify's `childLoggerFactory`: the request's logger made on first use, unless the route asks for a level or
 * serializers of its own, which its child then carries from the start.
 */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (!isPino(parent) || options.level !== undefined || options.serializers !== undefined)
    return parent.child(bindings, options);
  return new RequestLogger(parent, bindings);
}
