/** The prior has one model per kind of criterion; a rubric's criteria are mapped to kinds by their wording. */
export const criterionKinds = ["overall", "content", "organization", "language", "fluency", "conventions"] as const;
export type CriterionKind = (typeof criterionKinds)[number];

const cues: Array<[CriterionKind, RegExp]> = [
  ["conventions", /convention|grammar|spelling|mechanic|punctuat|capitali|usage/i],
  ["fluency", /fluen|syntax|sentence/i],
  ["language", /word choice|vocabular|language|style|voice|phraseolog|diction|word/i],
  ["organization", /organi[sz]|structure|cohesi|coheren|narrativ|flow|paragraph|sequenc|transition/i],
  ["content", /content|idea|argument|evidence|develop|adheren|relevan|focus|understand|analys|thesis|support|claim|reason|accura|knowledge|answer|comprehension/i],
];

/** Classifies by the criterion's name first, then by its descriptors; anything unrecognised is graded as a whole. */
export function classifyCriterion(name: string, descriptors: readonly string[] = []): CriterionKind {
  for (const [kind, re] of cues) if (re.test(name)) return kind;
  const described = descriptors.join(" ");
  let best: CriterionKind = "overall";
  let bestHits = 0;
  for (const [kind, re] of cues) {
    const hits = described.match(new RegExp(re.source, "gi"))?.length ?? 0;
    if (hits > bestHits) {
      best = kind;
      bestHits = hits;
    }
  }
  return best;
}

/**
 * What a conventions criterion's name makes it about: spelling alone ("Spelling"), the rest of conventions without
 * spelling ("Grammar and punctuation", "Capitalization"), grammar alone ("Grammar", "Usage"), or all of it ("Conventions", "Mechanics", "Spelling and
 * grammar"). A rubric that scores spelling and grammar apart wants each comment under the criterion whose evidence it
 * is: "correct 'becuase'" under Grammar repeated the Spelling comment and said nothing of the grammar.
 */
export type ConventionsFocus = "spelling" | "grammar" | "not-spelling" | "all";

export function conventionsFocus(name: string): ConventionsFocus {
  const spelling = /spell/i.test(name);
  const everything = /convention|mechanic/i.test(name);
  const mechanics = /punctuat|capitali/i.test(name);
  const grammar = /grammar|usage/i.test(name);
  if (spelling && !everything && !mechanics && !grammar) return "spelling";
  // Grammar alone (ELLIPSE scores it apart from Conventions): its comments are about verbs and sentences, not the
  // capitals and commas every one of them named.
  if (grammar && !everything && !mechanics && !spelling) return "grammar";
  if ((mechanics || grammar) && !everything && !spelling) return "not-spelling";
  return "all";
}

export function isConventionsKind(kind: CriterionKind): boolean {
  return kind === "conventions" || kind === "fluency";
}

/** A criterion that asks whether answers, calculations or facts are right: "Correct Answers", "Accuracy", "Calculations". */
const correctnessName = /\b(?:correct(?:ness)?|accura(?:cy|te)|calculations?|computations?)\b/i;
/** Correct spelling, accurate citations, "Problem and Solution": how the work is written, which the grader reads. */
const writingName = /citation|source|mla|apa|format/i;
const correctnessDescriptor = /\b(?:correct (?:answers?|calculations?|units|solutions?|results?)|calculations? (?:is|are) correct|answers? (?:is|are) correct)\b/i;

/**
 * Whether the criterion asks if the work is right, which the built-in grader cannot judge: it reads how the work is
 * written, not whether 12 m/s² is the answer (an outside audit saw wrong physics scored 19 of 20, and a biography of
 * Newton given full marks for "Correct Answers").
 */
export function asksForCorrectness(name: string, descriptors: readonly string[] = []): boolean {
  const kind = classifyCriterion(name, descriptors);
  if (isConventionsKind(kind) || kind === "language" || writingName.test(name)) return false;
  return correctnessName.test(name) || descriptors.some((line) => correctnessDescriptor.test(line));
}

/** The rubric's criteria that ask whether the work is right (`asksForCorrectness`). */
export function correctnessCriteria<T extends { name: string; descriptors?: readonly string[] }>(criteria: readonly T[]): T[] {
  return criteria.filter((criterion) => asksForCorrectness(criterion.name, criterion.descriptors ?? []));
}
