import type { TaggedToken } from "./tag-text.js";

/**
 * Clause shapes read from wink's parts of speech: which words open a subordinate clause, and where a comma alone joins
 * two sentences. Read by the feedback (essay-facts.ts); the grader's features do not use them, so a change here moves
 * no score.
 */

const relativeWords = new Set(["which", "who", "whom", "whose", "where"]);
/** Wink tags these adverbs (WRB), though outside a question they open a clause: "When the sun came out, we played". */
const adverbialSubordinators = new Set(["when", "whenever", "while", "wherever"]);
/** The pronouns that can be a clause's subject. */
export const subjectPronouns: ReadonlySet<string> = new Set(["i", "you", "he", "she", "it", "we", "they"]);

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
    // "once in a while", "after a while": a noun after "a", no clause.
    const isAdverbial = adverbialSubordinators.has(lower) && !isQuestion && previous?.text.toLowerCase() !== "a";
    // "for" and "like" are tagged as joining words now and then where they are prepositions ("Thank you for taking").
    if ((t.pos === "SCONJ" && lower !== "that" && lower !== "for" && lower !== "like") || isRelative || isAdverbial) found.add(lower);
  });
  return [...found];
}

/**
 * Words that open a part that cannot stand alone, however the tagger reads them: "As recently stated, I think" and
 * "To begin, we" were told to end a sentence before the pronoun ("as" and "to" are often tagged as prepositions).
 */
const dependentOpeners = new Set(["as", "to", "after", "before", "since", "until", "if", "when", "whenever", "while", "although", "though", "because", "once", "unless", "whether"]);

/**
 * A comma followed by a subject and its verb, after a first part that could be a sentence of its own: a subject before
 * its verb, no linking word opening it ("When I got home, they were gone" is fine), and counted from the last
 * semicolon or colon, which already join sentences ("...; therefore, we..."). Returns the second part's subject.
 */
export function commaSpliceOf(tokens: TaggedToken[], transition: string | undefined, subordinators: string[]): TaggedToken | undefined {
  const first = tokens.find((t) => t.isWord);
  if (transition || !first || first.pos === "SCONJ" || subordinators.includes(first.text.toLowerCase())) return undefined;
  for (let i = 2; i < tokens.length - 2; i++) {
    if (tokens[i]!.text !== ",") continue;
    const subject = tokens[i + 1]!;
    const verb = tokens[i + 2]!;
    if (!subjectPronouns.has(subject.text.toLowerCase()) || (verb.pos !== "VERB" && verb.pos !== "AUX")) continue;
    if (canStandAlone(tokens.slice(lastJoinBefore(tokens, i) + 1, i))) return subject;
  }
  return undefined;
}

function lastJoinBefore(tokens: TaggedToken[], end: number): number {
  for (let i = end - 1; i >= 0; i--) if (tokens[i]!.text === ";" || tokens[i]!.text === ":") return i;
  return -1;
}

/** A part with a subject before its first verb, opened by no word that makes it depend on another. */
function canStandAlone(part: TaggedToken[]): boolean {
  const opener = part.find((t) => t.isWord);
  if (!opener || dependentOpeners.has(opener.text.toLowerCase()) || part.some((t) => t.pos === "SCONJ")) return false;
  const verbAt = part.findIndex((t) => t.pos === "VERB" || t.pos === "AUX");
  return verbAt > 0 && part.slice(0, verbAt).some((t) => t.pos === "PRON" || t.pos === "NOUN" || t.pos === "PROPN");
}
