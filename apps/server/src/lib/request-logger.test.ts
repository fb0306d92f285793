import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLogger } from './request-logger';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  step?: string;
}

function appLogging(level: string) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  const logger = pino({ level }, stream);
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: requestLogger,
    disableRequestLogging: true,
  });
  app.get('/quiet', () => 'ok');
  app.get('/warns', (request) => {
    request.log.debug('not written at warn');
    request.log.warn({ step: 'one' }, 'first warning');
    request.log.child({ step: 'two' }).warn('from a child');
    return 'ok';
  });
  app.get('/chatty', { logLevel: 'debug' }, (request) => {
    request.log.debug('written: the route asks for debug');
    return 'ok';
  });
  return { app, logger, lines };
}

describe('the logger of a request', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('binds the request id to every line it writes, and writes none below its level', async () => {
    const { app, lines } = appLogging('warn');
    await app.inject({ url: '/warns' });
    expect(lines.map(({ msg, reqId, step }) => ({ msg, reqId, step }))).toEqual([
      { msg: 'first warning', reqId: lines[0]?.reqId, step: 'one' },
      { msg: 'from a child', reqId: lines[0]?.reqId, step: 'two' },
    ]);
    expect(lines[0]?.reqId).toMatch(/^req-/);
    await app.close();
  });

  it('makes no pino child for a request that writes no line', async () => {
    const { app, logger } = appLogging('warn');
    const child = vi.spyOn(logger, 'child');
    await app.inject({ url: '/quiet' });
    expect(child).not.toHaveBeenCalled();
    await app.inject({ url: '/warns' });
    expect(child).toHaveBeenCalledWith({ reqId: expect.stringMatching(/^req-/) as unknown });
    await app.close();
  });

  it("keeps a route's own level", async () => {
    const { app, lines } = appLogging('warn');
    await app.inject({ url: '/chatty' });
    expect(lines.map((line) => [line.msg, typeof line.reqId])).toEqual([
      ['written: the route asks for debug', 'string'],
    ]);
    await app.close();
  });
});
