/**
 * Welcome facts: the teacher's name, school and course, and the course preset a course matches. Sentences such as
 * "my name is Dana Ruiz, I teach 10th grade English at Jefferson High" say all three; short answers ("Jefferson
 * High") count only when the assistant just asked for that field.
 */
import { fieldsNamedIn } from "./grading-topics";
import { digitizeNumberWords } from "./numbers";
import { isQuestion, splitSentences } from "./text";
import type { CoursePresetId, ProfileField } from "./types";

export interface WelcomeReading {
  name?: string;
  school?: string;
  course?: string;
  coursePreset?: CoursePresetId;
  confidence: Partial<Record<"name" | "school" | "course" | "coursePreset", number>>;
}

/** Course texts that match a preset (spec section 3): AP U.S. History and English. */
const presetPatterns: { id: CoursePresetId; pattern: RegExp }[] = [
  { id: "apush", pattern: /\bapush\b|\bap\s*u\.?\s?s\.?\s*(?:history|hist)\b|\bap\s+(?:united states|american)\s+history\b/i },
  { id: "english", pattern: /\benglish\b|\bela\b|\bap\s+lit(?:erature)?\b|\bap\s+lang(?:uage)?\b|\blanguage arts\b|\bliterature\b/i },
];

export function matchCoursePreset(course: string): CoursePresetId | undefined {
  return presetPatterns.find(({ pattern }) => pattern.test(course))?.id;
}

