/**
 * A random id of 128 bits, as 32 hex digits. Not `crypto.randomUUID`: browsers give that only to secure pages
 * (HTTPS or localhost), and a school may serve Markwise over plain HTTP on its own network, where a student's quiz
 * page crashed on it. `getRandomValues` is there on every page.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
