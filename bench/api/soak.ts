import autocannon from "autocannon";
import { readFileSync } from "node:fs";

/** Resident memory of a process in MB, from /proc. */
export function residentMegabytes(pid: number | undefined): number {
  if (!pid) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN) / 1024;
}

export interface SoakTarget {
  url: string;
  pid: number | undefined;
  cookie: string;
  assignmentId: string;
  submissionId: string;
}

/** Least-squares slope of memory over time, in MB per minute. */
function slopePerMinute(samples: { seconds: number; megabytes: number }[]): number {
  const n = samples.length;
  const meanX = samples.reduce((sum, s) => sum + s.seconds, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + s.megabytes, 0) / n;
  const covariance = samples.reduce((sum, s) => sum + (s.seconds - meanX) * (s.megabytes - meanY), 0);
  const variance = samples.reduce((sum, s) => sum + (s.seconds - meanX) ** 2, 0);
  return variance ? (covariance / variance) * 60 : 0;
}

/**
 * `--soak SECONDS`: mixed reads and writes (an assignment, a submission, the list, the gradebook, and a correction of
 * the student's name, which writes the submission and its audit trail) for that long, resident memory sampled every
 * 5 s. The first minute is warm-up; growth is the trend after it. Memory that keeps growing under a steady load is a
 * leak, whatever its level.
 */
export async function runSoak(target: SoakTarget, seconds: number, connections: number): Promise<void> {
  const headers = { cookie: target.cookie, origin: target.url, "content-type": "application/json" };
  let renames = 0;
  const requests: autocannon.Request[] = [
    { method: "GET" as const, path: `/api/assignments/${target.assignmentId}` },
    { method: "GET" as const, path: `/api/submissions/${target.submissionId}` },
    { method: "GET" as const, path: `/api/assignments/${target.assignmentId}/submissions` },
    { method: "GET" as const, path: `/api/assignments/${target.assignmentId}/gradebook` },
    {
      method: "PATCH" as const,
      path: `/api/submissions/${target.submissionId}`,
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ studentName: `Student ${(renames += 1) % 2 ? "One" : "1"}` }) }),
    },
  ];
  console.log("");
  console.log(`Soak: ${seconds} s of mixed reads and writes (4 reads, 1 write), ${connections} connections; resident memory every 5 s`);
  const started = Date.now();
  const samples: { seconds: number; megabytes: number }[] = [];
  const sampler = setInterval(() => samples.push({ seconds: (Date.now() - started) / 1000, megabytes: residentMegabytes(target.pid) }), 5_000);
  const result = await autocannon({ url: target.url, connections, duration: seconds, headers, requests });
  clearInterval(sampler);
  const afterWarmUp = samples.filter((sample) => sample.seconds > 60);
  const perMinute = new Map<number, number[]>();
  for (const sample of samples) perMinute.set(Math.floor(sample.seconds / 60), [...(perMinute.get(Math.floor(sample.seconds / 60)) ?? []), sample.megabytes]);
  const line = [...perMinute].map(([minute, values]) => `min ${minute + 1}: ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(0)} MB`).join(", ");
  console.log(`  requests: ${result.requests.total} (${result.requests.average.toFixed(0)}/s), errors ${result.errors + result.non2xx}`);
  console.log(`  resident memory by minute: ${line}`);
  if (afterWarmUp.length < 3) {
    console.log("  (soak shorter than 75 s: no trend after the first minute's warm-up)");
    return;
  }
  const slope = slopePerMinute(afterWarmUp);
  const first = afterWarmUp[0]!.megabytes;
  const last = afterWarmUp.at(-1)!.megabytes;
  console.log(`  after the first minute: ${first.toFixed(0)} -> ${last.toFixed(0)} MB, trend ${slope >= 0 ? "+" : ""}${slope.toFixed(1)} MB/min`);
  const grows = slope > 2 && last - first > 20;
  console.log(`  ${grows ? "FAIL" : "PASS"}  no memory growth under a steady load (trend <= 2 MB/min, or under 20 MB in all)`);
}
