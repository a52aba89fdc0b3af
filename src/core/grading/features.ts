import type { AssignmentContext } from "./assignment-context.js";
import { markBorrowedWords, type BorrowedWords } from "./borrowed-words.js";
import { lexicalVector, type LexicalVector } from "./lexical-residual.js";
import type { SpellChecker } from "./spelling.js";
import { countOtherScriptWords, countPlaceholders, countPunctuationMarks, countSyllables, findParagraphs, findSentences, findWords, stemWord, type Span } from "./text.js";
import { firstPersonWords, stopWords, transitionPhrases } from "./word-lists.js";
import { copiedRunWords, repeatedRunWords, runHashes, shareFound, shareRepeated, wordHash } from "./word-runs.js";
import { isJudgedForSpelling, spellingScopeOf } from "./spelling-scope.js";

/** Order matters: the prior's weights are stored in this order. */
export const featureNames = [
  "logWords",
  "logWordsSquared",
  "logTypes",
  "guiraud",
  "meanWordLength",
  "longWordShare",
  "syllablesPerWord",
  "logSentences",
  "meanSentenceLength",
  "sentenceLengthSd",
  "spellingErrorShare",
  "logSpellingErrors",
  "commasPerSentence",
  "punctuationVariety",
  "lowercaseSentenceStarts",
  "lowercaseI",
  "logParagraphs",
  "transitionsPer100",
  "distinctTransitions",
  "promptCoverage",
  "logTopicWords",
  "onTopicShare",
  "descriptorLean",
  "stopWordShare",
  "firstPersonShare",
  "repetitionShare",
  "logQuotations",
  "isVeryShort",
  "wordsOver100",
  "wordsOver250",
  "wordsOver500",
  "lengthTimesSpelling",
  "lengthTimesRange",
] as const;
export type FeatureName = (typeof featureNames)[number];

/** What the engine knows about one text: counts for feedback, a feature vector for the models, passages for quotes. */
export interface TextAnalysis {
  wordCount: number;
  sentenceCount: number;
  paragraphCount: number;
  distinctWords: number;
  misspelled: Span[];
  transitionsUsed: string[];
  longWords: Span[];
  sentences: Span[];
  /** Sentences sorted by how many topic words they use, best first (indices into sentences). */
  topicalSentenceOrder: number[];
  meanSentenceLength: number;
  sentenceLengthSd: number;
  features: Float64Array;
  /** Content-word stems with counts, for similarity to the samples. */
  stemCounts: Map<string, number>;
  /** Runs of letters in another script than the Latin one (text.ts), which no other count includes. */
  otherScriptWords: number;
  /** Full stops, commas, semicolons, colons, question and exclamation marks: how a text marks its sentences. */
  punctuationMarks: number;
  /** Share of the text's words inside a five-word run found in the prompt or source text (word-runs.ts). */
  copiedShare: number;
  /** Share of the text's words inside an eight-word run that repeats an earlier one. */
  repeatedShare: number;
  /** Its words in runs of the prompt's or source's words, for the feedback's quotations (borrowed-words.ts). */
  borrowed: BorrowedWords;
  /** The text's character n-grams (lexical-residual.ts), computed on first use: only enough samples need them. */
  lexical: () => LexicalVector;
}

const transitionPatterns = transitionPhrases.map((p) => ({ phrase: p, re: new RegExp(`\\b${p}\\b`, "gi") }));

const maxMeanWordLength = 12;

