import { levelsLowestFirst } from "../rubric/level-order.js";
import { findWords, stemWord } from "./text.js";
import { stopWords } from "./word-lists.js";
import type { GradingInput } from "./types.js";
import { copiedRunsOf } from "./word-runs.js";

/** What kind of writing the task asks for: it decides whether feedback talks of reasons, moments or the source. */
export type WritingGenre = "argument" | "narrative" | "source";

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
const narrativeCue = /\b(?:write a story|tell a story|narrative|a time (?:when|you|that)|describe a (?:time|moment|day)|personal experience|a memory)\b/i;

export function genreOf(prompt: string, sourceText: string | undefined): WritingGenre {
  if (sourceText?.trim() || sourceCue.test(prompt)) return "source";
  return narrativeCue.test(prompt) ? "narrative" : "argument";
}

export function buildAssignmentContext(input: Pick<GradingInput, "prompt" | "sourceText" | "criteria">): AssignmentContext {
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
  return { genre: genreOf(input.prompt ?? "", input.sourceText), promptStems, topicStems, highDescriptorStems, lowDescriptorStems, topicRuns, promptRuns };
}
