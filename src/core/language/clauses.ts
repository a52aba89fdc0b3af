import type { TaggedToken } from "./tag-text.js";

/**
 * Clause shapes read from wink's parts of speech: which words open a subordinate clause, and where a comma alone joins
 * two sentences. Shared by the grader's features (writing-quality.ts) and the feedback (essay-facts.ts), so both call
 * the same sentence complex or spliced.
 */

const relativeWords = new Set(["which", "who", "whom", "whose", "where"]);
/** Wink tags these adverbs (WRB), though outside a question they open a clause: "When the sun came out, we played". */
const adverbialSubordinators = new Set(["when", "whenever", "while", "wherever"]);
const subjectPronouns = new Set(["i", "you", "he", "she", "it", "we", "they"]);

/**
 * Words that open a subordinate clause: subordinating conjunctions (because, although, if...), when and while outside
 * a question, and relative pronouns after a noun or a comma ("the dog, which..."). "that" is left out: as a
 * subordinator it rarely shows a deliberate choice of sentence shape.
 */
export function subordinatorsOf(tokens: TaggedToken[]): string[] {
  const found = new Set<string>();
  const isQuestion = tokens.some((t) => t.text === "?");
  tokens.forEach((t, i) => {
    const lower = t.text.toLowerCase();
    const previous = tokens[i - 1];
    const isRelative = relativeWords.has(lower) && previous !== undefined && (previous.pos === "NOUN" || previous.text === ",");
    const isAdverbial = adverbialSubordinators.has(lower) && !isQuestion;
    // "for" and "like" are tagged as joining words now and then where they are prepositions ("Thank you for taking").
    if ((t.pos === "SCONJ" && lower !== "that" && lower !== "for" && lower !== "like") || isRelative || isAdverbial) found.add(lower);
  });
  return [...found];
}

/**
 * A comma followed by a subject and its verb, after a first part that has its own verb and does not open with a
 * linking word ("When I got home, they were gone" is fine): two sentences joined by a comma alone. Returns the subject.
 */
export function commaSpliceOf(tokens: TaggedToken[], transition: string | undefined, subordinators: string[]): TaggedToken | undefined {
  const first = tokens.find((t) => t.isWord);
  if (transition || !first || first.pos === "SCONJ" || subordinators.includes(first.text.toLowerCase())) return undefined;
  for (let i = 2; i < tokens.length - 2; i++) {
    if (tokens[i]!.text !== ",") continue;
    const subject = tokens[i + 1]!;
    const verb = tokens[i + 2]!;
    if (!subjectPronouns.has(subject.text.toLowerCase()) || (verb.pos !== "VERB" && verb.pos !== "AUX")) continue;
    const before = tokens.slice(0, i);
    if (before.some((t) => t.pos === "VERB" || t.pos === "AUX") && !before.some((t) => t.pos === "SCONJ")) return subject;
  }
  return undefined;
}
