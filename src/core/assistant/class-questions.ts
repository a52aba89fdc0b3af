/**
 * Questions about the teacher's own classes that the assistant answers from stored figures, without a model.
 * Each kind is recognised by the words a teacher uses for it; the assignment or student it is about is found
 * afterwards, against the teacher's own titles and names (class-answers.ts), so nothing here guesses a title.
 */
import { normalizeMessage } from "./text";

export const classQuestionKinds = ["reviewQueue", "notSubmitted", "overdue", "progress", "averages", "weakestCriterion", "strugglingStudents", "studentGrades", "changedAfterReview", "feedbackOpened"] as const;
export type ClassQuestionKind = (typeof classQuestionKinds)[number];

export interface ClassQuestion {
  kind: ClassQuestionKind;
  /** For averages: the teacher asked for the criteria too ("per criterion", "by trait"). */
  byCriterion?: boolean;
  /** For studentGrades and feedbackOpened: the name as typed. */
  student?: string;
  /** For strugglingStudents: the criterion a model's tool call names (a typed question names it in the message). */
  criterion?: string;
  /** The assignment it is about, as named by a model's tool call (a typed question names it in the message). */
  assignment?: string;
  /** Every name and every assignment, not the first few: asked for in the question, or in a "show all" after it. */
  showAll?: boolean;
}

const gradeWords = String.raw`(?:grades?|scores?|marks?|results?|points)`;

/** Opening, reading or seeing returned feedback (decision 019): the verb, and what was opened. */
const openVerbs = String.raw`(?:open|opens|opened|opening|read|seen|see|saw|view|viewed|looked at|look at|clicked(?: on)?|click(?: on)?|checked|accessed|used)`;
const returnedThings = String.raw`(?:feedback|feedback links?|links?|returned (?:work|grades?))`;
/** A question, not a command: "Open the feedback for Uniforms" is a page to open; "Did Maya open her feedback?" is this. */
const askingWords = String.raw`(?:who|which|how many|did|does|has|have|had|is|are|was|were|anyone|anybody|everyone|nobody|not|never|yet|whether|if)`;
const feedbackOpenedPattern = new RegExp(
  String.raw`^(?=.*(?:\b${askingWords}\b|n't\b)).*(?:\b${openVerbs}\b.*\b${returnedThings}\b|\b${returnedThings}\b.*\b(?:opened|read|seen|viewed|clicked|checked|accessed|used)\b)`,
);

