/**
 * Why the database of DATABASE_URL could not be used at start, in words an operator can act on, or undefined
 * when the error is not about reaching or entering the database. The first connection may come from the pool or
 * from the start-up lock's own client, and either may wrap the cause, so the whole chain is searched.
 */
function reasonOf(error: unknown, databaseName: string): string | undefined {
  for (const candidate of causes(error)) {
    const { code, message } = candidate as { code?: unknown; message?: unknown };
    switch (code) {
      case 'ECONNREFUSED':
        return 'refused the connection';
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return 'could not be found (no such host name)';
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return 'could not be reached (no route to the host)';
      case 'ETIMEDOUT':
        return 'did not answer in time (timeout)';
      case '28P01':
      case '28000':
        return 'refused the login (authentication failed: check the user name and password)';
      case '3D000':
        return `has no database named "${databaseName}"`;
      case '57P03':
        return 'is still starting up';
      default:
        // pg's own connection timeouts carry no code ("timeout expired", "…due to connection timeout"); an error
        // from the server itself (a statement timeout during migrations) has a SQLSTATE and is something else.
        if (
          !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) &&
          typeof message === 'string' &&
          /timeout|timed out/i.test(message)
        )
          return 'did not answer in time (timeout)';
    }
  }
  return undefined;
}

/** The error, its causes and, for an AggregateError (each address of a host tried in turn), its members. */
function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && found.length < 20) {
    const current = queue.shift();
    if (!current || typeof current !== 'object') continue;
    found.push(current);
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    if (cause) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return found;
}

/** `host:port` and database name of a connection string; the user name and password are left out. */
function target(databaseUrl: string): { address: string; name: string } {
  try {
    const url = new URL(databaseUrl);
    const host = url.searchParams.get('host') ?? (url.hostname || 'localhost');
    const port = url.searchParams.get('port') ?? (url.port || '5432');
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username);
    return { address: `${host}:${port}`, name };
  } catch {
    return { address: 'DATABASE_URL', name: '' };
  }
}

/** One line for standard error, e.g. `Cannot start: database at 127.0.0.1:5433 refused the connection (…)`. */
export function describeDatabaseFailure(error: unknown, databaseUrl: string): string | undefined {
  const { address, name } = target(databaseUrl);
  const reason = reasonOf(error, name);
  return reason ? `Cannot start: database at ${address} ${reason} (DATABASE_URL)` : undefined;
}
