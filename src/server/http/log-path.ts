/**
 * Paths whose next segment is a secret: whoever holds it may reset a password, read a student's returned feedback,
 * take a shared quiz under the class's names or register an LMS. The request log is read by more people than those
 * links were sent to (an outside audit took a reset token from the log and changed the teacher's password), and the
 * feedback links are kept only as hashes for the same reason.
 */
const secretSegment = /^(\/api\/auth\/reset-password\/|\/feedback\/|\/practice\/|\/api\/shared-practice\/|\/api\/lti\/register\/)[^/]+/;

/** The request's path as the log may hold it: a secret segment is replaced by "[redacted]", the rest kept. */
export function logPathOf(path: string): string {
  return path.replace(secretSegment, "$1[redacted]");
}
