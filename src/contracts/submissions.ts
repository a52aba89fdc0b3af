import { toScore } from "./scores";
import { z } from "zod";
import { jsonField } from "./json-field";
import { earlierRubric } from "./earlier-rubric";
import { withoutDirectionMarks } from "./control-characters";

export const submissionStatuses = ["queued", "grading", "needs_review", "accepted", "failed"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];
export const submissionStatusLabels: Record<SubmissionStatus, string> = {
  queued: "Queued",
  grading: "Grading",
  needs_review: "Needs review",
  accepted: "Accepted",
  failed: "Could not grade",
};

/**
 * A grade's state in one word for every screen (list, queue, review page, gradebook): an accepted grade reads
 * "Reviewed" when the teacher accepted or edited it, "Auto-accepted" when the grader's confidence accepted it.
 */
export function gradeStateLabel(item: { status: SubmissionStatus; gradeSource: "automatic" | "reviewed" | null }): string {
  if (item.status !== "accepted") return submissionStatusLabels[item.status];
  return item.gradeSource === "reviewed" ? "Reviewed" : "Auto-accepted";
}

/** Limits of one upload request; the page sends a class set in several requests of this size. */
export const submissionLimits = {
  maxFilesPerRequest: 25,
  maxBytesPerFile: 10 * 1024 * 1024,
  maxBytesPerRequest: 60 * 1024 * 1024,
  maxTextCharacters: 200_000,
  maxNameLength: 120,
  maxRosterStudents: 1000,
} as const;

export const criterionGrade = z.object({
  criterionId: z.string(),
  score: z.number(),
  max: z.number(),
  min: z.number(),
  rationale: z.string(),
  /** Passages of the student's text, each verbatim: the evidence the page highlights. */
  quotes: z.array(z.string()),
});

/** What the engine gave, kept as it was even after a teacher edits the grade of record. */
export const engineGrade = z.object({
  criterionScores: z.array(criterionGrade),
  overallScore: z.number(),
  confidence: z.number(),
  tolerance: z.number(),
  feedback: z.string(),
  grader: z.enum(["builtin", "llm"]),
  fallbackReason: z.string().optional(),
});
export type EngineGrade = z.infer<typeof engineGrade>;

/**
 * The teacher's last review (accepted or edited), kept apart from the grade of record: a regrade replaces the grade
 * but not this, so Undo can restore it and the agreement figures always count it.
 */
export const teacherReview = z.object({
  criteriaScores: z.record(z.string(), z.number()).nullable(),
  overallScore: z.number(),
  feedback: z.string().nullable(),
  /** The engine's overall score the teacher reviewed, for the agreement figures (null for a grade with none). */
  engineOverallScore: z.number().nullable(),
  reviewedAt: z.string(),
  /** Set when the rubric's scoring changed after this review: the rubric it was given on (Undo restores it so). */
  earlierRubric: earlierRubric.optional(),
});
export type TeacherReview = z.infer<typeof teacherReview>;

export const latePenaltyView = z.object({
  daysLate: z.number(),
  penalty: z.number(),
  finalScore: z.number(),
  beyondMaxLateDays: z.boolean(),
  explanation: z.string(),
});
export type LatePenaltyView = z.infer<typeof latePenaltyView>;

export const matchingPassageView = z.object({ aStart: z.number(), aEnd: z.number(), bStart: z.number(), bEnd: z.number(), aText: z.string(), bText: z.string() });
export type MatchingPassageView = z.infer<typeof matchingPassageView>;

export const similarityMatchView = z.object({
  otherSubmissionId: z.string(),
  otherStudentName: z.string(),
  otherAssignmentId: z.string(),
  otherAssignmentTitle: z.string(),
  /** 0-100: share of the shorter text's fingerprint found in the other. */
  similarity: z.number(),
  /** aText/aStart are in this submission, bText/bStart in the other. */
  matches: z.array(matchingPassageView),
});
export type SimilarityMatchView = z.infer<typeof similarityMatchView>;

