/**
 * A candidate for "which essays the teacher should grade first": one from each of k equal slices of the class ordered
 * by the grader's uncalibrated prediction, so the samples spread across the predicted range. `pick` chooses within a
 * slice (its middle by default). Measured against random samples (`--samples chosen`): no better on ASAP (k=5 0.714
 * against 0.718, k=10 0.722 against 0.723), so the product does not propose samples this way; kept here to compare
 * the next candidate against.
 */
export function chooseSamplesToGrade(predictions: number[], k: number, pick: (size: number) => number = (size) => Math.floor(size / 2)): number[] {
  const order = predictions.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value || a.index - b.index);
  const count = Math.min(k, order.length);
  const chosen: number[] = [];
  for (let slice = 0; slice < count; slice++) {
    const from = Math.floor((slice * order.length) / count);
    const to = Math.floor(((slice + 1) * order.length) / count);
    chosen.push(order[from + Math.min(to - from - 1, Math.max(0, pick(to - from)))]!.index);
  }
  return chosen.sort((a, b) => a - b);
}
