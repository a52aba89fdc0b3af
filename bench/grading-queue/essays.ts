import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The work the queue benchmark uploads: human-written essays of 350-450 words from the shared data (ASAP set 1, the
 * persuasive letters, first; then the other ASAP sets and ELLIPSE), or, without the data, generated texts of about
 * 400 words. Also the assignment they are graded against and three graded samples.
 */

export interface BenchCriterion {
  id: string;
  name: string;
  maxPoints: number;
  descriptors: string[];
}

export interface BenchSample {
  name: string;
  text: string;
  score: number;
  criteriaScores: Record<string, number>;
  feedback: string;
}

export interface BenchEssays {
  /** Where the texts come from, for the report. */
  source: string;
  isGenerated: boolean;
  prompt: string;
  criteria: BenchCriterion[];
  samples: BenchSample[];
  essays: { fileName: string; text: string; words: number }[];
}

interface EssayRecord {
  dataset: string;
  set: string;
  text: string;
  score: number | null;
  traits?: Record<string, number>;
}

const minWords = 350;
const maxWords = 450;

/** Counted as the server counts a submission's words (services/submissions/intake.ts). */
export const countWords = (text: string) => (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;

// ASAP set 1's five traits (ASAP++, 1-6 each) as the rubric, so that its samples carry real criterion scores.
const asapTraits = ["Content", "Organization", "Word Choice", "Sentence Fluency", "Conventions"];
const criteria: BenchCriterion[] = asapTraits.map((name) => ({
  id: name.toLowerCase().replace(/\s+/g, "-"),
  name,
  maxPoints: 6,
  descriptors: [`${name} scored 1 (undeveloped) to 6 (fully developed), as in the ASAP++ trait rubric`],
}));
const fallbackPrompt =
  "More and more people use computers, but not everyone agrees that this benefits society. Write a letter to your local newspaper in which you state your opinion on the effects computers have on people. Persuade the readers to agree with you.";

function readJsonl<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

export function hasEssayData(dataDir: string): boolean {
  return existsSync(join(dataDir, "asap.jsonl"));
}

export function loadBenchEssays(dataDir: string, count: number): BenchEssays {
  if (!hasEssayData(dataDir)) return generatedEssays(count, `no essay data at ${dataDir}`);
  const asap = readJsonl<EssayRecord>(join(dataDir, "asap.jsonl"));
  const ellipse = readJsonl<EssayRecord>(join(dataDir, "ellipse.jsonl"));
  const prompt = readJsonl<{ set: string; prompt: string | null }>(join(dataDir, "asap_prompts.jsonl")).find((row) => row.set === "1")?.prompt ?? fallbackPrompt;
  const inWindow = (record: EssayRecord) => {
    const words = countWords(record.text);
    return words >= minWords && words <= maxWords;
  };
  const setOne = asap.filter((record) => record.set === "1" && inWindow(record) && record.traits);
  // One low, one middle and one high human score (2-12) as the teacher's graded samples; they are not uploaded.
  const samplePicks = [(score: number) => score <= 6, (score: number) => score >= 7 && score <= 9, (score: number) => score >= 10]
    .map((fits) => setOne.find((record) => fits(record.score ?? 0)))
    .filter((record): record is EssayRecord => record !== undefined);
  const samples = samplePicks.map((record, index) => {
    const criteriaScores = Object.fromEntries(criteria.map((criterion, n) => [criterion.id, record.traits![asapTraits[n]!] ?? 1]));
    const score = Object.values(criteriaScores).reduce((sum, value) => sum + value, 0);
    return { name: `sample-${index + 1}.txt`, text: record.text, score, criteriaScores, feedback: `Graded by a trained rater (ASAP set 1, holistic score ${record.score} of 12).` };
  });
  const pool = [
    ...setOne.filter((record) => !samplePicks.includes(record)),
    ...asap.filter((record) => record.set !== "1" && inWindow(record)),
    ...ellipse.filter(inWindow),
  ];
  const seen = new Set<string>();
  const unique = pool.filter((record) => !seen.has(record.text) && seen.add(record.text));
  const essays = unique.slice(0, count).map((record, index) => ({ fileName: studentFile(index), text: record.text, words: countWords(record.text) }));
  const fromData = essays.length;
  const bySource = new Map<string, number>();
  for (const record of unique.slice(0, count)) {
    const name = record.dataset === "asap" ? `ASAP set ${record.set}` : record.dataset;
    bySource.set(name, (bySource.get(name) ?? 0) + 1);
  }
  const sources = [...bySource].map(([name, n]) => `${n} ${name}`).join(", ");
  if (fromData < count) {
    const generated = generatedEssays(count - fromData, "").essays.map((essay, index) => ({ ...essay, fileName: studentFile(fromData + index) }));
    essays.push(...generated);
  }
  return {
    source: `${dataDir}: ${minWords}-${maxWords}-word essays (${sources})${fromData < count ? `, topped up with ${count - fromData} generated texts` : ""}; samples: ${samples.length} ASAP set 1 essays`,
    isGenerated: false,
    prompt,
    criteria,
    samples,
    essays,
  };
}

const studentFile = (index: number) => `Student ${String(index + 1).padStart(4, "0")}.txt`;

/** A small deterministic generator (mulberry32), so every run without the data uploads the same texts. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const subjects = ["Computers", "Many students", "My family", "People in our town", "Some experts", "Teachers at my school", "Online games", "The internet"];
const verbs = ["help", "distract", "connect", "teach", "isolate", "inform", "change", "challenge"];
const objects = ["young people", "older neighbours", "curious learners", "busy parents", "whole classrooms", "families at dinner", "friends far away", "local businesses"];
const reasons = [
  "because they can look up facts about faraway places in seconds",
  "since hours in front of a screen leave less time for exercise",
  "because talking online keeps friendships alive across distance",
  "although nature and sports teach lessons a screen cannot",
  "because typing and games can train hand-eye coordination",
  "even though some websites spread information that is not true",
  "since a balanced schedule matters more than the device itself",
  "because shared projects online show how people can work together",
];
const linkers = ["For example,", "In addition,", "However,", "On the other hand,", "Most importantly,", "In my experience,", "Furthermore,", "Still,"];

function generatedText(seed: number): string {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const paragraphs: string[] = [];
  let words = 0;
  while (words < 400) {
    const paragraph = Array.from({ length: 4 }, (_, n) => `${n === 0 ? "" : `${pick(linkers)} `}${pick(subjects)} ${pick(verbs)} ${pick(objects)} ${pick(reasons)}.`).join(" ");
    paragraphs.push(paragraph);
    words += countWords(paragraph);
  }
  return `Dear Editor,\n\n${paragraphs.join("\n\n")}\n\nSincerely, writer number ${seed}`;
}

function generatedEssays(count: number, why: string): BenchEssays {
  const essays = Array.from({ length: count }, (_, index) => {
    const text = generatedText(index + 1);
    return { fileName: studentFile(index), text, words: countWords(text) };
  });
  // Made-up scores, low to high; the samples' texts come from seeds no uploaded essay uses.
  const samples = [2, 3, 5].map((perCriterion, index) => ({
    name: `sample-${index + 1}.txt`,
    text: generatedText(1_000_000 + index),
    score: perCriterion * criteria.length,
    criteriaScores: Object.fromEntries(criteria.map((criterion) => [criterion.id, perCriterion])),
    feedback: "A generated sample with a made-up score.",
  }));
  return {
    source: `GENERATED texts of about 400 words (deterministic)${why ? `: ${why}` : ""}; pass --data <folder with asap.jsonl> for real essays`,
    isGenerated: true,
    prompt: fallbackPrompt,
    criteria,
    samples,
    essays,
  };
}
