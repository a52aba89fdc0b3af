import { levelsLowestFirst } from "../rubric/level-order.js";
import { findWords, stemWord } from "./text.js";
import { stopWords } from "./word-lists.js";
import type { GradingInput } from "./types.js";
import { copiedRunsOf } from "./word-runs.js";

/**
 * What kind of writing the task asks for: it decides whether feedback talks of reasons, moments, the source, what
 * was learned, or data.
 */
export type WritingGenre = "argument" | "narrative" | "source" | "reflection" | "report" | "answer";

/** What the feedback calls the work: a lab report was "your essay", a poem told to add "a second reason". */
export const workNoun: Record<WritingGenre, string> = { argument: "essay", source: "essay", narrative: "story", reflection: "reflection", report: "report", answer: "answer" };

/** Everything about the assignment that the features compare a text against, computed once per assignment. */
export interface AssignmentContext {
  genre: WritingGenre;
  promptStems: Set<string>;
  /** Content stems of the prompt and any source text: the vocabulary of the topic. */
  topicStems: Set<string>;
  /** Stems that appear in the rubric's top-level descriptors but not in its bottom-level ones, and the reverse. */
  highDescriptorStems: Set<string>;
  lowDescriptorStems: Set<string>;
  /** Every run of five words in the prompt and source text (word-runs.ts): what an answer can copy from them. */
  topicRuns: Set<number>;
  /** The prompt's runs alone: the feedback quotes the source's words as evidence, never the prompt's. */
  promptRuns: Set<number>;
}

export function contentStems(text: string): string[] {
  const stems: string[] = [];
  for (const w of findWords(text)) {
    const lower = w.text.toLowerCase();
    if (lower.length < 3 || stopWords.has(lower)) continue;
    stems.push(stemWord(lower));
  }
  return stems;
}

const sourceCue = /\b(?:from|in) the (?:text|essay|story|article|memoir|excerpt|passage|poem|source|reading|novel|book)\b|\bthe author\b/i;
/**
 * A question asking for a short answer ("list and describe four major steps", "describe two ways the student could
 * improve", "include at least three pieces of information"): its answer is judged by what it names and explains, and
 * was told to "add a second reason and an example from your own experience".
 */
const answerCue = /\b(?:list|identify|name|describe|explain|give)\s+(?:and describe\s+)?(?:two|three|four|five|\d|at least)\b|\bat least (?:two|three|four|five|\d) (?:pieces|ways|steps|reasons|examples|details|facts|processes)\b/i;
/** A lab write-up set as "other": "your view about hypothesis" was said of an experiment's report. */
const reportCue = /\b(?:lab(?:oratory)? report|write[- ]up of (?:the|your) (?:experiment|investigation)|your (?:experiment|hypothesis|results))\b/i;
const narrativeCue = /\b(?:write a story|tell a story|narrative|a time (?:when|you|that)|describe a (?:time|moment|day)|personal experience|a memory)\b/i;

/** The teacher's choice of type says more than the prompt's wording; essays and analyses are read from the prompt. */
const genreOfType: Record<string, WritingGenre> = { creative_writing: "narrative", reflection: "reflection", lab_report: "report" };

export function genreOf(prompt: string, sourceText: string | undefined, assignmentType?: string): WritingGenre {
  const byType = assignmentType ? genreOfType[assignmentType] : undefined;
  if (byType) return byType;
  if (sourceText?.trim() || sourceCue.test(prompt)) return "source";
  if (answerCue.test(prompt)) return "answer";
  if (reportCue.test(prompt)) return "report";
  return narrativeCue.test(prompt) ? "narrative" : "argument";
}

export function buildAssignmentContext(input: Pick<GradingInput, "prompt" | "sourceText" | "criteria" | "assignmentType">): AssignmentContext {
  const promptStems = new Set(contentStems(input.prompt ?? ""));
  const topicStems = new Set([...promptStems, ...contentStems(input.sourceText ?? "")]);
  const high = new Set<string>();
  const low = new Set<string>();
  for (const c of input.criteria) {
    const levels = levelsLowestFirst(c.descriptors);
    if (levels.length < 2) continue;
    for (const s of contentStems(levels.at(-1) ?? "")) high.add(s);
    for (const s of contentStems(levels[0] ?? "")) low.add(s);
  }
  const highDescriptorStems = new Set([...high].filter((s) => !low.has(s)));
  const lowDescriptorStems = new Set([...low].filter((s) => !high.has(s)));
  const promptRuns = copiedRunsOf([input.prompt ?? ""]);
  const topicRuns = new Set([...promptRuns, ...copiedRunsOf([input.sourceText ?? ""])]);
  return { genre: genreOf(input.prompt ?? "", input.sourceText, input.assignmentType), promptStems, topicStems, highDescriptorStems, lowDescriptorStems, topicRuns, promptRuns };
}
