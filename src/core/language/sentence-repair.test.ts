import { beforeAll, describe, expect, it } from "vitest";
import { tagText } from "./tag-text.js";
import { warmUpLanguage, warmUpTimeout } from "./test-warm-up.js";

beforeAll(warmUpLanguage, warmUpTimeout);

const sentences = (text: string) => tagText(text).sentences.map((sentence) => sentence.text);

describe("sentence boundaries in school writing", () => {
  it("goes on after et al., a decimal inside a word, a web suffix, and a list's number", () => {
    expect(sentences("This matches what Garibaldi et al. found in 2019. The rate doubled.")).toEqual(["This matches what Garibaldi et al. found in 2019.", "The rate doubled."]);
    expect(sentences("So each +20 °C the rate is about x1.9 faster. Check if it is a .gov or .edu site.")).toEqual([
      "So each +20 °C the rate is about x1.9 faster.",
      "Check if it is a .gov or .edu site.",
    ]);
    expect(sentences("Procedure\n1. Fill the beaker.\n2. Stir and read the thermometer.")).toEqual(["Procedure", "1. Fill the beaker.", "2. Stir and read the thermometer."]);
  });

  it("ends a heading at its line, but not a wrapped line of prose or a sentence the writer ended", () => {
    expect(sentences("Purpose\nTo determine how temperature affects the rate.")).toEqual(["Purpose", "To determine how temperature affects the rate."]);
    expect(sentences("We measured the time it took for every tablet in the\nTall beaker to dissolve.")).toEqual(["We measured the time it took for every tablet in the\nTall beaker to dissolve."]);
    expect(sentences("I like dogs.They are fun. i went home. then i ate.")).toEqual(["I like dogs.", "They are fun.", "i went home.", "then i ate."]);
    expect(sentences("Yesterday my friend and\nI went to the park.")).toEqual(["Yesterday my friend and\nI went to the park."]);
    expect(sentences("I went with Ed. he was nice.")).toEqual(["I went with Ed.", "he was nice."]);
  });

  it("reads many short unpunctuated lines in one pass", () => {
    const lines = Array.from({ length: 4000 }, (_, i) => `Trial ${i} water warm time`).join("\n");
    const started = performance.now();
    expect(sentences(lines).length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
