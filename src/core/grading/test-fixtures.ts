import type { SpellChecker } from "./spelling.js";
import { defaultGradingSettings, type GradingInput, type GradingSettings } from "./types.js";

/** A spell checker that knows a fixed list of misspellings, so tests do not depend on a dictionary. */
export function fakeSpellChecker(misspellings: string[] = ["becuase", "thier", "alot", "recieve", "definately", "wich", "beleive"]): SpellChecker {
  const bad = new Set(misspellings);
  return { correct: (word) => !bad.has(word.toLowerCase()) };
}

export const strongEssay = `Computers change how people learn, work and stay in touch, and I believe the benefits outweigh the costs.

First, computers give students access to knowledge that used to be out of reach. For example, my sister researched volcanoes in Iceland using articles, maps and interviews with scientists. Libraries are valuable, but a connected computer opens thousands of them at once.

Second, computers help families communicate. My grandmother lives in Mexico, yet we talk every Sunday through video calls, which means she watches my brother grow up even from far away.

However, critics worry that people spend too much time in front of screens. This concern is reasonable, so families should set limits, such as turning devices off during dinner. As a result, people can enjoy the advantages without losing time outdoors.

In conclusion, computers are powerful tools when they are used thoughtfully, and our community should encourage responsible use rather than fear it.`;

export const weakEssay = `computers are good i think. they are fun. i use it alot becuase it is fun and thier is games. my freind uses it to. computers are good`;

export function makeInput(overrides: Partial<GradingSettings> = {}, extra: Partial<GradingInput> = {}): GradingInput {
  return {
    prompt: "Write a letter to your local newspaper that persuades readers to agree with you about the effects computers have on people.",
    criteria: [
      { id: "ideas", name: "Ideas and content", maxPoints: 6, minPoints: 1, descriptors: ["Few or vague details.", "Main ideas developed with strong, relevant support."] },
      { id: "organization", name: "Organization", maxPoints: 6, minPoints: 1, descriptors: ["No clear structure.", "Clear structure with effective transitions."] },
      { id: "word-choice", name: "Word Choice", maxPoints: 6, minPoints: 1, descriptors: ["Limited vocabulary.", "Precise, varied words."] },
      { id: "conventions", name: "Conventions", maxPoints: 6, minPoints: 1, descriptors: ["Frequent errors.", "Few errors in spelling, grammar and punctuation."] },
    ],
    samples: [],
    settings: { ...defaultGradingSettings, ...overrides },
    scoreRange: [2, 12],
    ...extra,
  };
}