/** In order: the first kind whose words the message has wins ("grades changed after review" is not the queue). */
const kinds: Array<[ClassQuestionKind, RegExp]> = [
  ["feedbackOpened", feedbackOpenedPattern],
  [
    "changedAfterReview",
    new RegExp(
      String.raw`\b(?:changed|edited|overrode|overridden|overrid(?:e|es|ing)|adjusted|modified|corrected|raised|lowered)\b.*\b${gradeWords}\b|\b${gradeWords}\b.*\b(?:changed|edited|overrode|overridden|adjusted|modified|corrected|raised|lowered)\b|\b(?:did|have) i (?:change|edit|override|adjust|correct)\b|\bdiffer(?:ed|s)? from (?:the )?(?:grader|engine|ai|machine)`,
    ),
  ],
  // Who, not what: "Who struggled with evidence?" names students; "What did the class struggle with?" a criterion.
  [
    "strugglingStudents",
    /\b(?:who|which (?:students?|kids|pupils|ones))\b.*\b(?:struggl\w*|did (?:poorly|badly|worst)|scored? (?:low|lowest|poorly|badly)|lowest|needs? (?:help|support|extra help)|fell behind|behind)\b/,
  ],
  [
    "weakestCriterion",
    /\bweakest\b|\bweak (?:spot|point|area|skill)s?\b|\b(?:lowest|worst)[- ](?:scoring |scored |rated )?(?:criterion|criteria|area|skill|part|trait|category)\b|\b(?:criterion|criteria|area|skill|trait|category)\b.*\b(?:lowest|worst)\b|\bstruggl\w*|\bneeds? (?:the )?most (?:work|help|practice|improvement)\b|\b(?:lose|losing|lost|drop|dropping) (?:the )?most (?:points|marks)\b/,
  ],
  [
    "notSubmitted",
    /(?:\bnot|n't|\bnever|\byet to|\bstill to|\bfailed to) (?:yet )?(?:submit(?:ted)?|turn(?:ed)? (?:it |them |anything |their \w+ )?in|hand(?:ed)? (?:it |them |anything |their \w+ )?in|sen[dt])\b|\bmissing\b|\bstill owes?\b|\bno submissions? from\b|\bwho (?:is|'s|are) (?:still )?(?:missing|outstanding)\b|\bnot (?:yet )?(?:received|in)\b.*\bfrom\b/,
  ],
  ["overdue", /\boverdue\b|\bpast (?:the |their |its )?(?:due|deadline)|\bmiss(?:ed)? (?:the |a |their |its )?deadline|\blate (?:work|submissions?|essays?|papers?)\b|\b(?:came|handed|turned|submitted) in late\b|\b(?:submissions?|essays?|papers?|work|students?|ones?|assignments?) (?:were|was|are|is|came|arrived) late\b|\bhow many (?:were |are )?late\b/],
  [
    "reviewQueue",
    /\bunreviewed\b|\bto review\b|\b(?:my|a|for|need|needs|needing|awaiting|await|waiting|pending|require|requires) (?:a |my |your )?review\b|\breview (?:queue|pile|list)\b|\bto (?:check|approve|look at|go through)\b|\bneeds? (?:my )?(?:checking|approval|attention)\b|\b(?:waiting|pending) (?:for|on) me\b|\bwaiting for me\b/,
  ],
  [
    "progress",
    /\bhow far\b|\bprogress\b|\bhow much (?:grading|is graded|is left|have you graded)\b|\b(?:left|remaining|remain) to (?:be )?grad|\bstill (?:being )?grad(?:ing|ed)\b|\bgraded so far\b|\b(?:is|are) (?:the )?(?:grading|essays|papers|submissions) (?:done|finished|complete|graded)\b|\bdone grading\b|\bfinished grading\b|\bgrading status\b|\bhow many (?:have been|are|were) graded\b|\bin the (?:grading )?queue\b/,
  ],
  [
    "averages",
    new RegExp(
      String.raw`\baverages?\b|\bmean\b|\bmedian\b|\bspread\b|\bdistribution\b|\bstandard deviation\b|\brange of ${gradeWords}|\bhow (?:well )?(?:did|does|is|are|has|have) (?:the |my |this |that )?(?:class|classes|students|kids|pupils|group|period|they|everyone)\b.*\b(?:do|doing|done|perform|performing|performed|score|scoring|scored)\b|\bclass (?:${gradeWords}|performance)\b|\b${gradeWords} (?:look|looking)\b`,
    ),
  ],
];

const byCriterionWords = /\b(?:per|by|each|every|for each|across) (?:criterion|criteria|trait|traits|category|categories|rubric (?:row|line|criterion)s?)\b|\bcriteria\b|\bcriterion\b/;

