import { beforeAll, describe, expect, it } from "vitest";
import { warmUpLanguage, warmUpTimeout } from "./test-warm-up.js";
import { commaSpliceOf, subordinatorsOf } from "./clauses.js";
import { tagText } from "./tag-text.js";

const sentencesOf = (text: string) => {
  const tagged = tagText(text);
  return tagged.sentences.map((s) => tagged.tokens.slice(s.firstToken, s.lastToken + 1));
};

beforeAll(warmUpLanguage, warmUpTimeout);

describe("clause shapes", () => {
  it("finds no subordinate clause in simple sentences and one in each complex sentence", () => {
    for (const tokens of sentencesOf("The dog ran to the park. The cat sat on the wall. We ate our lunch.")) expect(subordinatorsOf(tokens)).toEqual([]);
    const complex = sentencesOf("I stayed home because it rained. When the sun came out, we played outside. The book, which I borrowed, was long.");
    expect(complex.map(subordinatorsOf)).toEqual([["because"], ["when"], ["which"]]);
  });

  it("does not read a preposition the tagger marks as joining ('for taking', 'like a bird') as a subordinate clause", () => {
    expect(subordinatorsOf(sentencesOf("Thank you for taking the time to read my letter about the new rules.")[0]!)).not.toContain("for");
  });

  it("does not read 'a while' as a clause opened by while", () => {
    expect(subordinatorsOf(sentencesOf("We go to the lake once in a while and swim in the cold water.")[0]!)).not.toContain("while");
    expect(subordinatorsOf(sentencesOf("We swam in the lake while our parents cooked dinner.")[0]!)).toContain("while");
  });

  it("does not read a question's when as a subordinate clause", () => {
    const [question] = sentencesOf("When did the sun come out?");
    expect(subordinatorsOf(question!)).toEqual([]);
  });

  it("finds two sentences joined by a comma alone, but not a clause opened by when", () => {
    const [splice] = sentencesOf("I went home, I was tired.");
    expect(commaSpliceOf(splice!, undefined, subordinatorsOf(splice!))?.text).toBe("I");
    const [complex] = sentencesOf("When I went home, I was tired.");
    expect(commaSpliceOf(complex!, undefined, subordinatorsOf(complex!))).toBeUndefined();
  });

  it("finds no splice after a part that cannot stand alone, nor after a semicolon's linking word", () => {
    for (const text of [
      "As recently stated, I think computers help us learn.",
      "To begin, we should look at the facts about the hill.",
      "As the hill got steeper, we started walking.",
      "The hill was steep; therefore, we walked the rest of the way.",
    ]) {
      const [tokens] = sentencesOf(text);
      expect(commaSpliceOf(tokens!, undefined, subordinatorsOf(tokens!)), text).toBeUndefined();
    }
    const [splice] = sentencesOf("The hill was steep; my legs were tired, I walked the rest of the way.");
    expect(commaSpliceOf(splice!, undefined, subordinatorsOf(splice!))?.text).toBe("I");
  });
});