export const gradeEventSnapshot = z.object({
  status: z.enum(submissionStatuses).optional(),
  criteriaScores: z.record(z.string(), z.number()).nullable().optional(),
  overallScore: z.number().nullable().optional(),
  feedback: z.string().nullable().optional(),
  studentName: z.string().optional(),
  submittedAt: z.string().optional(),
});
export type GradeEventSnapshot = z.infer<typeof gradeEventSnapshot>;

export const gradeEventKinds = [
  "uploaded",
  "graded",
  "accepted_automatically",
  "sent_to_review",
  "grading_failed",
  "accepted",
  "edited",
  "regrade_requested",
  "review_restored",
  "details_changed",
  "added_to_samples",
  "rubric_changed",
] as const;
export const gradeEvent = z.object({
  id: z.string(),
  kind: z.enum(gradeEventKinds),
  actorName: z.string(),
  isAutomatic: z.boolean(),
  before: gradeEventSnapshot.nullable(),
  after: gradeEventSnapshot.nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type GradeEvent = z.infer<typeof gradeEvent>;

export const submissionSummary = z.object({
  id: z.string(),
  assignmentId: z.string(),
  studentName: z.string(),
  studentIdentifier: z.string().nullable(),
  rosterStudentId: z.string().nullable(),
  originalName: z.string().nullable(),
  wordCount: z.number(),
  isOcr: z.boolean(),
  submittedAt: z.string(),
  status: z.enum(submissionStatuses),
  attempts: z.number(),
  failureReason: z.string().nullable(),
  criteriaScores: z.record(z.string(), z.number()).nullable(),
  overallScore: z.number().nullable(),
  confidence: z.number().nullable(),
  gradeSource: z.enum(["automatic", "reviewed"]).nullable(),
  /** A reviewed grade kept through a change of the rubric's scoring: the rubric its scores are out of. */
  earlierRubric: earlierRubric.nullable(),
  reviewReason: z.string().nullable(),
  /** What the grader found in the text itself for the teacher to check, one sentence each (none for most texts). */
  textConcerns: z.array(z.string()),
  late: latePenaltyView.nullable(),
  /** Highest overlap found by the similarity check, or null when none is above the threshold. */
  topSimilarity: z.number().nullable(),
  createdAt: z.string(),
});
export type SubmissionSummary = z.infer<typeof submissionSummary>;

export const submissionDetail = submissionSummary.extend({
  content: z.string(),
  feedback: z.string().nullable(),
  engineGrade: engineGrade.nullable(),
  teacherReview: teacherReview.nullable(),
  similarity: z.array(similarityMatchView),
  history: z.array(gradeEvent),
  file: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** A reviewed grade teaches the grader (it calibrates the grades that follow) unless the teacher turned that off. */
  teachesGrader: z.boolean(),
});
export type SubmissionDetail = z.infer<typeof submissionDetail>;

export const learningInput = z.object({ teachesGrader: z.boolean({ error: "Say true or false: whether this reviewed grade teaches the grader" }) });

export const uploadOutcome = z.object({
  created: z.array(z.object({ fileName: z.string().nullable(), submissionId: z.string(), studentName: z.string() })),
  duplicates: z.array(z.object({ fileName: z.string().nullable(), submissionId: z.string().nullable(), studentName: z.string(), message: z.string() })),
  rejected: z.array(z.object({ fileName: z.string(), code: z.string(), message: z.string() })),
});
export type UploadOutcome = z.infer<typeof uploadOutcome>;

const earliestSubmission = Date.UTC(2000, 0, 1);
const clockSkewMs = 24 * 60 * 60 * 1000;
// Work is handed in before it is uploaded: a year 0001 or a time next year is a typo that would move the late penalty.
const isoInstant = z.iso
  .datetime({ offset: true, error: "Submission time must be a date and time like 2025-03-05T14:30:00Z" })
  .refine((value) => {
    const time = Date.parse(value);
    return time >= earliestSubmission && time <= Date.now() + clockSkewMs;
  }, "Submission time must be between the year 2000 and now");
/** True for a time zone name this runtime knows (IANA, like Europe/Paris). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
const timeZone = z.string().max(64).refine(isTimeZone, { message: "Time zone must be an IANA name like Europe/Paris" });
/** A student's name as read from a file or folder name: without direction marks, and at most the names' length. */
export function studentNameFromFile(raw: string): string {
  const name = withoutDirectionMarks(raw).replace(/\s+/g, " ").trim();
  if (!name) return "Unnamed student";
  return name.length <= submissionLimits.maxNameLength ? name : name.slice(0, submissionLimits.maxNameLength).replace(/\s+\S*$/, "").trim() || name.slice(0, submissionLimits.maxNameLength);
}

const studentName = z
  .string({ error: "Add the student's name or identifier" })
  .transform(withoutDirectionMarks)
  .pipe(
    z
      .string()
      .trim()
      .min(1, "Add the student's name or identifier")
      .max(submissionLimits.maxNameLength, `Keep the student's name under ${submissionLimits.maxNameLength} characters`),
  );

/** Per-file details sent beside the files, in the same order; anything left out comes from the file name and the upload time. */
export const uploadFileDetails = z.object({ studentName: studentName.optional(), submittedAt: isoInstant.optional() });

export const submissionUploadInput = z.object({
  files: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.instanceof(File, { error: "Each file must be a file" }))
      .min(1, "Choose at least one file (.txt, .doc, .docx, .pdf, a photo, or a .zip of them)")
      .max(submissionLimits.maxFilesPerRequest, `Send at most ${submissionLimits.maxFilesPerRequest} files per request`),
  ),
  details: jsonField("[]", "details must be JSON like [{\"studentName\": \"Jane Doe\"}]").pipe(z.array(uploadFileDetails)),
  timeZone: timeZone.optional(),
});

