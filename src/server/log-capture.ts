import { Writable } from "node:stream";

/** For tests: a log destination that keeps every line written to it, so a test can read what was logged. */
export function logCapture(): { destination: Writable; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { destination, lines };
}
