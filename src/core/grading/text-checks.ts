import { fnv1a } from "../similarity/index.js";
import { featureValue, type TextAnalysis } from "./features.js";
import { stemInformativeness } from "./topic-weights.js";

/**
 * Texts a grade should not be trusted on without a teacher reading them: an answer to another assignment, text that
 * is not English words or a scan the reader misread, the prompt or source copied out, one passage pasted again and
 * again, a fraction of what the class wrote (a scan or upload that lost most of the essay), or many times it. The grader's features were fitted on real answers,
 * so on these it can give a middling grade with a confident air (an on-topic essay of another prompt scored 7 of 12
 * on ASAP set 1 at confidence 64). Each check names what it found for the teacher; a grade with any of them always
 * waits for review (review-gate.ts).
 *
 * Thresholds were set on the shared human-scored essays (`npm run bench:grading -- --text-checks`): together they
 * send 0.21% of real answers to review, scored 0.23 of their scale on average, and doubt the grade of 71% of the
 * answers of 40 words or more to other prompts slipped into a class (shorter ones are not read for their topic). An
 * answer on a neighbouring topic, or in a class that mixes prompts, is not caught. See docs/decisions/023-text-checks.md.
 */

export type TextConcernKind =
  | "off-topic"
  | "not-words"
  | "not-sentences"
  | "misread"
  | "unpunctuated"
  | "copied"
  | "repeated"
  | "very-short"
  | "very-long";

export interface TextConcern {
  kind: TextConcernKind;
  /** For the teacher, one sentence: what was found. */
  message: string;
  /** Whether the grade itself is in doubt, not only the text: its confidence is then at most doubtfulConfidence. */
  doubtsGrade: boolean;
}

/** What a class's texts have in common: their words, their relevance to one another and their length. */
export interface ClassProfile {
  /** Sum of the texts' unit vectors of square-rooted stem counts. */
  centroid: Map<string, number>;
  centroidNormSquared: number;
  /** The texts' fingerprints, so a text of the class is compared with the others and not with itself. */
  members: Set<string>;
  /** Median relevance of a class text to the rest of the class. */
  typicalRelevance: number;
  /** The prompt's content stems as a unit vector, and the class's median cosine with it; none without a prompt. */
  prompt?: { unit: Map<string, number>; typicalRelevance: number };
  medianWords: number;
}

/**
 * The grader's features were fitted on answers to the prompt: on these texts its estimate is a guess, and a guess at
 * the top of a short scale would otherwise keep the high confidence the scale's end gives it (an answer to another
 * prompt graded 4 of 4 at 92). At best even odds.
 */
export const doubtfulConfidence = 50;

/** Fewer distinct texts than this, and the class's words say too little about its topic. */
export const minimumClassTexts = 5;
/** Off-topic: relevance under this share of the class's typical one (0.04% of the bench's real answers). */
export const offTopicRelevanceShare = 0.2;
/** Off the prompt: under this share of the class's typical relevance and of its typical cosine with the prompt. */
export const offPromptClassShare = 0.35;
export const offPromptShare = 0.4;
/** The prompt rule reads texts with at most this share of misspelled words. */
const offPromptMisspelledShare = 0.1;
/** A prompt of fewer content words says too little of its topic to judge an answer by. */
const minPromptStems = 4;
/** Not words: more than this share of the words unknown to the dictionary (no real answer of 20 words or more). */
export const unknownWordShare = 0.5;
const longestWord = 45;
/**
 * Not sentences: fewer of its words than this are the small words sentences are built on (the, of, to, and; the
 * grader's stop words and words under three letters). Students' answers of 40 words or more have 24% at the least
 * (22,084 answers of the essay data), most 45-55%; a list of random common words has 1-2%. Graded as an essay, 300
 * such words scored 11 of 12 in an audit, on their length and vocabulary.
 */
export const sentenceWordShare = 0.15;
/**
 * Unpunctuated: fewer punctuation marks than this per 100 words (one in a 200-word essay), in a text of
 * `unpunctuatedWords` or more: 0.1% of the essay data's answers of 100 words or more (13 of 12,177; under one per 100
 * words, 36). A strong essay with its punctuation taken out scored 10 of 12, Conventions 5 of 6, in an audit: the
 * features were fitted on texts whose sentences end.
 */
export const punctuationPer100Words = 0.5;
export const unpunctuatedWords = 100;
export const isUnpunctuated = (words: number, punctuationMarks: number) => words >= unpunctuatedWords && (100 * punctuationMarks) / words < punctuationPer100Words;
/**
 * A text read from a scan or photo with more unknown words than this was probably misread: students' own typed
 * answers have at most 10-17% (the 99th percentile of each data set), tesseract on handwriting often far more. Its
 * spelling features count the reader's mistakes as the student's.
 */
