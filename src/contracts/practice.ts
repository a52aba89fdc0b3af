import { z } from "zod";

/**
 * Quizzes & Tests and Flashcards (issue 19): the teacher's practice sets, their share links, and what students send
 * back. Item shapes mirror src/core/practice/types.ts; the core's validators decide whether an item is good enough
 * to keep, these schemas only check that it is shaped like one.
 */

export const practiceKinds = ["quiz", "deck"] as const;
export type PracticeKind = (typeof practiceKinds)[number];
/** Where a set was made from: pasted text, an uploaded document, a topic line (AI), or a graded class set. */
export const practiceSourceKinds = ["text", "document", "topic", "class"] as const;
export type PracticeSourceKind = (typeof practiceSourceKinds)[number];

/**
 * maxAttemptsPerQuiz: what one shared quiz keeps, whoever sends them (five classes of 30 at three attempts each is 450):
 * a link passed beyond the class cannot fill the teacher's results or the database. maxAnswerChars: a student's answer,
 * as long as the longest sentence a teacher may set to correct.
 */
export const practiceLimits = { maxItems: 100, maxSourceChars: 200_000, maxTimeLimitMinutes: 600, maxAttempts: 20, maxCount: 50, maxAttemptsPerQuiz: 1000, maxAnswerChars: 2000 } as const;

const shortText = (label: string, max = 2000) => z.string({ error: `${label} must be text` }).trim().min(1, `${label} cannot be empty`).max(max, `Keep ${label.toLowerCase()} under ${max} characters`);
const optionalText = (max = 2000) => z.string().trim().max(max, `Keep this within ${max} characters`).optional();

const sourcePassage = z.object({
  text: z.string().max(4000),
  origin: z.enum(["source", "class"]),
  criterion: z.string().max(200).optional(),
});

/** Every stored item keeps an id, so answers and results follow it through edits and reordering. */
const itemId = z.string().trim().min(1).max(64).optional();

export const multipleChoiceItem = z.object({
  id: itemId,
  kind: z.literal("multiple-choice"),
  prompt: shortText("The question"),
  options: z.array(z.string({ error: "Each option must be text" }).trim().max(500, "Keep each option within 500 characters"), { error: "Give the options as a list" }).max(6, "Give at most 6 options"),
  answerIndex: z.number({ error: "Choose which option is correct" }).int("Choose which option is correct"),
  explanation: optionalText(),
  source: sourcePassage.optional(),
});

export const clozeItem = z.object({
  id: itemId,
  kind: z.literal("cloze"),
  sentence: shortText("The sentence"),
  answer: shortText("The answer", 200),
  alsoAccepted: z.array(z.string().trim().max(200)).max(10).optional(),
  explanation: optionalText(),
  source: sourcePassage.optional(),
});

export const fixTheSentenceItem = z.object({
  id: itemId,
  kind: z.literal("fix-the-sentence"),
  prompt: shortText("The instruction", 500),
  original: shortText("The sentence to fix"),
  answer: shortText("The corrected sentence"),
  explanation: optionalText(),
  source: sourcePassage.optional(),
});

export const quizItemInput = z.discriminatedUnion("kind", [multipleChoiceItem, clozeItem, fixTheSentenceItem], {
  error: "Each question's kind must be multiple-choice, cloze or fix-the-sentence",
});
export type QuizItemInput = z.infer<typeof quizItemInput>;
export type StoredQuizItem = QuizItemInput & { id: string };

export const flashcardInput = z.object({
  id: itemId,
  front: shortText("The front", 1000),
  back: shortText("The back", 2000),
  source: sourcePassage.optional(),
});
export type FlashcardInput = z.infer<typeof flashcardInput>;
export type StoredFlashcard = FlashcardInput & { id: string };

const source = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("text"), text: z.string({ error: "Paste the text to make practice from" }).trim().min(1, "Paste the text to make practice from").max(practiceLimits.maxSourceChars, "The text is too long: paste at most 200,000 characters") }),
    z.object({ kind: z.literal("document"), fileId: z.string({ error: "Upload a document first" }).min(1, "Upload a document first") }),
    z.object({ kind: z.literal("topic"), topic: z.string({ error: "Write the topic in a line" }).trim().min(3, "Write the topic in a line").max(300, "Keep the topic within 300 characters") }),
  ],
  { error: "Choose a source: pasted text, a document or a topic" },
);

export const createPracticeInput = z.object({
  kind: z.enum(practiceKinds, { error: "Choose a quiz or a deck" }),
  title: z.string().trim().max(200, "Keep the title within 200 characters").optional(),
  source,
  count: z.number().int().min(1).max(practiceLimits.maxCount, `Ask for at most ${practiceLimits.maxCount} items`).optional(),
});
export type CreatePracticeInput = z.input<typeof createPracticeInput>;