/** Some letter or digit: a text of dots, spaces or invisible characters is no student's work (as an empty file). */
export const hasReadableText = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

export const pastedSubmissionInput = z.object({
  studentName,
  text: z
    .string({ error: "Paste the student's work" })
    .trim()
    .min(1, "Paste the student's work")
    .max(submissionLimits.maxTextCharacters, "Keep pasted work within 200,000 characters")
    .refine(hasReadableText, "The pasted work has no words in it. Paste the student's writing"),
  submittedAt: isoInstant.optional(),
  timeZone: timeZone.optional(),
});

export const updateSubmissionInput = z
  .object({ studentName: studentName.optional(), submittedAt: isoInstant.optional() })
  .refine((body) => body.studentName !== undefined || body.submittedAt !== undefined, { message: "Change the student's name or the submission time" });

export const gradeEditInput = z.object({
  // Holistic grading too: the criteria's scores are the guidance kept beside the overall judgement.
  criteriaScores: z.record(z.string(), z.number({ error: "Each criterion score must be a number" }).min(0, "Scores cannot be negative").transform(toScore), {
    error: (issue) => (issue.input === undefined ? "Send a score for every criterion of the rubric, by criterion id" : undefined),
  }),
  feedback: z.string({ error: "Feedback must be text" }).trim().max(20_000, "Keep feedback within 20,000 characters"),
  /**
   * Holistic grading only: the one overall judgement (criterion scores are guidance beside it); kept as it was when
   * left out, except on a grade given on an earlier rubric, whose overall score is out of another total (then 400).
   * With points grading the overall score is always the criteria's sum.
   */
  overallScore: z.number({ error: "The overall score must be a number" }).min(0, "The overall score cannot be negative").transform(toScore).optional(),
  /**
   * The id of the newest history event the teacher saw when they began editing. When given, a grade changed since
   * (edited in another tab, graded again) is not overwritten: the save answers 409 and says what changed.
   */
  basedOn: z.uuid({ error: "basedOn must be the id of an event in the grade's history" }).optional(),
});
export type GradeEditInput = z.infer<typeof gradeEditInput>;

export const acceptInput = z
  .object({
    /**
     * The id of the newest history event the teacher saw. When given, a grade changed since (saved in another tab,
     * graded again) is not accepted unread: the accept answers 409 and says what changed.
     */
    basedOn: gradeEditInput.shape.basedOn,
  })
  .default({});
export type AcceptInput = z.infer<typeof acceptInput>;