export const scanUnknownWordShare = 0.15;
/**
 * Copied: more than this share of the words in five-word runs of the prompt or source (0.28% of ASAP's answers, which
 * quote their source texts). The app's assignments have a prompt and no source text, so there it is the prompt.
 */
export const copiedShareLimit = 0.9;
/** Repeated: more than this share of the words repeat an earlier eight-word run (0.03% of real answers). */
export const repeatedShareLimit = 0.5;
/**
 * Very short: fewer words than this share of the class's median, in a class writing essays (a median of
 * `essayWords` or more). Short-answer classes have their one-line answers, scored at the bottom and graded so.
 */
export const veryShortShare = 0.15;
export const essayWords = 100;
/**
 * Very long: more words than this many times the class's median, in a class writing essays: a file holding several
 * answers, or classmates' essays joined (25 of them scored 30 of 30 in an audit). The grader's length features were
 * fitted on single answers, so its grade is in doubt.
 */
export const veryLongTimes = 4;
/** The checks of words and topic need this many words to say anything. */
export const wordsForTopicChecks = 40;
export const wordsForWordCheck = 20;
export const wordsForRunChecks = 15;

/**
 * A text's content stems weighted by what they say of its topic (topic-weights.ts) and square-rooted, so a word used
 * ten times says less than ten words used once; unit length.
 */
