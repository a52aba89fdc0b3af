/**
 * Whether an error, or one it wraps, is a full disk or an exhausted quota: a file write's ENOSPC or EDQUOT, or
 * PostgreSQL's disk_full (SQLSTATE 53100) from the database. Only whoever runs Markwise can mend it, so the answer
 * says so rather than "try again".
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === "ENOSPC" || code === "EDQUOT" || code === "53100") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const diskFullMessage = "The server's disk is full, so this could not be saved. Tell whoever runs Markwise; nothing you had saved before is lost.";