export const classPracticeInput = z.object({ assignmentId: z.string({ error: "Choose an assignment" }).min(1, "Choose an assignment") });

export const quizSettings = z.object({
  /** Minutes from opening the quiz; null: no time limit. */
  timeLimitMinutes: z.number({ error: "Give the time limit in minutes, or none" }).int("Give a whole number of minutes").min(1, "A time limit is at least 1 minute").max(practiceLimits.maxTimeLimitMinutes, "A time limit is at most 600 minutes").nullable(),
  attemptsAllowed: z.number({ error: "Give how many attempts each student has" }).int("Give a whole number of attempts").min(1, "Allow at least 1 attempt").max(practiceLimits.maxAttempts, `Allow at most ${practiceLimits.maxAttempts} attempts`),
  showKeyAfterSubmit: z.boolean({ error: "Say whether students see the key after submitting" }),
});
export type QuizSettings = z.infer<typeof quizSettings>;
export const defaultQuizSettings: QuizSettings = { timeLimitMinutes: null, attemptsAllowed: 1, showKeyAfterSubmit: true };

export const updatePracticeInput = z.object({
  title: z.string().trim().min(1, "Give the title").max(200, "Keep the title within 200 characters").optional(),
  settings: quizSettings.optional(),
  isOpen: z.boolean().optional(),
});

// An empty set was saved and shared, and its students met "Done for now" with nothing to study.
export const replaceItemsInput = z.object({
  items: z.array(z.unknown()).min(1, "Keep at least one question or card: add one before you save").max(practiceLimits.maxItems, `Keep at most ${practiceLimits.maxItems} items`),
});

export const weakCriterion = z.object({ id: z.string(), name: z.string(), meanFraction: z.number() });

export const practiceSummary = z.object({
  id: z.string(),
  kind: z.enum(practiceKinds),
  title: z.string(),
  sourceKind: z.enum(practiceSourceKinds),
  itemCount: z.number(),
  isOpen: z.boolean(),
  shareUrl: z.string().nullable(),
  attemptCount: z.number(),
  assignment: z.object({ id: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PracticeSummary = z.infer<typeof practiceSummary>;

export const practiceView = practiceSummary.extend({
  items: z.array(z.union([quizItemInput, flashcardInput])),
  settings: quizSettings,
  weakestCriteria: z.array(weakCriterion),
  /** Why generation made fewer items than asked (too short a source, nothing found), when it did. */
  notice: z.string().nullable(),
});
export type PracticeView = Omit<z.infer<typeof practiceView>, "items"> & { items: (StoredQuizItem | StoredFlashcard)[] };
export type QuizView = PracticeView & { kind: "quiz"; items: StoredQuizItem[] };
export type DeckView = PracticeView & { kind: "deck"; items: StoredFlashcard[] };

export const classPracticeResult = z.object({ quiz: practiceView, deck: practiceView });

/** A student's answer: the chosen option's index, or the text they wrote. */
export const practiceAnswer = z.union([z.number().int().min(0).max(10), z.string().max(practiceLimits.maxAnswerChars, `Keep each answer within ${practiceLimits.maxAnswerChars} characters`)]);
export type PracticeAnswer = z.infer<typeof practiceAnswer>;

const studentNameInput = z.string({ error: "Write your name" }).trim().min(1, "Write your name").max(120, "Keep your name within 120 characters");

/** Before a quiz from a class starts: is this name on the class list? The answer is the list's spelling of it. */
export const checkStudentNameInput = z.object({ studentName: studentNameInput });
export const checkedStudentName = z.object({ studentName: z.string() });

export const submitAttemptInput = z.object({
  /** Made by the student's page once per attempt: the same attempt posted twice is stored once. */
  idempotencyKey: z.string({ error: "Send the attempt's key" }).trim().min(8, "Send the attempt's key").max(100),
  studentName: studentNameInput,
  answers: z
    .record(z.string().max(64), practiceAnswer.nullable())
    .refine((answers) => Object.keys(answers).length <= practiceLimits.maxItems, `Send at most ${practiceLimits.maxItems} answers, one per question`),
});
export type SubmitAttemptInput = z.infer<typeof submitAttemptInput>;

/**
 * A student opens an attempt, once past the name step: the server's clock starts, once per student and attempt, so a
 * reload or a second device finds the same start (and a student with no attempts left is told before answering).
 */
export const startAttemptInput = z.object({ studentName: studentNameInput });
export type StartAttemptInput = z.infer<typeof startAttemptInput>;
export const attemptStart = z.object({
  attemptNumber: z.number(),
  startedAt: z.string(),
  /** Seconds left of the time limit as the server counts them; null when the quiz has none. */
  secondsLeft: z.number().nullable(),
});
export type AttemptStart = z.infer<typeof attemptStart>;

/** A quiz as a student sees it before submitting: no answers, no explanations, no sources. */
export const studentQuizItem = z.discriminatedUnion("kind", [
  z.object({ id: z.string(), kind: z.literal("multiple-choice"), prompt: z.string(), options: z.array(z.string()) }),
  z.object({ id: z.string(), kind: z.literal("cloze"), sentence: z.string() }),
  z.object({ id: z.string(), kind: z.literal("fix-the-sentence"), prompt: z.string(), original: z.string() }),
]);
export type StudentQuizItem = z.infer<typeof studentQuizItem>;

export const sharedPractice = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("quiz"),
    title: z.string(),
    items: z.array(studentQuizItem),
    timeLimitMinutes: z.number().nullable(),
    attemptsAllowed: z.number(),
    /**
     * The quiz was made from a class with a class list: a student's name must be on it (checked by the server, which
     * never sends the list to someone holding only the link).
     */
    hasClassList: z.boolean(),
  }),
  z.object({ kind: z.literal("deck"), title: z.string(), cards: z.array(z.object({ id: z.string(), front: z.string(), back: z.string() })) }),
]);
export type SharedPractice = z.infer<typeof sharedPractice>;

