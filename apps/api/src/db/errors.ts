/**
 * True when a query failed on a unique constraint (SQLSTATE 23505). drizzle wraps the driver's
 * error in its own, and PGlite and node-postgres both set `code`, so the chain is walked.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, constraint: name, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
    current = cause;
  }
  return false;
}
