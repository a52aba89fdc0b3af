/**
 * Questions about the teacher's own classes that the assistant answers from stored figures, without a model.
 * Each kind is recognised by the words a teacher uses for it; the assignment or student it is about is found
 * afterwards, against the teacher's own titles and names (class-answers.ts), so nothing here guesses a title.
 */
import { normalizeMessage } from "./text";

export const classQuestionKinds = ["reviewQueue", "notSubmitted", "overdue", "progress", "averages", "weakestCriterion", "strugglingStudents", "studentGrades", "changedAfterReview"] as const;
export type ClassQuestionKind = (typeof classQuestionKinds)[number];

export interface ClassQuestion {
  kind: ClassQuestionKind;
  /** For averages: the teacher asked for the criteria too ("per criterion", "by trait"). */
  byCriterion?: boolean;
  /** For studentGrades: the name as typed. */
  student?: string;
  /** For strugglingStudents: the criterion a model's tool call names (a typed question names it in the message). */
  criterion?: string;
  /** The assignment it is about, as named by a model's tool call (a typed question names it in the message). */
  assignment?: string;
}

const gradeWords = String.raw`(?:grades?|scores?|marks?|results?|points)`;

/** In order: the first kind whose words the message has wins ("grades changed after review" is not the queue). */
const kinds: Array<[ClassQuestionKind, RegExp]> = [
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

export function recognizeClassQuestion(message: string): ClassQuestion | undefined {
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
    return { kind };
  }
  return undefined;
}
