/** Rubric weights are whole percentages that must add up to exactly 100. */
export function sumWeights(weights: Record<string, number>): number {
  return Object.values(weights).reduce((total, weight) => total + weight, 0);
}

export function describeWeightsProblem(weights: Record<string, number>): string | undefined {
  const entries = Object.entries(weights);
  if (entries.length === 0) return "Add at least one rubric weight.";
  const bad = entries.find(([, weight]) => !Number.isInteger(weight) || weight < 0 || weight > 100);
  if (bad) return `The weight for ${bad[0]} must be a whole number from 0 to 100.`;
  const total = sumWeights(weights);
  if (total !== 100) return `Weights add up to ${total}%; they must add up to exactly 100%.`;
  return undefined;
}
