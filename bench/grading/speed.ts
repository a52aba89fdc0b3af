import { createCachedSpellChecker, gradeWithAssignment, prepareAssignment, type SpellChecker } from "../../src/core/grading/index.js";
import type { BenchSet } from "./datasets.js";

export interface SpeedResult {
  essays: number;
  seconds: number;
  essaysPerSecond: number;
  meanWords: number;
  /** CPU seconds of this thread per round; the first starts with an empty spelling cache, the median is reported. */
  rounds: number[];
  coldEssaysPerSecond: number;
  /** Wall-clock rate of the median round; lower than the CPU rate when other processes share the machine. */
  wallEssaysPerSecond: number;
}

/**
 * Full grading (analysis, scores, quotes, feedback) of the first essays of each set, on this one thread.
 * Each set is prepared once with two samples, as the submissions queue does.
 */
export function measureSpeed(sets: BenchSet[], dictionary: SpellChecker, perSet = 300, rounds = 3): SpeedResult {
  const spell = createCachedSpellChecker(dictionary);
  const jobs = sets.map((set) => ({
    prepared: prepareAssignment({ ...set.input, samples: set.essays.slice(0, 2).map((e) => e.sample) }, { spellChecker: spell }),
    texts: set.essays.slice(2, 2 + perSet).map((e) => e.sample.text),
  }));
  const essays = jobs.reduce((s, j) => s + j.texts.length, 0);
  const words = jobs.reduce((s, j) => s + j.texts.reduce((t, x) => t + x.split(/\s+/).length, 0), 0);
  // CPU time, not wall time: the rate on one core should not depend on what else the machine is running.
  const times: number[] = [];
  const walls: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const wall = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    for (const job of jobs) for (const text of job.texts) gradeWithAssignment(job.prepared, text);
    const used = process.cpuUsage(cpu);
    times.push((used.user + used.system) / 1e6);
    walls.push(Number(process.hrtime.bigint() - wall) / 1e9);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const wallMedian = [...walls].sort((a, b) => a - b)[Math.floor(walls.length / 2)]!;
  return {
    essays,
    seconds: median,
    essaysPerSecond: essays / median,
    meanWords: words / Math.max(1, essays),
    rounds: times,
    coldEssaysPerSecond: essays / times[0]!,
    wallEssaysPerSecond: essays / wallMedian,
  };
}
