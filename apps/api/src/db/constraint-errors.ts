/** Recognises constraint violations of either dialect, so a lost race answers 409 instead of 500. */
function codeOf(err: unknown): unknown {
  return err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
}

/** A UNIQUE (or primary key) constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A FOREIGN KEY constraint violation (a parent row is missing, or a restricted parent still has children). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
