import { headerPoints } from "./points.js";

/**
 * Rubrics are written both ways: many list their levels best first ("Exemplary (4) … Beginning (1)"), and the
 * teacher's own order is kept wherever the rubric is shown. Everything that reads a level by its position (the
 * grader's high and low descriptor words, the model's "level 1 of 4", practice level cards) wants lowest first, so
 * those readers put the levels in that order here, from what each level says of itself: its points, or its name.
 */

/** Level names by rank, lowest first: only the order of the ranks matters. */
const rankedNames: readonly (readonly [rank: number, names: RegExp])[] = [
  [0, /^(missing|absent|no attempt|not (yet|attempted|evident|met)|non atteint)$/],
  [1, /^(beginning|beginner|emerging|novice|poor|weak|limited|minimal|inadequate|unsatisfactory|insufficient|incomplete|needs (improvement|work)|below( the)?( standards?| expectations?)?|insuficiente|inicial|insuffisant|[àa] am[ée]liorer)$/],
  [2, /^(developing|approaching( the)?( standards?| expectations?)?|basic|fair|partial|adequate|acceptable|satisfactory|suficiente|en desarrollo|en proceso|assez bien|satisfaisant)$/],
  [3, /^(proficient|competent|good|accomplished|secure|meets( the)?( standards?| expectations?)?|bueno|notable|logrado|bien|atteint)$/],
  [4, /^(exemplary|excellent|outstanding|exceptional|distinguished|advanced|strong|very good|mastery|expert|exceeds( the)?( standards?| expectations?)?|above( the)?( standards?| expectations?)?|sobresaliente|excelente|tr[èe]s bien|d[ée]pass[ée])$/],
];
const letterGrades: Record<string, number> = { a: 5, b: 4, c: 3, d: 2, e: 1, f: 1 };

/** The label a level descriptor opens with: "Exemplary (4): …", "13-15 — …", "Level 2 - …"; undefined without one. */
function labelOf(descriptor: string): string | undefined {
  const match = /^\s*([^:–—]{1,40}?)\s*(?::|\s[-–—]\s|[–—])/.exec(descriptor);
  return match?.[1]?.trim() || undefined;
}

/** What a label says of its level: points (or a level number) when it shows any, else the rank of its name. */
function valueOf(label: string): { points?: number; rank?: number } {
  const points = headerPoints(label);
  if (points !== undefined) return { points };
  const name = label
    .replace(/\(.*?\)/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
  const letter = /^([a-f])[+-]?$/.exec(name)?.[1];
  if (letter) return { rank: letterGrades[letter] };
  const ranked = rankedNames.find(([, names]) => names.test(name));
  return ranked ? { rank: ranked[0] } : {};
}

/** True when the values run from high to low (never rising, and the first above the last). */
function descending(values: number[]): boolean {
  if (values.length < 2) return false;
  return values.every((value, index) => index === 0 || value <= values[index - 1]!) && values[0]! > values.at(-1)!;
}

/**
 * The descriptors with their levels lowest first. A level list written best first is reversed; a description before
 * the levels (a table's criterion cell) stays first; a list whose order cannot be read from its labels is unchanged.
 */
export function levelsLowestFirst(descriptors: readonly string[]): string[] {
  const values = descriptors.map((descriptor) => {
    const label = labelOf(descriptor);
    return label ? valueOf(label) : {};
  });
  const firstLevel = values.findIndex((value) => value.points !== undefined || value.rank !== undefined);
  if (firstLevel < 0) return [...descriptors];
  const levels = values.slice(firstLevel);
  const points = levels.flatMap((value) => (value.points === undefined ? [] : [value.points]));
  const ranks = levels.flatMap((value) => (value.rank === undefined ? [] : [value.rank]));
  const bestFirst = points.length >= 2 ? descending(points) : descending(ranks);
  if (!bestFirst) return [...descriptors];
  return [...descriptors.slice(0, firstLevel), ...descriptors.slice(firstLevel).reverse()];
}
