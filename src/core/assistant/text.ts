/** Small text helpers for reading chat messages: sentences, clauses, questions, negation, and stable variety. */

/** Straight quotes and plain spaces, so patterns need not list every typographic variant a phone keyboard produces. */
export function normalizeMessage(message: string): string {
  return message
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u00a0\u2007\u202f]/g, " ")
    .replace(/\r\n?/g, "\n");
}

const abbreviation = /(?:\b(?:Mr|Mrs|Ms|Mx|Dr|St|Prof|vs|etc|approx|e\.g|i\.e|U\.S|U\.S\.A|[A-Z])\.)$/;

/** Sentences end at . ! ? or a line break; "Mr." and "U.S." do not end one. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    let current = "";
    for (const piece of line.split(/(?<=[.!?])\s+/)) {
      current = current ? `${current} ${piece}` : piece;
      if (!abbreviation.test(current)) {
        sentences.push(current);
        current = "";
      }
    }
    if (current) sentences.push(current);
  }
  return sentences.map((sentence) => sentence.trim()).filter(Boolean);
}

/** Clauses of one sentence: commas, semicolons and "but" separate thoughts such as "mostly content, grammar 20%". */
export function splitClauses(sentence: string): string[] {
  return sentence
    .split(/\s*[,;]\s*|\s+(?:but|though|although|while)\s+|\s+-{1,2}\s+|\s+[\u2013\u2014]\s+/i)
    .map((clause) => clause.trim())
    .filter(Boolean);
}

const politeRequest = /^(?:(?:can|could|would|will)\s+you\b|please\b|how about\b|what about\b)/i;
// "Don't ..." and "Isn't ..." open instructions as often as questions, so only a question mark makes those questions.
const questionStart = /^(?:what|what's|whats|how|why|when|where|which|who|whom|whose|is|are|am|do|does|did|should|shall|can|could|would|will|may|might)\b/i;

/**
 * A question asks rather than tells, so nothing is read from it ("what does strictness mean?", "is 80 too strict?").
 * Polite requests ("could you be gentle?") and suggestions ("how about 80?") tell, so they are not questions.
 */
export function isQuestion(sentence: string): boolean {
  const text = sentence.trim().replace(/^(?:so|and|but|ok|okay|um|uh|hmm|well)[,\s]+/i, "");
  if (politeRequest.test(text)) return false;
  return /\?\s*$/.test(text) || questionStart.test(text);
}

/** Whether a negating word sits in the few words before a position: "not strict", "don't lead with strengths". */
export function isNegatedBefore(text: string, index: number, words = 3): boolean {
  const before = text.slice(0, index).toLowerCase().split(/[^a-z']+/).filter(Boolean).slice(-words);
  return before.some((word) => /n't$|^(?:not|no|never|dont|doesnt|wont|isnt|arent|shouldnt|cant|cannot|without|nothing|hardly|barely)$/.test(word));
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9%']+(?:[-.][a-z0-9%']+)*/g) ?? [];
}

/** A stable hash, so the same message always gets the same wording while different messages get different wordings. */
export function hashText(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

export function pickVariant<T>(options: readonly T[], seed: string): T {
  return options[hashText(seed) % options.length]!;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c" */
export function listInProse(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