export const itemOutcome = z.object({
  itemId: z.string(),
  isCorrect: z.boolean(),
  /** The teacher's answer, only when the key is shown. */
  correctAnswer: z.string().optional(),
  explanation: z.string().optional(),
});

export const attemptResult = z.object({
  attemptId: z.string(),
  studentName: z.string(),
  score: z.number(),
  maxScore: z.number(),
  submittedAt: z.string(),
  attemptNumber: z.number(),
  attemptsAllowed: z.number(),
  isKeyShown: z.boolean(),
  items: z.array(itemOutcome),
});
export type AttemptResult = z.infer<typeof attemptResult>;

export const practiceResults = z.object({
  attempts: z.array(
    z.object({
      id: z.string(),
      studentName: z.string(),
      score: z.number(),
      maxScore: z.number(),
      submittedAt: z.string(),
      attemptNumber: z.number(),
      /** From the server's start of the attempt to its submission; null when the server never saw it start. */
      secondsTaken: z.number().nullable(),
      /** How far past the quiz's time limit it came in (beyond a minute's grace); null when within it or unknown. */
      secondsOverLimit: z.number().nullable(),
    }),
  ),
  items: z.array(
    z.object({
      itemId: z.string(),
      number: z.number(),
      question: z.string(),
      answered: z.number(),
      /** Of the attempts that answered this item, as a whole percent; null when none did. */
      percentCorrect: z.number().nullable(),
      mostChosenWrong: z.object({ answer: z.string(), count: z.number() }).nullable(),
    }),
  ),
});
export type PracticeResults = z.infer<typeof practiceResults>;

/** The teacher gives a student their attempts back (a classmate used them under their name, or a second chance). */
export const resetAttemptsQuery = z.object({
  studentName: z.string({ error: "Name the student whose attempts to reset" }).trim().min(1, "Name the student whose attempts to reset").max(120, "A student's name is at most 120 characters"),
});
export const resetAttemptsResult = z.object({ studentName: z.string(), deletedAttempts: z.number() });
export type ResetAttemptsResult = z.infer<typeof resetAttemptsResult>;
export const resetAllAttemptsResult = z.object({ deletedAttempts: z.number() });
export type ResetAllAttemptsResult = z.infer<typeof resetAllAttemptsResult>;

export const practiceExportFormats = ["qti", "moodle", "paper", "csv", "tsv"] as const;
export type PracticeExportFormat = (typeof practiceExportFormats)[number];

export const practiceMessages = {
  closed: "This quiz is closed",
  closedDetail: "Your teacher has closed it, so no more answers are taken. Ask your teacher if you think it should be open.",
  inactive: "This link is no longer active",
  inactiveDetail: "Your teacher may have deleted what it pointed to. Ask your teacher for a new link.",
  noAttemptsLeft: "You have used all your attempts at this quiz.",
  quizFull: `This quiz cannot take more answers: it has kept ${practiceLimits.maxAttemptsPerQuiz.toLocaleString("en")} already. Tell your teacher.`,
  notOnClassList: "That name is not on your teacher's class list. Check how you spelled your first and last name.",
  topicOffline: "Making practice from a topic needs an AI service, and none is set up. Paste the text of your lesson or upload a document instead.",
  notGraded: "This assignment has no graded work yet. Grade the class's submissions first, then make practice from them.",
} as const;
