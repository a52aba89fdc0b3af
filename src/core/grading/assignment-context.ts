import { findWords, stemWord } from "./text.js";
import { stopWords } from "./word-lists.js";
import type { GradingInput } from "./types.js";

/** Everything about the assignment that the features compare a text against, computed once per assignment. */
export interface AssignmentContext {
  promptStems: Set<string>;
  /** Content stems of the prompt and any source text: the vocabulary of the topic. */
  topicStems: Set<string>;
  /** Stems that appear in the rubric's top-level descriptors but not in its bottom-level ones, and the reverse. */
  highDescriptorStems: Set<string>;
  lowDescriptorStems: Set<string>;
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

export function buildAssignmentContext(input: Pick<GradingInput, "prompt" | "sourceText" | "criteria">): AssignmentContext {
  const promptStems = new Set(contentStems(input.prompt ?? ""));
  const topicStems = new Set([...promptStems, ...contentStems(input.sourceText ?? "")]);
  const high = new Set<string>();
  const low = new Set<string>();
  for (const c of input.criteria) {
    const n = c.descriptors.length;
    if (n < 2) continue;
    for (const s of contentStems(c.descriptors[n - 1] ?? "")) high.add(s);
    for (const s of contentStems(c.descriptors[0] ?? "")) low.add(s);
  }
  const highDescriptorStems = new Set([...high].filter((s) => !low.has(s)));
  const lowDescriptorStems = new Set([...low].filter((s) => !high.has(s)));
  return { promptStems, topicStems, highDescriptorStems, lowDescriptorStems };
}
