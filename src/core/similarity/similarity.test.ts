import { describe, expect, it } from "vitest";
import { compareFingerprints } from "./compare.js";
import { fingerprint, fnv1a } from "./fingerprint.js";
import { findSimilarPairs } from "./similar-pairs.js";
import { filler, paragraphs } from "./test-fixtures.js";
import { normaliseText, wordsOf } from "./words.js";

const compare = (a: string, b: string) => compareFingerprints(fingerprint(a), fingerprint(b));

describe("normalising words", () => {
  it("lower-cases, strips punctuation and collapses whitespace", () => {
    expect(normaliseText("  The CAT's   hat,\n\n(quite) \"big\"! -- ")).toBe("the cats hat quite big");
  });

  it("keeps offsets of each word in the original text without surrounding punctuation", () => {
    const text = 'She said, "Stop!"';
    expect(wordsOf(text).map((w) => text.slice(w.start, w.end))).toEqual(["She", "said", "Stop"]);
  });
});

describe("fingerprint", () => {
  it("hashes with 32-bit FNV-1a", () => {
    expect(fnv1a("")).toBe(0x811c9dc5);
    expect(fnv1a("a")).toBe(0xe40c292c);
    expect(fnv1a("foobar")).toBe(0xbf9cf968);
  });

  it("hashes each shingle as its normalised words joined by single spaces", () => {
    expect(fingerprint("The  quick, brown FOX jumps!").hashes).toEqual([{ hash: fnv1a("the quick brown fox jumps"), position: 0 }]);
  });

  it("is deterministic", () => {
    expect(fingerprint(paragraphs.river).hashes).toEqual(fingerprint(paragraphs.river).hashes);
  });

  it("records word positions of the chosen shingles", () => {
    const fp = fingerprint(paragraphs.library);
    expect(fp.hashes.length).toBeGreaterThan(0);
    for (const { position } of fp.hashes) expect(position).toBeLessThanOrEqual(fp.words.length - fp.k);
  });

  it("keeps a fingerprint in every window of w shingles", () => {
    const fp = fingerprint(paragraphs.robots);
    const positions = fp.hashes.map((h) => h.position);
    for (let i = 1; i < positions.length; i++) expect(positions[i]! - positions[i - 1]!).toBeLessThanOrEqual(fp.w);
  });

  it("has no fingerprint for texts shorter than k words", () => {
    expect(fingerprint("Too short to say.").hashes).toEqual([]);
    expect(fingerprint("").hashes).toEqual([]);
  });

  it("rejects a shingle or window size below 1", () => {
    expect(() => fingerprint("a b c", { k: 0 })).toThrow(RangeError);
  });
});

describe("compareFingerprints", () => {
  const essay = `${filler(120, 1)}\n\n${paragraphs.gatsby}\n\n${filler(150, 2)}`;

  it.each([
    ["scores identical texts 100", paragraphs.river, paragraphs.river, 100, 100],
    ["scores unrelated texts 0", paragraphs.river, paragraphs.library, 0, 0],
    ["scores texts under k words 0 without failing", "one two three", "one two three", 0, 0],
    ["still matches after case and punctuation edits", paragraphs.library, paragraphs.library.toUpperCase().replace(/[,.]/g, ";"), 100, 100],
    // Only the shingles that cross the paragraph break differ.
    ["still matches reordered paragraphs", `${paragraphs.river}\n\n${paragraphs.robots}`, `${paragraphs.robots}\n\n${paragraphs.river}`, 85, 99],
    ["scores a paragraph copied into a longer essay by the shorter document", paragraphs.gatsby, essay, 100, 100],
  ])("%s", (_rule, a, b, atLeast, atMost) => {
    const { similarity } = compare(a, b);
    expect(similarity).toBeGreaterThanOrEqual(atLeast);
    expect(similarity).toBeLessThanOrEqual(atMost);
  });

  it("finds a copied paragraph with its character offsets on both sides", () => {
    const borrowed = `My own opening words come first here. ${paragraphs.gatsby} Then my own ending follows.`;
    const { matches } = compare(borrowed, essay);
    expect(matches).toHaveLength(1);
    const [match] = matches;
    expect(match!.aText).toBe(paragraphs.gatsby.replace(/\.$/, ""));
    expect(match!.aStart).toBe(borrowed.indexOf(paragraphs.gatsby));
    expect(match!.bStart).toBe(essay.indexOf(paragraphs.gatsby));
    expect(essay.slice(match!.bStart, match!.bEnd)).toBe(match!.bText);
    expect(match!.bText).toBe(match!.aText);
  });

  it("shows the original text of each side when only case and punctuation differ", () => {
    const edited = paragraphs.river.toLowerCase().replace(/,/g, "");
    const { matches } = compare(paragraphs.river, edited);
    expect(matches).toHaveLength(1);
    expect(matches[0]!.aText.startsWith("The river behind our school floods every spring,")).toBe(true);
    expect(matches[0]!.bText.startsWith("the river behind our school floods every spring and")).toBe(true);
  });

  it("keeps one passage across a changed word", () => {
    const changed = paragraphs.robots.replace("dangerous", "risky");
    const { matches, similarity } = compare(paragraphs.robots, changed);
    expect(matches).toHaveLength(1);
    expect(matches[0]!.aText).toBe(paragraphs.robots.replace(/\.$/, ""));
    expect(similarity).toBeGreaterThan(50);
    expect(similarity).toBeLessThan(100);
  });

  it("lists one passage per reordered paragraph", () => {
    const { matches } = compare(`${paragraphs.river}\n\n${paragraphs.robots}`, `${paragraphs.robots}\n\n${paragraphs.river}`);
    expect(matches.map((m) => m.aText.slice(0, 12))).toEqual(["The river be", "Factory robo"]);
  });

  it("finds no passages in unrelated texts", () => {
    expect(compare(paragraphs.gatsby, paragraphs.library).matches).toEqual([]);
  });

  it("refuses fingerprints made with different settings", () => {
    expect(() => compareFingerprints(fingerprint("a b c d e f"), fingerprint("a b c d e f", { k: 3 }))).toThrow(RangeError);
  });
});

