/**
 * The one door from the server to the practice core (src/core/practice): generation, validation, scoring rules and
 * exports. The services use these names only, so the core can move its files without touching them.
 */
export {
  classPractice,
  deckToCsv,
  generateDeck,
  generateQuiz,
  quizToMoodleXml,
  quizToPaper,
  quizToQti,
  validateFlashcard,
  normaliseAnswer,
  normaliseText,
  validateQuizItem,
  type Flashcard,
  type QuizItem,
} from "../../../core/practice";
