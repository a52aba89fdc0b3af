/**
 * Scores are kept to two decimals, rounded where they enter: a score typed as 1e-320 is 0, not a number that
 * shows as 5e-324 in the gradebook and the CSV.
 */
export function toScore(value: number): number {
  return Math.round(value * 100) / 100 + 0;
}