function unitVector(stemCounts: Map<string, number>): Map<string, number> {
  const unit = new Map<string, number>();
  let norm = 0;
  for (const [stem, count] of stemCounts) {
    const weight = count * stemInformativeness(stem);
    if (weight <= 0) continue;
    unit.set(stem, Math.sqrt(weight));
    norm += weight;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (const [stem, value] of unit) unit.set(stem, value * scale);
  return unit;
}

/** Same text, same fingerprint; the order of the stems does not matter (a sum). */
function fingerprintOf(a: TextAnalysis): string {
  let sum = 0;
  for (const [stem, count] of a.stemCounts) sum = (sum + Math.imul(fnv1a(stem), count + 1)) >>> 0;
  return `${a.wordCount}:${a.stemCounts.size}:${sum}`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};

/** Cosine of a text's words with the rest of the class (the text itself left out when it is one of them). */
function relevanceToClass(unit: Map<string, number>, isMember: boolean, profile: Pick<ClassProfile, "centroid" | "centroidNormSquared">): number {
  let dot = 0;
  for (const [stem, value] of unit) dot += value * (profile.centroid.get(stem) ?? 0);
  const selfLength = unit.size ? 1 : 0;
  const others = isMember ? dot - selfLength : dot;
  const normSquared = isMember ? profile.centroidNormSquared - 2 * dot + selfLength : profile.centroidNormSquared;
  return selfLength && normSquared > 1e-12 ? Math.max(0, others) / Math.sqrt(normSquared) : 0;
}

const dotOf = (a: Map<string, number>, b: Map<string, number>) => {
  let dot = 0;
  for (const [stem, value] of a) dot += value * (b.get(stem) ?? 0);
  return dot;
};

/**
 * Far from the class's words, or somewhat far from them and from the prompt's too: a story of a summer at a lake in
 * a class arguing about the school week shares "week" and "day" with it (0.31 of the typical relevance), and almost
 * nothing with the prompt (0.06 where the class has 0.20).
 */
function isOffTopic(a: TextAnalysis, profile: ClassProfile): boolean {
  // A class that shares no words has no topic to stray from.
  if (profile.typicalRelevance <= 0) return false;
  const unit = unitVector(a.stemCounts);
  const relevance = relevanceToClass(unit, profile.members.has(fingerprintOf(a)), profile) / profile.typicalRelevance;
  if (relevance < offTopicRelevanceShare) return true;
  // A weak speller's words miss the prompt's spelling, not its topic ("compootrs", "intrnet"): judged by the class alone.
  const { prompt } = profile;
  const isSpelledWell = a.misspelled.length <= offPromptMisspelledShare * a.wordCount;
  return Boolean(prompt && isSpelledWell && relevance < offPromptClassShare && dotOf(unit, prompt.unit) < offPromptShare * prompt.typicalRelevance);
}

/** The class as the checks see it (samples and submissions, each distinct text once); none for a small class. */
export function classProfileOf(analyses: TextAnalysis[], promptStems: ReadonlySet<string> = new Set()): ClassProfile | undefined {
  const distinct = new Map<string, TextAnalysis>();
  for (const a of analyses) distinct.set(fingerprintOf(a), a);
  if (distinct.size < minimumClassTexts) return undefined;
  const units = [...distinct.values()].map((a) => unitVector(a.stemCounts));
  const centroid = new Map<string, number>();
  for (const unit of units) for (const [stem, value] of unit) centroid.set(stem, (centroid.get(stem) ?? 0) + value);
  let centroidNormSquared = 0;
  for (const value of centroid.values()) centroidNormSquared += value * value;
  const shape = { centroid, centroidNormSquared };
  const promptUnit = unitVector(new Map([...promptStems].map((stem) => [stem, 1])));
  return {
    ...shape,
    members: new Set(distinct.keys()),
    typicalRelevance: median(units.map((unit) => relevanceToClass(unit, true, shape))),
    ...(promptUnit.size >= minPromptStems ? { prompt: { unit: promptUnit, typicalRelevance: median(units.map((unit) => dotOf(unit, promptUnit))) } } : {}),
    medianWords: median([...distinct.values()].map((a) => a.wordCount)),
  };
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** How the text reached the grader: typed or pasted, or read from an image by OCR (a scan or a photo). */
export interface TextSource {
  readFromImage?: boolean;
}

/** The grade's confidence as the concerns leave it: at most doubtfulConfidence when one doubts the grade. */
export function confidenceWithConcerns(confidence: number, concerns: readonly TextConcern[]): number {
  return concerns.some((c) => c.doubtsGrade) ? Math.min(confidence, doubtfulConfidence) : confidence;
}

/** What a teacher should know about a text before its grade counts; empty for an ordinary answer. */
export function concernsFor(a: TextAnalysis, profile: ClassProfile | undefined, source: TextSource = {}): TextConcern[] {
  const concerns: TextConcern[] = [];
  // Words in another script are unknown words too; a text mostly in one is not English however short.
  const words = a.wordCount + a.otherScriptWords;
  const unknown = words ? (a.misspelled.length + a.otherScriptWords) / words : 0;
  // A run of letters longer than any English word is no word, however short the text ("b" 200,000 times).
  const cannotBeEnglish = a.otherScriptWords > a.wordCount || a.misspelled.some((m) => m.text.length > longestWord);
  if (source.readFromImage && words >= wordsForWordCheck && unknown > scanUnknownWordShare) {
    concerns.push({ kind: "misread", doubtsGrade: true, message: `${percent(unknown)} of the words read from the image are not in the English dictionary: compare the text with the original file before the grade counts.` });
  } else if ((words >= wordsForWordCheck || cannotBeEnglish) && unknown > unknownWordShare) {
    concerns.push({ kind: "not-words", doubtsGrade: true, message: `${percent(unknown)} of its words are not in the English dictionary: it may be in another language, or not an answer.` });
  } else if (a.wordCount >= wordsForTopicChecks && featureValue(a, "stopWordShare") < sentenceWordShare) {
    const share = percent(featureValue(a, "stopWordShare"));
    concerns.push({ kind: "not-sentences", doubtsGrade: true, message: `Only ${share} of its words are the small words sentences are built on (the, of, to, and), where answers have a quarter or more: it may be a list of words, not an answer.` });
  } else if (isUnpunctuated(a.wordCount, a.punctuationMarks)) {
    const marks = a.punctuationMarks === 0 ? "no punctuation" : a.punctuationMarks === 1 ? "1 punctuation mark" : `${a.punctuationMarks} punctuation marks`;
    concerns.push({ kind: "unpunctuated", doubtsGrade: true, message: `It has ${marks} in ${a.wordCount} words, so the grader cannot tell where its sentences end: read it before the grade counts.` });
  }
  if (a.wordCount >= wordsForRunChecks && a.copiedShare > copiedShareLimit) {
    concerns.push({ kind: "copied", doubtsGrade: true, message: `${percent(a.copiedShare)} of it repeats the prompt or source text word for word.` });
  }
  // The prompt pasted three times repeats itself too; saying it was copied says enough.
  if (a.wordCount >= wordsForRunChecks && a.repeatedShare > repeatedShareLimit && concerns.length === 0) {
    concerns.push({ kind: "repeated", doubtsGrade: true, message: `${percent(a.repeatedShare)} of it repeats passages it already has.` });
  }
  if (!profile) return concerns;
  if (a.wordCount >= wordsForTopicChecks && concerns.length === 0 && isOffTopic(a, profile)) {
    concerns.push({ kind: "off-topic", doubtsGrade: true, message: "It shares few words with the rest of the class: it may answer another assignment." });
  }
  if (profile.medianWords >= essayWords && a.wordCount < veryShortShare * profile.medianWords) {
    const has = a.wordCount === 1 ? "1 word" : `${a.wordCount} words`;
    concerns.push({ kind: "very-short", doubtsGrade: false, message: `It has ${has} where the class's texts have about ${Math.round(profile.medianWords)}: check the whole text arrived.` });
  }
  if (profile.medianWords >= essayWords && a.wordCount > veryLongTimes * profile.medianWords) {
    concerns.push({ kind: "very-long", doubtsGrade: true, message: `It has ${a.wordCount} words where the class's texts have about ${Math.round(profile.medianWords)}: check it is one student's answer.` });
  }
  return concerns;
}