describe("findSimilarPairs", () => {
  const documents = [
    { id: "ana", text: `${paragraphs.river} ${filler(80, 11)}` },
    { id: "ben", text: `${filler(60, 12)} ${paragraphs.river}` },
    { id: "cai", text: `${paragraphs.library} ${filler(40, 13)}` },
    { id: "dee", text: `${paragraphs.library} ${filler(40, 14)}` },
    { id: "eve", text: paragraphs.gatsby },
    { id: "fay", text: "short" },
  ];

  it("lists pairs above the threshold, highest first, each once and never a document with itself", () => {
    const pairs = findSimilarPairs(documents, 20);
    expect(pairs.map((p) => [p.aId, p.bId])).toEqual([
      ["cai", "dee"],
      ["ana", "ben"],
    ]);
    for (let i = 1; i < pairs.length; i++) expect(pairs[i - 1]!.similarity).toBeGreaterThanOrEqual(pairs[i]!.similarity);
    expect(pairs[0]!.matches[0]!.aText).toBe(paragraphs.library.replace(/\.$/, ""));
  });

  it("leaves out pairs at or below the threshold", () => {
    const similarity = findSimilarPairs(documents, 0).find((p) => p.aId === "ana")!.similarity;
    expect(findSimilarPairs(documents, similarity).some((p) => p.aId === "ana")).toBe(false);
    expect(findSimilarPairs(documents, similarity - 0.1).some((p) => p.aId === "ana")).toBe(true);
  });

  it("agrees with a direct comparison of each pair", () => {
    for (const pair of findSimilarPairs(documents, 0)) {
      const a = documents.find((d) => d.id === pair.aId)!.text;
      const b = documents.find((d) => d.id === pair.bId)!.text;
      expect(pair.similarity).toBe(compare(a, b).similarity);
    }
  });

  it("is deterministic", () => {
    expect(findSimilarPairs(documents, 10)).toEqual(findSimilarPairs(documents, 10));
  });

  it("handles a class of 200 documents with one copied pair", () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ id: `s${String(i).padStart(3, "0")}`, text: filler(400, 100 + i) }));
    many[150] = { id: "s150", text: `${many[42]!.text.slice(0, 800)} ${filler(300, 999)}` };
    const pairs = findSimilarPairs(many, 20);
    expect(pairs.map((p) => [p.aId, p.bId])).toEqual([["s042", "s150"]]);
  });

  it("compares only each document's span, with passages placed in the whole text", () => {
    const heading = "Ms. Rivera English 9 Period 2 12 March 2025 Rivers and Libraries in Our Town";
    const cited = "Works Cited Smith, Jane. Floods of the Valley. Valley Press, 2019.";
    const paper = (body: string) => {
      const text = `${heading}\n\n${body}\n\n${cited}`;
      return { text, span: { start: heading.length + 2, end: heading.length + 2 + body.length } };
    };
    const ana = paper(filler(60, 21));
    const ben = paper(filler(60, 22));
    const cai = paper(`${filler(30, 23)} ${paragraphs.river}`);
    // Whole, two papers that share only their heading and works cited overlap; their bodies do not.
    expect(findSimilarPairs([{ id: "ana", text: ana.text }, { id: "ben", text: ben.text }], 10)).toHaveLength(1);
    const docs = [ana, ben, cai, paper(`${paragraphs.river} ${filler(30, 24)}`)].map((d, i) => ({ id: `p${i}`, ...d }));
    const pairs = findSimilarPairs(docs, 10);
    expect(pairs.map((p) => [p.aId, p.bId])).toEqual([["p2", "p3"]]);
    const [match] = pairs[0]!.matches;
    expect(cai.text.slice(match!.aStart, match!.aEnd)).toBe(paragraphs.river.replace(/\.$/, ""));
  });

  it("rejects two documents with the same id", () => {
    expect(() => findSimilarPairs([{ id: "x", text: "a" }, { id: "x", text: "b" }], 20)).toThrow(RangeError);
  });
});