/** The messages for a score outside its range: the review form says them before sending, the server the same. */
export const scoreRangeMessages = {
  criterion: (name: string, maxPoints: number) => `Score ${name} from 0 to ${maxPoints}`,
  overall: (total: number) => `Give an overall score from 0 to ${total}`,
};

export const regradeInput = z
  .object({
    /** Required when the grade was reviewed: the teacher has been told their version will be replaced. */
    confirm: z.boolean({ error: "confirm must be true or false" }).default(false),
  })
  .default({ confirm: false });
export type RegradeInput = z.infer<typeof regradeInput>;

export const submissionOrders = ["student", "review", "recent", "learning"] as const;
export type SubmissionOrder = (typeof submissionOrders)[number];

export const submissionListQuery = z.object({
  status: z.enum(submissionStatuses, { error: `status must be one of: ${submissionStatuses.join(", ")}` }).optional(),
  /** review: lowest confidence first, the review queue's order; learning: the reviews that would teach the grader most first. */
  order: z.enum(submissionOrders, { error: "order must be student, review, recent or learning" }).default("student"),
});

export const gradingProgress = z.object({
  total: z.number(),
  queued: z.number(),
  grading: z.number(),
  graded: z.number(),
  needsReview: z.number(),
  accepted: z.number(),
  failed: z.number(),
});
export type GradingProgress = z.infer<typeof gradingProgress>;

export const agreementView = z.object({
  reviewedCount: z.number(),
  exact: z.number(),
  adjacent: z.number(),
  qwk: z.number(),
  minimumReviewed: z.number(),
  /** True when auto-accept is trusted: enough reviewed grades and agreement above the gate. */
  isAutoAcceptTrusted: z.boolean(),
  explanation: z.string(),
});
export type AgreementView = z.infer<typeof agreementView>;

/** Agreement over one run of reviews, in the order the teacher reviewed them (reviews `from` to `to`, from 1). */
export const agreementGroup = z.object({ from: z.number(), to: z.number(), count: z.number(), exact: z.number(), withinTolerance: z.number() });
export const agreementGrowth = z.object({
  reviewedCount: z.number(),
  /** Reviews whose grade was within the tolerance of the grader's, and exactly the grader's. */
  withinTolerance: z.number(),
  exact: z.number(),
  /** In points: the tolerance the grades' confidence uses (1 point on scales up to 6, else 10% of the scale). */
  tolerance: z.number(),
  /** Null until there are enough reviews for it to mean something. */
  qwk: z.number().nullable(),
  groupSize: z.number(),
  groups: z.array(agreementGroup),
});
export type AgreementGrowth = z.infer<typeof agreementGrowth>;

/** One essay the teacher is asked to grade first, with why it was chosen. */
export const proposedSample = z.object({
  submissionId: z.string(),
  studentName: z.string(),
  status: z.enum(submissionStatuses),
  reason: z.string(),
});
export const proposedSamples = z.object({
  /** Graded texts the grader learns from: the assignment's samples and the reviews that teach it. */
  gradedCount: z.number(),
  /** How many graded texts the calibration wants; nothing is proposed once the assignment has them. */
  wantedCount: z.number(),
  proposals: z.array(proposedSample),
});
export type ProposedSamples = z.infer<typeof proposedSamples>;

