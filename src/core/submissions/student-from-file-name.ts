import { collapseSpaces, titleCaseIfLowercase, unreverseName, type StudentName } from "./student-names.js";

/** Words that name the work, not the student, in the file names teachers receive. */
const workWords = new Set([
  "essay", "assignment", "final", "draft", "submission", "copy", "of", "homework", "hw", "project", "paper", "report",
  "revised", "revision", "rough", "late", "resubmission", "resubmit", "the", "my", "version", "edited", "updated",
]);

/**
 * Words that stand in for a name when papers are anonymised ("Student 7", "Candidate 0423"). With only these left,
 * the number after them is what tells the students apart, so it stays in the name instead of reading as a version.
 */
const placeholderWords = new Set([
  "student", "pupil", "learner", "anonymous", "anon", "candidate", "participant", "examinee", "entrant", "writer", "author", "user",
]);

const hasLetters = (text: string) => /\p{L}/u.test(text);

/**
 * Placeholder words, with at most a class code beside them ("P2_Student_01", "7B Student 3"): the number is what
 * tells the students apart. Twenty files "P2_Student_01" to "_20" had all become one "P2 Student".
 */
const isPlaceholderName = (words: string[]) =>
  words.some((word) => placeholderWords.has(word.toLowerCase())) && words.every((word) => placeholderWords.has(word.toLowerCase()) || /\d/.test(word));

/**
 * The student a submission's file name points at. Recognised, in this order:
 * - Canvas "Download submissions": login_userid_submissionid_original.ext ("doejane_123456_7891011_Essay-1.docx"),
 *   with "late" after the login when it was late. The login is kept as is ("doejane"): it is not a display name, but
 *   matchStudent knows how to compare it with one. The Canvas user id becomes the identifier.
 * - Moodle "Download all submissions": Full Name_participantid_assignsubmission_file_original.ext.
 * - Parts separated by a spaced dash ("Jane Doe - Persuasive Essay", "12345 - Jane Doe", "Doe, Jane - Essay 2"): a
 *   part of three or more digits alone is the identifier, and the name is the first part that holds no words about the work.
 * - Anything else: words split at spaces, underscores, dots and dashes, without words about the work and without
 *   short numbers (versions like "2" or "v3"); a number of 4 or more digits is the identifier.
 * A name that is only placeholder words ("Student", "Anonymous Candidate") keeps the first number of its part:
 * "Student 7" is a student of its own, while "Jordan Lee 2" is a second copy of Jordan Lee's paper.
 * A comma means "Last, First". Without one the written order is kept ("Doe_Jane" stays "Doe Jane"): nothing in a
 * file name says which word is the family name, and matchStudent compares names in any order anyway.
 * All-lowercase names are title-cased. When nothing is left, the name is the file name without its extension.
 */
export function studentFromFileName(fileName: string): StudentName {
  const base = fileName.split(/[/\\]/).pop() ?? fileName;
  const stem = collapseSpaces(base.replace(/\.[a-z0-9]{1,5}$/i, "").replace(/\s*\(\d+\)$/, ""));

  const canvas = /^([a-z][a-z0-9]*)(?:_late)?_(\d+)_\d+_.*$/i.exec(stem);
  if (canvas?.[1] && canvas[2]) return { name: canvas[1].toLowerCase(), identifier: canvas[2] };

  const moodle = /^(.+?)_\d+_assignsubmission_[a-z]+_/i.exec(stem);
  if (moodle?.[1]) return { name: titleCaseIfLowercase(unreverseName(moodle[1])) };

  const parts = stem.split(/\s+[-–—]\s+/);
  let identifier: string | undefined;
  const nameParts: string[] = [];
  for (const part of parts) {
    if (/^\d{3,}$/.test(part)) identifier ??= part;
    else nameParts.push(part);
  }
  const chosen = nameParts.find((part) => hasLetters(part) && wordsOf(part).every((word) => !isAboutTheWork(word))) ?? nameParts[0] ?? "";

  const words: string[] = [];
  let firstNumber: string | undefined;
  for (const word of wordsOf(chosen)) {
    if (/^\d+$/.test(word)) firstNumber ??= word;
    if (/^\d{4,}$/.test(word)) identifier ??= word;
    else if (!isAboutTheWork(word)) words.push(word);
  }
  if (firstNumber && isPlaceholderName(words)) words.push(firstNumber);
  const name = unreverseName(words.join(" ").replace(/\s+,/g, ","));
  if (!hasLetters(name)) {
    // "Essay_01" from a zip read as "Essay 01", as "Essay 01.txt" does.
    const fallback = collapseSpaces(stem.replace(/_/g, " "));
    return identifier ? { name: fallback, identifier } : { name: fallback };
  }
  return identifier ? { name: titleCaseIfLowercase(name), identifier } : { name: titleCaseIfLowercase(name) };
}

/**
 * Words of one part of a file name, split at spaces, underscores and dots. A hyphen splits too ("jane-doe-essay",
 * "Essay-1"), except between capitalised pieces: "Smith-Jones" is one family name. A comma stays on its word so
 * "Doe, Jane" keeps its meaning.
 */
function wordsOf(part: string): string[] {
  return part
    .split(/[\s_.]+/)
    .flatMap((word) => (/^\p{Lu}[^-]*(-\p{Lu}[^-]*)+$/u.test(word) ? [word] : word.split("-")))
    .filter(Boolean);
}

function isAboutTheWork(word: string): boolean {
  const bare = word.replace(/,$/, "").toLowerCase();
  return workWords.has(bare) || /^v?\d{1,3}$/.test(bare) || /^(essay|assignment|draft|hw|project|paper|report|lab|unit|week)\d+$/.test(bare);
}
