import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";
import { countQuoteWords, minQuoteWords, shareCopiedFrom, type FeedbackParts, type FeedbackSentenceView } from "../../src/core/grading/index.js";
import { borrowedPassageShare } from "../../src/core/grading/feedback/passages.js";

/**
 * The feedback rules of issue 13, measured on what the student reads. A quotation is a passage in double quotation
 * marks; it is real when it has six words or more and occurs verbatim in the essay.
 */

export interface StudentFeedback {
  essay: string;
  text: string;
  parts: FeedbackParts;
  /** The assignment's prompt, and its prompt and source text together, as runs of words (`copiedRunsOf`). */
  promptRuns: ReadonlySet<number>;
  borrowedRuns: ReadonlySet<number>;
}

/**
 * The content comment's sentences about a detail the student chose (read-content.ts): its praise ("... with a detail
 * from the text: "..."") and the steps that build on it ("after "...", explain ... how the detail ...", "... why this
 * example proves ...").
 */
const praisesEvidence = /detail(?: from the text)?: ["“]|how (?:the|this) detail|why this example/;

/**
 * A quotation made mostly of the assignment's words: the prompt's anywhere, the source's anywhere but in the praise of
 * evidence the student chose from it.
 */
export function isBorrowedQuotation(feedback: StudentFeedback, sentence: string, quotation: string): boolean {
  const runs = praisesEvidence.test(sentence) ? feedback.promptRuns : feedback.borrowedRuns;
  return shareCopiedFrom(quotation, runs) > borrowedPassageShare;
}

const doubleQuoted = /"([^"]+)"|“([^”]+)”/g;
const singleQuoted = /‘[^’]*’/g;

/** Every passage of the rendered text that stands in double quotation marks. */
export function quotationsIn(sentence: string): string[] {
  return [...sentence.matchAll(doubleQuoted)].map((m) => m[1] ?? m[2] ?? "");
}

export function isRealQuotation(essay: string, quotation: string): boolean {
  return countQuoteWords(quotation) >= minQuoteWords && essay.includes(quotation);
}

/** Each passage the generator says it quotes must appear in the rendered text inside double quotation marks. */
export function shownQuotations(feedback: StudentFeedback, sentence: FeedbackSentenceView): string[] {
  return sentence.quotes.filter((q) => feedback.text.includes(`"${q}"`) || feedback.text.includes(`“${q}”`));
}

function sentencesOf(parts: FeedbackParts): FeedbackSentenceView[] {
  return [...(parts.opening ? [parts.opening] : []), ...parts.sections.flatMap((s) => s.sentences)];
}

/** The rendered text is exactly the headings and sentences the measures read, nothing more. */
export function isRenderedFromParts(feedback: StudentFeedback): boolean {
  const blocks = feedback.parts.sections.map((s) => `${s.heading}\n${s.sentences.map((x) => x.text).join(" ")}`);
  return [feedback.parts.opening?.text, ...blocks].filter(Boolean).join("\n\n") === feedback.text;
}

export interface QuotationMeasures {
  comments: number;
  /** Criterion comments with at least one real quotation shown in quotation marks. */
  commentsWithQuotation: number;
  students: number;
  /** Students with a next step that quotes their own text. */
  studentsWithQuotedStep: number;
  /** Quotations shown that are not verbatim passages of six words or more (must be zero). */
  falseQuotations: number;
  /** Quotations made mostly of the assignment's words (`isBorrowedQuotation`), quoted back as the student's. */
  borrowedQuotations: number;
}

export function measureQuotations(class_: StudentFeedback[]): QuotationMeasures {
  const m: QuotationMeasures = { comments: 0, commentsWithQuotation: 0, students: class_.length, studentsWithQuotedStep: 0, falseQuotations: 0, borrowedQuotations: 0 };
  for (const feedback of class_) {
    let hasQuotedStep = false;
    for (const section of feedback.parts.sections) {
      m.comments++;
      const real = section.sentences.flatMap((s) => quotationsIn(s.text)).filter((q) => isRealQuotation(feedback.essay, q));
      if (real.length > 0) m.commentsWithQuotation++;
      for (const s of section.sentences) {
        for (const q of quotationsIn(s.text)) {
          if (!isRealQuotation(feedback.essay, q)) m.falseQuotations++;
          else if (isBorrowedQuotation(feedback, s.text, q)) m.borrowedQuotations++;
        }
        if (s.role === "step" && quotationsIn(s.text).some((q) => isRealQuotation(feedback.essay, q))) hasQuotedStep = true;
      }
    }
    if (hasQuotedStep) m.studentsWithQuotedStep++;
  }
  return m;
}

/**
 * A sentence with its quotations and numbers taken out, as the boilerplate rule compares them. Strict also takes out
 * the single words named in single quotation marks.
 */