export const rosterInput = z.object({
  text: z.string({ error: "Paste the class list or choose a CSV file" }).max(200_000, "Keep the class list within 200,000 characters"),
});
export const rosterEntry = z.object({
  id: z.string(),
  name: z.string(),
  identifier: z.string().nullable(),
  /** From an e-mail column or an address on the line: returned feedback is e-mailed there. */
  email: z.string().nullable(),
  submissionId: z.string().nullable(),
});
export const rosterView = z.object({
  students: z.array(rosterEntry),
  /** Roster students with no submission. */
  missing: z.array(rosterEntry),
  /** Submissions that match no roster student. */
  unmatched: z.array(z.object({ submissionId: z.string(), studentName: z.string() })),
  problems: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type RosterView = z.infer<typeof rosterView>;

export const gradebookRow = z.object({
  submissionId: z.string(),
  studentName: z.string(),
  studentIdentifier: z.string().nullable(),
  status: z.enum(submissionStatuses),
  criteriaScores: z.record(z.string(), z.number()).nullable(),
  rawScore: z.number().nullable(),
  latePenalty: z.number().nullable(),
  finalScore: z.number().nullable(),
  daysLate: z.number(),
  lateNote: z.string().nullable(),
  gradeSource: z.enum(["automatic", "reviewed"]).nullable(),
  /**
   * Given on an earlier rubric: rawScore and finalScore are out of its total, and criteriaScores hold only the
   * criteria the current rubric kept unchanged.
   */
  earlierRubric: earlierRubric.nullable(),
  topSimilarity: z.number().nullable(),
});
export const criterionDistribution = z.object({
  criterionId: z.string(),
  name: z.string(),
  maxPoints: z.number(),
  graded: z.number(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  /** Count of grades per whole-point score from 0 to maxPoints (index = score). */
  counts: z.array(z.number()),
});
/** Holistic: the score is one overall judgement and criterion scores are guidance; points: the score is their sum. */
export const scoreBasis = z.enum(["holistic", "points"]);
export const gradebook = z.object({
  assignmentId: z.string(),
  title: z.string(),
  totalPoints: z.number(),
  scoreBasis,
  criteria: z.array(z.object({ id: z.string(), name: z.string(), maxPoints: z.number() })),
  rows: z.array(gradebookRow),
  missing: z.array(z.object({ name: z.string(), identifier: z.string().nullable() })),
  distribution: z.array(criterionDistribution),
});
export type Gradebook = z.infer<typeof gradebook>;

export const notificationView = z.object({
  id: z.string(),
  kind: z.enum(["grading_finished", "review_waiting", "grading_failed"]),
  assignmentId: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationView>;

export const submissionMessages = {
  duplicate: (studentName: string) => `Already uploaded as ${studentName}'s work; the copy was skipped.`,
  notActive: "Submissions can be added to active assignments only. Activate the assignment first.",
  tooManyFiles: `Send at most ${submissionLimits.maxFilesPerRequest} files per request.`,
} as const;

/**
 * What printed and exported feedback does with grades nobody reviewed: leave them out (the default, so nothing
 * unread reaches a student) or include them with a visible draft mark.
 */
export const draftHandlings = ["omit", "mark"] as const;
export type DraftHandling = (typeof draftHandlings)[number];
export const draftMark = "Draft, not reviewed";
export const reportQuery = z.object({
  drafts: z.enum(draftHandlings, { error: `drafts must be one of: ${draftHandlings.join(", ")}` }).default("omit"),
});

/** One student's graded work as the printable feedback page shows it. */
export const feedbackSheet = z.object({
  submissionId: z.string(),
  studentName: z.string(),
  status: z.enum(submissionStatuses),
  /** Graded but not reviewed or accepted: printed with the draft mark. */
  isDraft: z.boolean(),
  criteria: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      maxPoints: z.number(),
      score: z.number().nullable(),
      rationale: z.string().nullable(),
      /** The passages of the student's text the grader's reasoning rests on, verbatim. */
      quotes: z.array(z.string()),
    }),
  ),
  rawScore: z.number().nullable(),
  /** What rawScore is out of: the rubric's total, or the earlier rubric's for a grade given on one. */
  outOf: z.number(),
  /** Given on an earlier rubric: the criteria above are that rubric's. */
  earlierRubric: earlierRubric.nullable(),
  late: latePenaltyView.nullable(),
  feedback: z.string().nullable(),
});
export type FeedbackSheet = z.infer<typeof feedbackSheet>;
export const feedbackReport = z.object({
  assignmentId: z.string(),
  title: z.string(),
  totalPoints: z.number(),
  scoreBasis,
  drafts: z.enum(draftHandlings),
  /** Graded work waiting for review: left out of the sheets (omit) or among them with the draft mark (mark). */
  draftCount: z.number(),
  sheets: z.array(feedbackSheet),
});
export type FeedbackReport = z.infer<typeof feedbackReport>;
