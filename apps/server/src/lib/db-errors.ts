/** The constraint a PostgreSQL unique violation (23505) names, if the error is one. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}

/**
 * The SQLSTATE of an error PostgreSQL reported for a statement (through the wrappers of the driver and Drizzle),
 * whose transaction then ended without a commit; null for any other failure, such as a lost connection, after
 * which nobody knows whether it committed.
 */
export function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