export function analyzeText(text: string, context: AssignmentContext, spell: SpellChecker): TextAnalysis {
  const words = findWords(text);
  const placeholders = countPlaceholders(text);
  const sentences = findSentences(text);
  const paragraphs = findParagraphs(text);
  const wordCount = words.length + placeholders;
  const nWords = Math.max(1, wordCount);

  const types = new Set<string>();
  const stemCounts = new Map<string, number>();
  const misspelled: Span[] = [];
  const spellingScope = spellingScopeOf(text);
  const longWords: Span[] = [];
  let letters = 0;
  let syllables = 0;
  let stop = 0;
  let firstPerson = 0;
  let lowercaseI = 0;
  let contentTokens = 0;
  let onTopic = 0;
  const topicUsed = new Set<string>();
  const promptUsed = new Set<string>();
  let high = 0;
  let low = 0;
  const wordHashes: number[] = [];
  // Each sentence's words and topic words, counted in the one pass over the text's words: a sentence holds the words
  // whose spans lie within it (sentences break only at . ! ? and line breaks, never inside a word).
  const sentenceWords: number[] = sentences.map(() => 0);
  const topicalScores: number[] = sentences.map(() => 0);
  let sentenceAt = 0;

  for (const w of words) {
    const lower = w.text.toLowerCase();
    while (sentenceAt < sentences.length - 1 && w.start >= sentences[sentenceAt]!.end) sentenceAt++;
    const stem = stemWord(lower);
    if (sentences.length) {
      sentenceWords[sentenceAt]!++;
      if (context.topicStems.has(stem)) topicalScores[sentenceAt]!++;
    }
    wordHashes.push(wordHash(lower));
    types.add(lower);
    letters += w.text.length;
    syllables += countSyllables(lower);
    if (w.text.length >= 7) longWords.push(w);
    if (firstPersonWords.has(lower)) firstPerson++;
    if (w.text === "i") lowercaseI++;
    if (stopWords.has(lower) || lower.length < 3) {
      stop++;
    } else {
      contentTokens++;
      stemCounts.set(stem, (stemCounts.get(stem) ?? 0) + 1);
      if (context.topicStems.has(stem)) {
        onTopic++;
        topicUsed.add(stem);
      }
      if (context.promptStems.has(stem)) promptUsed.add(stem);
      if (context.highDescriptorStems.has(stem)) high++;
      if (context.lowDescriptorStems.has(stem)) low++;
    }
    if (w.text.length > 1 && !spell.correct(w.text) && isJudgedForSpelling(spellingScope, w)) misspelled.push(w);
  }

  const sentenceLengths = sentences.map((s, i) => sentenceWords[i]! + countPlaceholders(s.text));
  const nSentences = Math.max(1, sentences.length);
  const meanSentenceLength = sentenceLengths.length ? sentenceLengths.reduce((a, b) => a + b, 0) / sentenceLengths.length : wordCount;
  const sentenceLengthSd = Math.sqrt(
    sentenceLengths.reduce((a, b) => a + (b - meanSentenceLength) ** 2, 0) / Math.max(1, sentenceLengths.length),
  );
  let lowercaseStarts = 0;
  for (const s of sentences) if (/^[a-z]/.test(s.text)) lowercaseStarts++;

  const transitionsUsed: string[] = [];
  let transitionCount = 0;
  const lowerText = text.toLowerCase();
  for (const t of transitionPatterns) {
    // Most phrases are absent: a plain search rules them out before the word-bounded pattern counts the rest.
    const hits = lowerText.includes(t.phrase) ? (text.match(t.re)?.length ?? 0) : 0;
    if (hits > 0) {
      transitionsUsed.push(t.phrase);
      transitionCount += hits;
    }
  }

  const punctuation = [";", ":", "?", "!", '"', "(", "-", "'"].filter((p) => text.includes(p)).length;
  const commas = text.match(/,/g)?.length ?? 0;
  const quotations = text.match(/["“”]/g)?.length ?? 0;

  const counts = [...stemCounts.values()].sort((a, b) => b - a);
  const topRepeats = (counts[0] ?? 0) + (counts[1] ?? 0) + (counts[2] ?? 0);

  const topicalSentenceOrder = topicalScores
    .map((score, i) => ({ score, i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((x) => x.i);

  const logWords = Math.log1p(wordCount);
  const f: Record<FeatureName, number> = {
    logWords,
    logWordsSquared: logWords * logWords,
    logTypes: Math.log1p(types.size),
    guiraud: types.size / Math.sqrt(nWords),
    // Capped where no English text goes: one "word" of 200,000 letters was graded 12 of 12 on its word length.
    meanWordLength: words.length ? Math.min(maxMeanWordLength, letters / words.length) : 0,
    longWordShare: longWords.length / nWords,
    syllablesPerWord: words.length ? syllables / words.length : 0,
    logSentences: Math.log1p(sentences.length),
    meanSentenceLength: Math.min(60, meanSentenceLength),
    sentenceLengthSd: Math.min(40, sentenceLengthSd),
    spellingErrorShare: misspelled.length / nWords,
    logSpellingErrors: Math.log1p(misspelled.length),
    commasPerSentence: Math.min(6, commas / nSentences),
    punctuationVariety: punctuation / 8,
    lowercaseSentenceStarts: lowercaseStarts / nSentences,
    lowercaseI: lowercaseI / nWords,
    logParagraphs: Math.log1p(paragraphs.length),
    transitionsPer100: Math.min(20, (100 * transitionCount) / nWords),
    distinctTransitions: Math.min(15, transitionsUsed.length),
    promptCoverage: context.promptStems.size ? promptUsed.size / context.promptStems.size : 0,
    logTopicWords: Math.log1p(topicUsed.size),
    onTopicShare: contentTokens ? onTopic / contentTokens : 0,
    descriptorLean: contentTokens ? (high - low) / contentTokens : 0,
    stopWordShare: stop / nWords,
    firstPersonShare: firstPerson / nWords,
    repetitionShare: contentTokens ? topRepeats / contentTokens : 0,
    logQuotations: Math.log1p(quotations),
    isVeryShort: wordCount < 25 ? 1 : 0,
    // Hinges let the effect of length flatten out once an answer is long enough for its task.
    wordsOver100: Math.max(0, logWords - Math.log(100)),
    wordsOver250: Math.max(0, logWords - Math.log(250)),
    wordsOver500: Math.max(0, logWords - Math.log(500)),
    lengthTimesSpelling: logWords * (misspelled.length / nWords),
    lengthTimesRange: logWords * (types.size / Math.sqrt(nWords)),
  };
  const features = new Float64Array(featureNames.length);
  featureNames.forEach((name, i) => (features[i] = f[name]));
  let lexical: LexicalVector | undefined;

  const copiedRuns = runHashes(wordHashes, copiedRunWords);
  return {
    wordCount,
    sentenceCount: sentences.length,
    paragraphCount: paragraphs.length,
    distinctWords: types.size,
    misspelled,
    transitionsUsed,
    longWords,
    sentences,
    topicalSentenceOrder,
    meanSentenceLength,
    sentenceLengthSd,
    features,
    stemCounts,
    otherScriptWords: countOtherScriptWords(text),
    punctuationMarks: countPunctuationMarks(text),
    copiedShare: shareFound(copiedRuns, copiedRunWords, context.topicRuns),
    repeatedShare: shareRepeated(runHashes(wordHashes, repeatedRunWords), repeatedRunWords),
    borrowed: markBorrowedWords(words, copiedRuns, context.promptRuns, context.topicRuns),
    lexical: () => (lexical ??= lexicalVector(text)),
  };
}

export function featureValue(analysis: TextAnalysis, name: FeatureName): number {
  return analysis.features[featureNames.indexOf(name)] ?? 0;
}
