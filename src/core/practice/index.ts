/**
 * Practice made from a source or a graded class set: quiz items and flashcards, their validation, exports and study
 * schedule. Pure: no I/O. The client imports study.ts on its own, so it does not load the language model.
 */
export * from "./types.js";
export { keepValid, practiceLimits, validateFlashcard, validateQuizItem } from "./validate.js";
export { generateDeck, generateQuiz, itemCounts, maxSourceCharacters, minimumWords, type GenerateOptions, type PracticeResult } from "./generate.js";
export { normaliseAnswer, normaliseText } from "./normalise.js";
export {
  classPractice,
  maxPassageWords,
  minGradedEssays,
  type ClassPracticeCriterion,
  type ClassPracticeEssay,
  type ClassPracticeInput,
  type ClassPracticeResult,
  type WeakCriterion,
} from "./class-practice.js";
export { anonymise, namePlaceholder } from "./anonymise.js";
export * from "./exports/index.js";
export { dueCards, isStudyState, newCardState, review, studyRatings, type StudyRating, type StudyStage, type StudyState } from "./study.js";
