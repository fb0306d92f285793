import { describe, expect, it } from 'vitest';
import { describeDatabaseFailure } from './connection-failure';

const URL_WITH_PASSWORD = 'postgres://ray:s3cret-Pa55@db.internal:5433/ray_prod';

const failure = (fields: Record<string, unknown>, message = 'failure') =>
  Object.assign(new Error(message), fields);

describe('the start-up line for a database that cannot be used', () => {
  it.each([
    ['a refused connection', failure({ code: 'ECONNREFUSED' }), 'refused the connection'],
    ['an unknown host', failure({ code: 'ENOTFOUND' }), 'could not be found'],
    ['a name server that does not answer', failure({ code: 'EAI_AGAIN' }), 'could not be found'],
    ['a wrong password', failure({ code: '28P01' }), 'authentication failed'],
    ['a login the server does not allow', failure({ code: '28000' }), 'authentication failed'],
    ['a missing database', failure({ code: '3D000' }), 'has no database named "ray_prod"'],
    ['a socket timeout', failure({ code: 'ETIMEDOUT' }), 'did not answer in time'],
    ["the driver's connection timeout", new Error('timeout expired'), 'did not answer in time'],
    ["the pool's connection timeout", new Error('timeout exceeded when trying to connect'), 'did not answer'],
  ])('names %s with the host and port, on one line', (_name, error, reason) => {
    const line = describeDatabaseFailure(error, URL_WITH_PASSWORD);
    expect(line).toMatch(/^Cannot start: database at db\.internal:5433 .+ \(DATABASE_URL\)$/);
    expect(line).toContain(reason);
    expect(line).not.toContain('\n');
    expect(line).not.toContain('s3cret-Pa55');
    expect(line).not.toContain('ray:');
  });

  it('finds the cause behind a wrapper and among the addresses tried in turn', () => {
    const tried = new AggregateError([failure({ code: 'ECONNREFUSED' }), failure({ code: 'ECONNREFUSED' })]);
    const wrapped = new Error('Failed query: select pg_advisory_lock(hashtext($1))', { cause: tried });
    expect(describeDatabaseFailure(wrapped, 'postgres://postgres@localhost/ray')).toBe(
      'Cannot start: database at localhost:5432 refused the connection (DATABASE_URL)',
    );
  });

  it('leaves other failures alone, a statement timeout of the server included', () => {
    expect(describeDatabaseFailure(new Error('relation "users" does not exist'), URL_WITH_PASSWORD)).toBe(
      undefined,
    );
    const statementTimeout = failure({ code: '57014' }, 'canceling statement due to statement timeout');
    expect(describeDatabaseFailure(statementTimeout, URL_WITH_PASSWORD)).toBe(undefined);
  });
});
