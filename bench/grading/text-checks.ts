import { analyzeForAssignment, prepareAssignment, prepareForClass, type SpellChecker } from "../../src/core/grading/index.js";
import { concernsFor, wordsForTopicChecks, type TextConcernKind } from "../../src/core/grading/text-checks.js";
import type { BenchSet } from "./datasets.js";
import type { PreparedBench } from "./evaluate.js";
import { createRandom, drawIndices } from "./random.js";

/**
 * How often the text checks (src/core/grading/text-checks.ts) send a real answer to review, and how often they catch
 * an answer to another prompt slipped into a class. Each draw is a class of `classSize` answers of one set plus
 * `strays` answers of other prompts (a teacher's upload with a wrong file in it), checked as the grading worker checks
 * them: each text against the rest of its class.
 */
export interface TextChecksOptions {
  draws: number;
  seed: number;
  spell: SpellChecker;
  classSize?: number;
  strays?: number;
}

interface Tally {
  answers: number;
  flagged: Record<TextConcernKind, number>;
  doubted: number;
  /** Sum of the teacher's score (as a fraction of the scale) over answers any check flagged, and their count. */
  flaggedScore: number;
  anyFlagged: number;
  strays: number;
  straysDoubted: number;
  /** Strays long enough for the topic check (wordsForTopicChecks). */
  longStrays: number;
  longStraysDoubted: number;
}

// Misread scans are not measured: the data sets hold typed answers only.
const kinds: TextConcernKind[] = ["off-topic", "not-words", "not-sentences", "unpunctuated", "copied", "repeated", "very-short", "very-long"];
const emptyTally = (): Tally => ({ answers: 0, flagged: { "off-topic": 0, "not-words": 0, "not-sentences": 0, misread: 0, unpunctuated: 0, copied: 0, repeated: 0, "very-short": 0, "very-long": 0 }, doubted: 0, flaggedScore: 0, anyFlagged: 0, strays: 0, straysDoubted: 0, longStrays: 0, longStraysDoubted: 0 });

/**
 * ELLIPSE's sets are prompts without their wording (every prompt is empty), so sets are told apart by name; Feedback
 * Prize ELL's one set mixes essays on the same prompts as ELLIPSE's, so the two never lend each other strays.
 */
function answersAnotherPrompt(set: BenchSet, other: BenchSet): boolean {
  if (other.group === set.group) return false;
  if (set.input.prompt && set.input.prompt === other.input.prompt) return false;
  const ell = new Set(["ellipse", "feedback_prize_ell"]);
  return !(ell.has(set.dataset) && ell.has(other.dataset));
}

export function runTextChecks(bench: PreparedBench, sets: BenchSet[], options: TextChecksOptions): Map<string, Tally> {
  const { draws, seed, spell, classSize = 30, strays = 2 } = options;
  const byDataset = new Map<string, Tally>();
  const random = createRandom(seed);
  for (const set of sets) {
    const tally = byDataset.get(set.dataset) ?? emptyTally();
    byDataset.set(set.dataset, tally);
    const own = bench.analyses.get(set.group)!;
    const others = sets.filter((other) => answersAnotherPrompt(set, other));
    const base = prepareAssignment({ ...set.input, samples: [] }, { spellChecker: spell });
    const [low, high] = set.input.scoreRange!;
    for (let draw = 0; draw < draws; draw++) {
      const members = drawIndices(set.essays.length, classSize, random);
      const strayTexts = others.length
        ? Array.from({ length: strays }, () => {
            const other = others[Math.floor(random() * others.length)]!;
            return other.essays[Math.floor(random() * other.essays.length)]!.sample.text;
          })
        : [];
      const strayAnalyses = strayTexts.map((text) => analyzeForAssignment(base, text));
      const prepared = prepareForClass(base, [...members.map((i) => own[i]!), ...strayAnalyses]);
      for (const i of members) {
        const concerns = concernsFor(own[i]!, prepared.classProfile);
        tally.answers++;
        for (const c of concerns) tally.flagged[c.kind]++;
        if (concerns.some((c) => c.doubtsGrade)) tally.doubted++;
        if (concerns.length) {
          tally.anyFlagged++;
          tally.flaggedScore += high > low ? (set.essays[i]!.sample.score - low) / (high - low) : 0;
        }
      }
      for (const analysis of strayAnalyses) {
        const doubted = concernsFor(analysis, prepared.classProfile).some((c) => c.doubtsGrade);
        const isLong = analysis.wordCount >= wordsForTopicChecks;
        tally.strays++;
        tally.longStrays += isLong ? 1 : 0;
        if (doubted) tally.straysDoubted++;
        if (doubted && isLong) tally.longStraysDoubted++;
      }
    }
  }
  return byDataset;
}

const percent = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(2)}%` : "-");

export function formatTextChecks(tallies: Map<string, Tally>, options: Pick<TextChecksOptions, "draws" | "seed" | "classSize">): string {
  const lines = [
    `Text checks (src/core/grading/text-checks.ts): ${options.draws} classes of ${options.classSize ?? 30} answers per set, seed ${options.seed}, each with 2 answers to other prompts.`,
    `Share of real answers each check sends to review, the teacher's mean score of those (fraction of the scale), and the share of other prompts' answers whose grade the checks doubt (all, and those of ${wordsForTopicChecks} words or more, which the topic check reads).`,
    "",
    `| data set | answers | any check | doubts the grade | ${kinds.join(" | ")} | their mean score | other prompts' answers doubted | of ${wordsForTopicChecks}+ words |`,
    `|---|---|---|---|${kinds.map(() => "---").join("|")}|---|---|---|`,
  ];
  const total = emptyTally();
  for (const [dataset, t] of tallies) {
    lines.push(row(dataset, t));
    total.answers += t.answers;
    for (const kind of kinds) total.flagged[kind] += t.flagged[kind];
    total.doubted += t.doubted;
    total.anyFlagged += t.anyFlagged;
    total.flaggedScore += t.flaggedScore;
    total.strays += t.strays;
    total.straysDoubted += t.straysDoubted;
    total.longStrays += t.longStrays;
    total.longStraysDoubted += t.longStraysDoubted;
  }
  lines.push(row("all", total));
  return lines.join("\n");
}

function row(name: string, t: Tally): string {
  const meanScore = t.anyFlagged ? (t.flaggedScore / t.anyFlagged).toFixed(2) : "-";
  return `| ${name} | ${t.answers} | ${percent(t.anyFlagged, t.answers)} | ${percent(t.doubted, t.answers)} | ${kinds.map((k) => percent(t.flagged[k], t.answers)).join(" | ")} | ${meanScore} | ${percent(t.straysDoubted, t.strays)} | ${percent(t.longStraysDoubted, t.longStrays)} |`;
}