const notNameWords = new Set(
  ("not so really very pretty here ready happy good fine just sorry back done new a an the teaching going from at in also still sure glad " +
    "excited tired hoping looking trying currently and i teach with who but my to of on for what how why hi hello hey thanks thank you ok okay " +
    "yes no yeah nope hmm um uh maybe idk let me think well strict gentle direct neutral english history math science").split(" "),
);
const smallTalk = /^(?:hi|hello|hey|thanks|thank you|ok|okay|sure|yes|no|yeah|nope|hmm+|um+|uh+|maybe|idk|i don't know|not sure|let me think|one sec|wait|good morning|good afternoon|cool|great|nice)\b/i;

function titleCase(text: string): string {
  return text.replace(/\b([a-z])/g, (letter) => letter.toUpperCase());
}

/** Up to four name words, stopping at the first word that is not part of a name. */
function cleanName(raw: string, requireCapitals: boolean): string | undefined {
  const kept: string[] = [];
  for (const word of raw.trim().split(/\s+/)) {
    const bare = word.replace(/[,.!;:]+$/, "");
    const isTitle = /^(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?$/i.test(bare);
    if (isTitle) {
      kept.push(word.replace(/[,;:!]+$/, ""));
      continue;
    }
    if (notNameWords.has(bare.toLowerCase()) || !/^[A-Za-z][A-Za-z'-]*$/.test(bare)) break;
    if (requireCapitals && !/^[A-Z]/.test(bare)) break;
    kept.push(bare);
    // Punctuation after a word ends the name: "Dana Ruiz, I teach ...".
    if (kept.length === 4 || bare !== word) break;
  }
  if (kept.length === 0 || /^(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?$/i.test(kept[kept.length - 1]!)) return undefined;
  const name = kept.join(" ");
  return name === name.toLowerCase() ? titleCase(name) : name;
}

function readName(sentence: string): string | undefined {
  const explicit = /\b(?:my name is|my name's|name's|name is|name:|call me|they call me)\s+(.+)/i.exec(sentence);
  if (explicit) return cleanName(explicit[1]!, false);
  const introduced = /(?:^|[\s,])(?:i am|i'm|im|this is)\s+((?:(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?\s+)?[A-Z].*)/i.exec(sentence);
  if (introduced) return cleanName(introduced[1]!, true);
  const signedHere = /^((?:(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?\s+)?[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)\s+here\b/.exec(sentence);
  return signedHere ? cleanName(signedHere[1]!, true) : undefined;
}

const capitalWords = String.raw`(?:[A-Z][\w.'&-]*\s+){1,5}`;
const schoolNouns = String.raw`(?:[Hh]igh [Ss]chool|[Hh]igh|HS|[Mm]iddle [Ss]chool|[Mm]iddle|[Ee]lementary(?: [Ss]chool)?|[Aa]cademy|[Pp]rep(?:aratory)?(?: [Ss]chool)?|[Ss]chool|[Cc]ollege|[Cc]harter(?: [Ss]chool)?|[Ii]nstitute|[Ss]econdary(?: [Ss]chool)?|[Cc]ollegiate|[Cc]ountry [Dd]ay|ISD|USD)`;
const schoolAfterAt = new RegExp(String.raw`\b(?:at|from|for)\s+((?:[Tt]he\s+)?${capitalWords}${schoolNouns})\b`);
const workAt = /\b(?:[Tt]each|[Ww]ork|am|[Ii]'m|[Tt]eaching|[Ww]orking)\s+at\s+((?:the\s+)?[A-Z][\w.'&-]*(?:\s+[A-Z][\w.'&-]*){0,5})/;
const schoolIs = /\b(?:my school is|school is|school's|school:|the school is)\s+(?:called\s+)?(.+)/i;

function cleanPhrase(raw: string, maxWords: number): string | undefined {
  const phrase = raw.replace(/\s+(?:and|but|where|which|who|so)\b.*$/i, "").replace(/[.!,;:]+$/, "").trim();
  if (!phrase || phrase.split(/\s+/).length > maxWords || smallTalk.test(phrase)) return undefined;
  return phrase;
}

function readSchool(sentence: string): string | undefined {
  const named = schoolAfterAt.exec(sentence);
  if (named) return cleanPhrase(named[1]!, 8);
  const stated = schoolIs.exec(sentence);
  if (stated) return cleanPhrase(stated[1]!.split(/[,.;!]/)[0]!, 8);
  const workplace = workAt.exec(sentence);
  if (workplace) return cleanPhrase(workplace[1]!, 8);
  return undefined;
}

const gradeLevelOnly = /^(?:(?:\d+(?:st|nd|rd|th)|\w+th) grade(?:rs)?|high school|middle school|elementary(?: school)?|kids|students|juniors|seniors|freshmen|sophomores|teenagers|them|it|that|this)$/i;

function cleanCourse(raw: string): string | undefined {
  const course = raw
    // Sentences are already split (with "U.S." kept whole), so only a final period ends the course here.
    .split(/\s+(?:at|in|for|to|with|and i|and my|and we|where|because|since)\b|[,;!?]|\.\s*$/i)[0]!
    .replace(/^(?:a|an|the|mostly|mainly|primarily|currently|just|only|both)\s+/i, "")
    .replace(/\s+(?:this year|right now|currently|these days|now)$/i, "")
    .replace(/\s+teacher$/i, "")
    .trim();
  if (/^(?:at|in|for|to|how|them|my|our|their|kids|students|about|from|since|with|on|here|there|full|part|over|under|well|a lot)\b/i.test(course)) return undefined;
  // "3 sections of 28 kids" counts classes; it does not name a course.
  if (/^\d+\s|\b(?:kids|students|sections|classes|periods|years)\b/i.test(course)) return undefined;
  if (!course || gradeLevelOnly.test(course) || course.split(/\s+/).length > 8 || smallTalk.test(course)) return undefined;
  return course;
}

function readCourse(sentence: string): string | undefined {
  const teach = /\b(?:i teach|i'm teaching|im teaching|i am teaching|teaching|i cover)\s+(.+)/i.exec(sentence);
  if (teach) return cleanCourse(teach[1]!);
  const stated = /\b(?:my (?:course|class|subject) is|the (?:course|class) is|course:|class:|subject:|my course's)\s+(.+)/i.exec(sentence);
  return stated ? cleanCourse(stated[1]!) : undefined;
}

/**
 * A short answer that names a grading setting ("strictness eighty five", "I'm a fairly lenient grader", "medium
 * length") answers that setting, not the welcome question. A title makes a name of it ("Mr. Short").
 */
function isAboutGrading(answer: string, field: "name" | "school" | "course"): boolean {
  if (field === "name" && /^(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?\s/i.test(answer)) return false;
  // A name has no numbers in it, in digits or in words.
  if (field === "name" && digitizeNumberWords(answer) !== answer) return true;
  return fieldsNamedIn(answer).length > 0;
}

/** A short reply to "What's your name / school / course?": the whole message, with lead-ins removed. */
function readShortAnswer(message: string, field: "name" | "school" | "course"): string | undefined {
  const text = message.trim().replace(/[.!]+$/, "");
  if (!text || isQuestion(text) || smallTalk.test(text) || text.split(/\s+/).length > 8 || !/[a-z]{2}/i.test(text)) return undefined;
  const answer = text.replace(/^(?:it's|its|it is|i'm|im|i am|call me|we're|we are|at|i teach at|i work at|i teach|i'm at|mostly|mainly|the school is|my school is|my name is)\s+/i, "");
  if (isAboutGrading(answer, field)) return undefined;
  if (field === "name") {
    // After "I'm" a name is capitalised ("I'm reading Lincoln's speeches" is not one); a bare answer is all name.
    const isIntroduced = /^(?:i'm|im|i am|we're|we are)\s/i.test(text);
    const name = answer.replace(/\s+here$/i, "");
    const kept = cleanName(name, isIntroduced);
    return kept && (isIntroduced || kept.split(/\s+/).length === name.split(/\s+/).length) ? kept : undefined;
  }
  if (field === "course") return cleanCourse(answer);
  return cleanPhrase(answer.replace(/^the\s+/i, (article) => (/^the\s+[a-z]/.test(answer) ? "" : article)), 8);
}

export function readWelcomeFacts(message: string, askedField?: ProfileField, isWelcomeStep = false): WelcomeReading {
  const reading: WelcomeReading = { confidence: {} };
  for (const sentence of splitSentences(message)) {
    if (isQuestion(sentence)) continue;
    reading.name ??= readName(sentence);
    reading.school ??= readSchool(sentence);
    reading.course ??= readCourse(sentence);
  }
  // A short answer is read only when the message stated nothing itself: "I work at Roosevelt Academy" is a school.
  const statedSomething = reading.name !== undefined || reading.school !== undefined || reading.course !== undefined;
  for (const field of ["name", "school", "course"] as const) {
    if (reading[field] !== undefined) reading.confidence[field] = 1;
    else if (askedField === field && !statedSomething) {
      const answer = readShortAnswer(message, field);
      if (answer) {
        reading[field] = answer;
        reading.confidence[field] = 0.9;
      }
    }
  }
  // A course named on its own during the welcome ("we do AP Lit this year") is still the course.
  if (!reading.course && isWelcomeStep && !isQuestion(message)) {
    const named = /\b(?:apush|ap\s*u\.?\s?s\.?\s*history|ap\s+(?:united states|american)\s+history|ap\s+lit(?:erature)?|ap\s+lang(?:uage)?|(?:\d+(?:st|nd|rd|th)\s+grade\s+)?english(?:\s+\d+)?|ela)\b/i.exec(message);
    if (named) {
      reading.course = named[0];
      reading.confidence.course = 0.8;
    }
  }
  if (reading.course) {
    const preset = matchCoursePreset(reading.course);
    if (preset) {
      reading.coursePreset = preset;
      reading.confidence.coursePreset = reading.confidence.course ?? 1;
    }
  }
  return reading;
}
