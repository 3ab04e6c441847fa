/** Whether a database error is PostgreSQL's unique_violation (23505): a concurrent insert won the race. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
}