/** "How is Maya doing?", "Maya Chen's grades", "grades for Maya", "show me Maya's results". */
const studentPatterns = [
  /^(?:so |and |ok |okay )?how(?:'s| is| has) ([a-z][a-z' -]{1,60}?) (?:been )?(?:doing|done|getting on|getting along|performing|coping)\b/,
  new RegExp(String.raw`\b([a-z][a-z'-]+(?: [a-z][a-z'-]+){0,2})'s? ${gradeWords}\b`),
  new RegExp(String.raw`\b${gradeWords} (?:of|for|from) ([a-z][a-z' -]{1,60}?)(?: (?:across|on|in|so far|this|over)\b|[?.!]?$)`),
  /\bhow (?:did|does|has) ([a-z][a-z' -]{1,60}?) (?:do|score|scored|perform|performed|done)\b/,
];

/** Words that are not a student's name where the patterns above expect one. */
const notNames = /^(?:the|my|our|this|that|their|his|her|your|class|classes|students?|kids|pupils|everyone|everybody|they|it|things|grading|the class|my class|each student|all students|every student|i|we|you)$|^(?:the|my|our|this|each|every|all) /;

/** Words a request opens with that can sit before a name: "show me Maya's grades". */
const leadingWords = /^(?:(?:show|tell|give|list|display|see|check|get|find|pull up|what|whats|what's|are|is|were|was|me|us|the|about|all|of|please|can|could|you|i|want|to|know|would|like)\s+)+/;

function readStudent(text: string): string | undefined {
  for (const pattern of studentPatterns) {
    const name = pattern.exec(text)?.[1]?.trim().replace(/'s$/, "").replace(leadingWords, "");
    if (name && !notNames.test(name)) return name;
  }
  return undefined;
}

/** "Did Maya read her feedback?", "Has Maya Chen opened her link?", "Maya's feedback: was it opened?" */
const feedbackStudentPatterns = [
  new RegExp(String.raw`\b(?:did|has|have|had|hasn't|haven't|hadn't|didn't|is|was)\s+([a-z][a-z' -]{1,60}?)\s+(?:not\s+|ever\s+|yet\s+|already\s+|even\s+|actually\s+)?${openVerbs}\b`),
  /\b([a-z][a-z'-]+(?: [a-z][a-z'-]+){0,2})'s? (?:feedback|link)\b/,
];
const feedbackLeadingWords = /^(?:(?:has|have|had|did|does|is|was|show|tell|me|whether|if|check|so|and)\s+)+/;
/** Everyone, not one student ("Did anyone open their feedback?"), or the negation read as a name ("Who has not read…"). */
const notOneStudent = /^(?:not|never|any|all|some|most|no|none|anyone|anybody|someone|somebody|nobody|every|many|few)\b/;

function readFeedbackStudent(text: string): string | undefined {
  for (const pattern of feedbackStudentPatterns) {
    const name = pattern.exec(text)?.[1]?.trim().replace(/'s$/, "").replace(feedbackLeadingWords, "");
    if (name && !notNames.test(name) && !notOneStudent.test(name)) return name;
  }
  return undefined;
}

/** The question itself asks for the whole list: "List all the students who haven't submitted". */
const everyNameWords = /\b(?:show|list|give|name|see|tell)\b.*\b(?:all|every|everyone|everybody)\b|\b(?:full|whole|complete) list\b|\bevery name\b|\ball (?:the )?names\b/;

/**
 * A follow-up asking for the rest of the last answer's list: "show all", "who are the other 11?", "and the rest?".
 * Only whole short messages: "show all assignments" is a request of its own.
 */
const showAllFollowUps = [
  /^(?:(?:ok|okay|and|so|please|pls|thanks|now|yes|can you|could you|would you)[,!.]?\s+)*(?:(?:show|list|give|tell|name|see|display|send)(?: me| us)?\s+)?(?:them all|all of them|all(?: of)?(?: the)?(?: names| students| of it| others| the names)?|every name|everyone|everybody|the rest(?: of them| of the names)?|the others|the other \d+(?: \w+)?|(?:the )?(?:full|whole|complete) list|more|(?:all|every) (?:\d+ )?names?)(?: please)?[.!?]*$/,
  /^(?:and |so )?who (?:are|were|is) (?:the )?(?:other|others|rest)\b[^.?!]{0,40}[.?!]*$/,
  /^(?:and |so )?who else\b[^.?!]{0,40}[.?!]*$/,
];

export function isShowAllFollowUp(message: string): boolean {
  const text = normalizeMessage(message).toLowerCase().replace(/\s+/g, " ").trim();
  return showAllFollowUps.some((pattern) => pattern.test(text));
}

export function recognizeClassQuestion(message: string): ClassQuestion | undefined {
  const question = recognizeKind(message);
  if (!question) return undefined;
  return everyNameWords.test(normalizeMessage(message).toLowerCase()) ? { ...question, showAll: true } : question;
}

function recognizeKind(message: string): ClassQuestion | undefined {
  const text = normalizeMessage(message).toLowerCase().replace(/\s+/g, " ").trim();
  if (!text) return undefined;
  for (const [kind, pattern] of kinds) {
    // A named student's figures before the class's: "Maya's average" and "Maya's progress" are about Maya.
    if (kind === "progress") {
      const student = readStudent(text);
      if (student) return { kind: "studentGrades", student };
    }
    if (!pattern.test(text)) continue;
    if (kind === "averages") return { kind, byCriterion: byCriterionWords.test(text) };
    if (kind === "feedbackOpened") {
      const student = readFeedbackStudent(text);
      return student ? { kind, student } : { kind };
    }
    return { kind };
  }
  return undefined;
}
