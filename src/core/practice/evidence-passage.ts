import type { TaggedSentence } from "../language/tag-text.js";
import { locateQuote } from "../submissions/evidence.js";
import { countWords } from "./normalise.js";

export interface EvidencePassage {
  text: string;
  /** Offsets in the text the sentences came from. */
  start: number;
  end: number;
}

/**
 * The sentence of an essay that holds a passage its grade quoted as evidence, found where the quotation stands in
 * the text (not looked for from the first sentence): every sentence the quotation touches, whole. When those run
 * over `maxWords`, the quotation alone, which is verbatim too; undefined when it is not in the text or still too long.
 */
export function evidencePassage(text: string, sentences: readonly TaggedSentence[], quote: string, maxWords: number): EvidencePassage | undefined {
  const found = locateQuote(text, quote);
  if (!found) return undefined;
  const touched = sentences.filter((s) => s.end > found.start && s.start < found.end);
  if (touched.length) {
    const start = touched[0]!.start;
    const end = touched.at(-1)!.end;
    const whole = text.slice(start, end);
    if (countWords(whole) <= maxWords) return { text: whole, start, end };
  }
  const quoted = text.slice(found.start, found.end);
  return countWords(quoted) <= maxWords ? { text: quoted, ...found } : undefined;
}

