/** The error PostgreSQL reported for a statement, found through the wrappers of the driver and Drizzle. */
function databaseError(error: unknown): { code: string; constraint?: unknown } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, severity, constraint } = current as {
      code?: unknown;
      severity?: unknown;
      constraint?: unknown;
    };
    if (typeof code === 'string' && typeof severity === 'string') return { code, constraint };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The constraint a PostgreSQL unique violation (23505) names, if the error is one. */
export function uniqueViolation(error: unknown): string | null {
  const reported = databaseError(error);
  if (reported?.code !== '23505') return null;
  return typeof reported.constraint === 'string' ? reported.constraint : '';
}

export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}

/**
 * The SQLSTATE of an error PostgreSQL reported for a statement, whose transaction then ended without a commit;
 * null for any other failure, such as a lost connection, after which nobody knows whether it committed.
 */
export function sqlState(error: unknown): string | null {
  return databaseError(error)?.code ?? null;
}
