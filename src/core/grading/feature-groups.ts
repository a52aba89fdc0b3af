import type { FeatureName } from "./features.js";

/**
 * The prior's features by what a teacher would call them: the bench's ablation (`npm run bench:grading -- --ablation`)
 * refits the prior without one group at a time, so each group shows what it adds on prompts the prior never saw.
 */
export const featureGroups = {
  length: ["logWords", "logWordsSquared", "isVeryShort", "wordsOver100", "wordsOver250", "wordsOver500"],
  "vocabulary (surface)": ["logTypes", "guiraud", "meanWordLength", "longWordShare", "syllablesPerWord", "lengthTimesRange"],
  sentences: ["logSentences", "meanSentenceLength", "sentenceLengthSd"],
  spelling: ["spellingErrorShare", "logSpellingErrors", "lengthTimesSpelling"],
  "punctuation and capitals": ["commasPerSentence", "punctuationVariety", "lowercaseSentenceStarts", "lowercaseI"],
  "transitions (list)": ["transitionsPer100", "distinctTransitions"],
  "relevance (prompt words)": ["promptCoverage", "logTopicWords", "onTopicShare"],
  "rubric descriptors": ["descriptorLean"],
  style: ["stopWordShare", "firstPersonShare", "repetitionShare", "logQuotations"],
  paragraphing: ["logParagraphs"],
} satisfies Record<string, FeatureName[]>;

export type FeatureGroup = keyof typeof featureGroups;
