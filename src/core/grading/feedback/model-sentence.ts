import { agreementSlipOf, isDependentFragment, isVerbless } from "../../language/agreement.js";
import { grammarSlipOf } from "../../language/grammar-slips.js";
import { isInCapitals } from "../spelling-scope.js";
import type { SentenceFacts } from "./essay-facts.js";

/** Past this many words a sentence is read as a run-on, whatever its punctuation. */
export const runOnWords = 35;

/**
 * A sentence that may be held up as a model, for its words, its joins or its spelling: never a comma splice nor a
 * run-on (which the sentences comment may fault), a misspelling, a sound-alike slip ("there family"), a verb that does
 * not agree ("he work", "computers gives"), a verb after "doesn't" or "can" not in its base form, an article that does
 * not fit ("a email"), a sentence with no verb or only half of one ("Because I believe ..."), a placeholder of an
 * anonymised text ("@NUM1"), or two sentences run together without a space ("there.then"). Praise of a sentence with
 * a slip the app can see read as praise of the slip: "an exact word, ‘primer’, sharpens ... ‘be in big primer
 * ministre’".
 */
export function isModelSentence(s: SentenceFacts): boolean {
  // Asked of every sentence by several readings, each more than once: worked out once per sentence.
  let known = judged.get(s);
  if (known === undefined) {
    known = judge(s);
    judged.set(s, known);
  }
  return known;
}

const judged = new WeakMap<SentenceFacts, boolean>();

function judge(s: SentenceFacts): boolean {
  const isRunTogether = /[a-z]{2}[.!?][A-Za-z]{2}/.test(s.text);
  const isGrammatical = !agreementSlipOf(s.tokens) && !grammarSlipOf(s.tokens) && !isVerbless(s.tokens) && !isDependentFragment(s.tokens);
  return !s.commaSplice && s.words <= runOnWords && s.confusedWords.length === 0 && isGrammatical && !s.text.includes("@") && !isRunTogether && s.misspelled.length === 0 && !s.isLowercaseStart && !s.hasLowercaseI && /[.!?]["'”’)]*$/.test(s.text) && !isInCapitals(s.text);
}
