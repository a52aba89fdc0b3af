import { clamp } from "./text.js";

/**
 * Where a grade (a fraction of the scale) becomes a level. Plain rounding with the ends clamped lifts a class's mean
 * grade whenever the calibration puts part of the class below the bottom of the scale: every such essay is counted
 * at the bottom level instead of below it, and nothing comes off the others. On short answers where four of five
 * students score 0 (ASAP-SAS sets 5 and 6) that put the class mean 8% of the scale above the teacher's.
 *
 * The bottom cut moves the boundary between the bottom level and the next up (as a fraction of the scale), so the
 * borderline essays take the bottom level, until the class's mean level has given back what the clamp added. Only
 * essays at that one boundary change. The top end is left clamped: there the grades' spread (1/correlation) runs
 * past the scale, and giving that back made ASAP set 3 more lenient (bias +1.3% -> +3.5% of the scale at k=2).
 */
export function levelFraction(grade: number, stepFraction: number, bottomCut = 0): number {
  if (stepFraction <= 0) return clamp(grade, 0, 1);
  if (grade < stepFraction / 2 + bottomCut) return 0;
  return clamp(Math.round(grade / stepFraction) * stepFraction, 0, 1);
}

const meanOf = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The bottom cut for a class's grades (unclamped fractions of the scale). It never reaches the next boundary (at most
 * 90% of a level), so no level disappears.
 */
export function bottomCutFor(grades: number[], stepFraction: number): number {
  if (grades.length === 0 || stepFraction <= 0) return 0;
  const lift = meanOf(grades.map((g) => Math.max(0, -g)));
  if (lift === 0) return 0;
  const levelMean = (cut: number) => meanOf(grades.map((g) => levelFraction(g, stepFraction, cut)));
  const target = levelMean(0) - lift;
  // The mean level falls step by step as the cut grows: bisect for where it crosses the target.
  let below = 0;
  let above = 0.9 * stepFraction;
  if (levelMean(above) >= target) return above;
  for (let i = 0; i < 30; i++) {
    const mid = (below + above) / 2;
    if (levelMean(mid) < target) above = mid;
    else below = mid;
  }
  // Of the two cuts either side of the crossing, keep the one whose mean lands nearer the target.
  return Math.abs(levelMean(below) - target) <= Math.abs(levelMean(above) - target) ? below : above;
}