export function skeleton(sentence: string, strict: boolean): string {
  let s = sentence.replace(doubleQuoted, " ");
  if (strict) s = s.replace(singleQuoted, " ");
  return s
    .replace(/\d+(?:[.,/]\d+)*/g, " ")
    .toLowerCase()
    .replace(/[^a-z’'\s]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export interface BoilerplateMeasure {
  sentences: number;
  boilerplate: number;
  share: number;
  /** The most widespread skeletons, with the share of students whose feedback has them. */
  top: Array<{ skeleton: string; studentShare: number }>;
}

/** A sentence whose skeleton appears in more than 20% of students' feedback is boilerplate; headings are not sentences. */
export function measureBoilerplate(class_: StudentFeedback[], strict: boolean): BoilerplateMeasure {
  const studentsWith = new Map<string, number>();
  const perStudent = class_.map((f) => sentencesOf(f.parts).map((s) => skeleton(s.text, strict)));
  for (const skeletons of perStudent) for (const key of new Set(skeletons)) studentsWith.set(key, (studentsWith.get(key) ?? 0) + 1);
  const limit = 0.2 * class_.length;
  let sentences = 0;
  let boilerplate = 0;
  for (const skeletons of perStudent) {
    sentences += skeletons.length;
    boilerplate += skeletons.filter((k) => (studentsWith.get(k) ?? 0) > limit).length;
  }
  const top = [...studentsWith.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([key, n]) => ({ skeleton: key, studentShare: n / Math.max(1, class_.length) }));
  return { sentences, boilerplate, share: sentences ? boilerplate / sentences : 0, top };
}

/**
 * Praise and criticism are judged from the words around the quotations, by an evaluative word list and by wink-nlp's
 * sentiment, independently of how the sentence was generated. Sentences that give a next step are suggestions, not
 * judgements, and are not counted either way.
 */
const positiveWords = "good|great|well|strong|strongest|clear|clearly|effective|effectively|excellent|vivid|precise|exact|sharpens?|correct|correctly|careful|carefully|skilful|skillful|impressive|thoughtful|nice|engaging|compelling|convincing|works|shines?|like how|enjoy|proud|back up|support";
const positive = new RegExp(`\\b(?:${positiveWords})\\b`, "g");
const negative = /\b(?:not|no|never|lacks?|missing|without|weak|weakest|unclear|vague|general|hard|difficult|confusing|errors?|mistakes?|misspelled|slips?|wrong|incorrect|runs on|run-on|choppy|predictable|repetitive|alike|little|only|stops|short|fix|problem|needs?|lower-case|outline|rather than)\b/g;
const stepOpening = /^(?:next step|a next step|do this|next|to go further|if you want to take it further)\b/i;

let sentiment: ((text: string) => number) | undefined;
function sentimentOf(text: string): number {
  if (!sentiment) {
    const nlp = winkNLP(model);
    sentiment = (t) => nlp.readDoc(t).out(nlp.its.sentiment) as unknown as number;
  }
  return sentiment(text);
}

export type Judgement = "praise" | "criticism" | "neutral" | "suggestion";

/** An evaluative word right after "no", "not", "never" or "without" counts the other way ("no clear ending"). */
const negatedPositive = new RegExp(`\\b(?:no|not|never|without)\\s+(?:\\w+\\s+)?(?:${positiveWords})\\b`, "g");

export function judge(sentence: string): Judgement {
  if (stepOpening.test(sentence)) return "suggestion";
  const words = sentence.replace(doubleQuoted, " ").replace(singleQuoted, " ").toLowerCase();
  const flipped = words.match(negatedPositive)?.length ?? 0;
  const net = (words.match(positive)?.length ?? 0) - 2 * flipped - (words.match(negative)?.length ?? 0);
  const mood = sentimentOf(words);
  if (net > 0 || (net === 0 && mood >= 0.25)) return "praise";
  if (net < 0 || (net === 0 && mood <= -0.25)) return "criticism";
  return "neutral";
}

export interface AgreementMeasure {
  lowComments: number;
  praisedLow: number;
  highComments: number;
  criticisedHigh: number;
  /** Share of bottom- and top-third comments that break the rule. */
  breakShare: number;
}

/** A comment on a score in the bottom third is not praised; one in the top third is not mostly criticised. */
export function measureScoreAgreement(class_: StudentFeedback[]): AgreementMeasure {
  const m = { lowComments: 0, praisedLow: 0, highComments: 0, criticisedHigh: 0, breakShare: 0 };
  for (const feedback of class_) {
    for (const section of feedback.parts.sections) {
      const judgements = section.sentences.map((s) => judge(s.text));
      const praise = judgements.filter((j) => j === "praise").length;
      const criticism = judgements.filter((j) => j === "criticism").length;
      if (section.band === "low") {
        m.lowComments++;
        if (praise > 0) m.praisedLow++;
      } else if (section.band === "high") {
        m.highComments++;
        if (criticism > praise) m.criticisedHigh++;
      }
    }
  }
  const judged = m.lowComments + m.highComments;
  m.breakShare = judged ? (m.praisedLow + m.criticisedHigh) / judged : 0;
  return m;
}
