import { agreedPair, agreementSlipOf } from "../../language/agreement.js";
import { grammarSlipOf } from "../../language/grammar-slips.js";
import type { SentenceFacts } from "./essay-facts.js";
import { named } from "./reading.js";

/** A grammar slip whose fix is certain, worded for a student: what is wrong, the words to change, what to check next. */
export interface NamedSlip {
  wrong: string;
  right: string;
  start: number;
  problem: string;
  check: string;
}

/** The first slip of a sentence that can be named with its fix: a pronoun's verb first ("he work"), then the others. */
export function namedSlipOf(s: SentenceFacts): NamedSlip | undefined {
  const verb = agreementSlipOf(s.tokens);
  if (verb) {
    const subject = s.tokens[s.tokens.indexOf(verb) - 1]!;
    return {
      wrong: `${subject.text} ${verb.text}`,
      right: agreedPair(subject.text, verb.text),
      start: verb.start,
      problem: `the verb ${named(verb.text)} does not agree with ${named(subject.text)}`,
      check: "check the other verbs after he, she, it and they",
    };
  }
  const slip = grammarSlipOf(s.tokens);
  // "change ‘a adventage’ to ‘an adventage’" kept a misspelling in the fix: the spelling comment's word to name.
  if (!slip?.right || s.misspelled.some((m) => m.start < slip.end && m.end > slip.start)) return undefined;
  const [first, ...rest] = slip.wrong.split(" ");
  const last = rest.at(-1) ?? first!;
  const base = { wrong: slip.wrong, right: slip.right, start: slip.start };
  switch (slip.kind) {
    case "plural-agreement":
      return { ...base, problem: `the verb ${named(last)} does not agree with ${named(first!)}`, check: "check that each verb agrees with its subject" };
    case "verb-form":
      return { ...base, problem: `after ${named(slip.wrong.slice(0, -last.length).trim())} the verb ${named(last)} takes its base form`, check: "check each verb after do, does, did, can and will" };
    case "article":
      // "a other" is no article slip to a student: it is the one word "another".
      if (slip.right.toLowerCase() === "another") return { ...base, problem: `${named(slip.wrong)} should be the one word ${named(slip.right)}`, check: "check for other words written apart that belong together" };
      return { ...base, problem: `the article ${named(first!)} does not fit the sound of ${named(last)}`, check: "check each ‘a’ and ‘an’: ‘an’ goes before a vowel sound, ‘a’ before a consonant sound" };
  }
}
