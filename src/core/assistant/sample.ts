/**
 * A graded sample pasted into the chat: the student's text, the score ("Score: 8/10", "I gave this 85", "I gave it
 * eighty-two percent") and the feedback ("Feedback: ..." or whatever follows the score). An essay is long, so a short
 * message is never read as one unless the assistant asked for a sample or the teacher labelled it ("Essay: ...").
 */
import { isTeacherTalk } from "./grading-topics";
import { digitizeNumberWords } from "./numbers";
import { splitSentences, words } from "./text";
import type { SampleFact } from "./types";

export interface SampleReading {
  sample?: SampleFact;
  problems: string[];
  /** The message is mostly a student's text, so nothing in it may be read as the teacher's settings. */
  isStudentText: boolean;
}

const minimumEssayWords = 40;
/** A labelled paste may be a short answer: the label, not the length, says it is the student's. */
const minimumLabelledWords = 5;
/** Below this share of sentences about the setup, a long unlabelled text is the student's, not the teacher's. */
const teacherTalkShare = 1 / 3;
const percentSign = String.raw`(?:\s*(?:%|percent\b|per cent\b))?`;
const scoreLine = [
  /\b(?:score|grade|mark|total|points)\s*[:=-]?\s*(\d{1,3}(?:\.\d+)?)\s*(?:\/|out of)\s*(\d{1,3})\b/i,
  new RegExp(String.raw`\b(?:score|grade|mark|total)\s*[:=-]\s*(-?\d{1,3}(?:\.\d+)?)${percentSign}`, "i"),
  new RegExp(
    String.raw`\bi (?:gave|scored|graded|marked) (?:this|it|the essay|this essay|this one|this paper|the paper|him|her|them)(?: an?| a score of| as)?\s*(-?\d{1,3}(?:\.\d+)?)(?:\s*(?:\/|out of)\s*(\d{1,3}))?${percentSign}`,
    "i",
  ),
  /^\s*(\d{1,3}(?:\.\d+)?)\s*(?:\/|out of)\s*(\d{1,3})\s*\.?\s*$/i,
];
const feedbackLabel = /^\s*(?:my\s+)?(?:feedback|comments?|notes?|teacher comments?|what i wrote)\s*[:\-\u2013]\s*/i;
const contentLabel = /^\s*(?:the\s+)?(?:essay|student work|student essay|sample(?: essay| response| answer)?|submission|paper|response|student response|text)\s*[:\-\u2013]\s*/i;

/** Labels that start mid-paragraph get their own line, so one-paragraph pastes split like multi-line ones. */
function breakAtLabels(message: string): string[] {
  return message
    .replace(/\s+(?=(?:score|grade|feedback|comments?|my feedback|my comments)\s*:)/gi, "\n")
    .replace(/(?<=[.!?"])\s+(?=i (?:gave|scored|graded|marked) (?:this|it|the essay|this essay|this one|this paper|the paper)\b)/gi, "\n")
    .split("\n");
}

function matchScore(line: string): { score: number; maxScore?: number; rest: string } | undefined {
  for (const pattern of scoreLine) {
    const match = pattern.exec(line);
    if (!match) continue;
    const rest = line.slice(match.index + match[0].length).replace(/^\s*(?:[.,;:!-]|because|since)\s*/i, "").trim();
    return { score: Number(match[1]), ...(match[2] ? { maxScore: Number(match[2]) } : {}), rest };
  }
  return undefined;
}

/** The score as written, else in words ("eighty-two percent"); only the score line is digitized, never the essay. */
function readScore(line: string): { score: number; maxScore?: number; rest: string } | undefined {
  if (words(line).length > 40) return undefined;
  return matchScore(line) ?? matchScore(digitizeNumberWords(line));
}

/** Few of its sentences are about the setup or the teacher: the words are a student's. */
function isMostlyStudentWords(text: string): boolean {
  const sentences = splitSentences(text);
  return sentences.filter(isTeacherTalk).length < teacherTalkShare * sentences.length;
}

export function readSample(message: string, isAsked: boolean): SampleReading {
  const isLabelled = message.split("\n").some((line) => contentLabel.test(line));
  const reading: SampleReading = { problems: [], isStudentText: false };
  if (!isLabelled && !isAsked && words(message).length < minimumEssayWords) return reading;

  const content: string[] = [];
  const feedback: string[] = [];
  let mode: "content" | "feedback" = "content";
  let score: { score: number; maxScore?: number } | undefined;
  for (const line of breakAtLabels(message)) {
    if (feedbackLabel.test(line)) {
      mode = "feedback";
      feedback.push(line.replace(feedbackLabel, ""));
      continue;
    }
    if (contentLabel.test(line)) {
      mode = "content";
      content.push(line.replace(contentLabel, ""));
      continue;
    }
    const found = score ? undefined : readScore(line);
    if (found) {
      score = found.maxScore === undefined ? { score: found.score } : { score: found.score, maxScore: found.maxScore };
      // What a teacher writes after the score is, in practice, the feedback.
      if (mode === "content") mode = "feedback";
      if (found.rest) feedback.push(found.rest);
      continue;
    }
    (mode === "content" ? content : feedback).push(line);
  }

  const firstLine = content.findIndex((line) => line.trim());
  if (firstLine >= 0 && /:\s*$/.test(content[firstLine]!) && words(content[firstLine]!).length <= 12) content.splice(firstLine, 1);
  const essay = content.join("\n").trim();
  const comments = feedback.join("\n").trim();
  // Asked for a sample and given a score, a short text before it is the student's answer: a short-answer class's
  // samples are 20 words, and "I see a score but not the student's work" told that teacher something untrue.
  const hasEssay = words(essay).length >= (isLabelled || (isAsked && score) ? minimumLabelledWords : minimumEssayWords);
  reading.isStudentText = hasEssay && (isLabelled || isMostlyStudentWords(essay));
  // A long message of the teacher's own (welcome, preferences) is not a sample unless one was asked for.
  if (!reading.isStudentText && !isAsked) return reading;

  if (!score) {
    if (hasEssay) reading.problems.push("What score did you give this one? Add a line such as Score: 8/10 or I gave this 85.");
    return reading;
  }
  if (!hasEssay) {
    if (isAsked) reading.problems.push("I see a score but not the student's work. Paste the essay itself along with the score and your feedback.");
    return reading;
  }
  if (words(comments).length < 2) {
    reading.problems.push("I have the essay and the score, but not your feedback. Paste the comments you gave, starting with Feedback:");
    return reading;
  }
  if (score.score <= 0) {
    reading.problems.push("Score must be above 0");
    return reading;
  }
  if (score.maxScore !== undefined && (score.maxScore <= 0 || score.score > score.maxScore)) {
    reading.problems.push(`The score ${score.score} is more than the maximum of ${score.maxScore}.`);
    return reading;
  }
  reading.sample = { content: essay, score: score.score, ...(score.maxScore !== undefined ? { maxScore: score.maxScore } : {}), feedback: comments };
  return reading;
}
