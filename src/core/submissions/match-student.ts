import { nameWords, type StudentName } from "./student-names.js";

export interface RosterStudent extends StudentName {
  id: string;
}

/**
 * The roster id of the student a candidate (from a file name or a platform export) is, or undefined when no one or
 * more than one student fits. Tried in order, each only when the one before found no one:
 * 1. the identifier, ignoring case (emails);
 * 2. the name, ignoring case, accents, punctuation, spacing and word order ("Doe, Jane" and "jane doe" match);
 * 3. a one-word candidate as a Canvas login: the roster name's words run together, given name first or family
 *    name (the last word) first ("janedoe", "doejane").
 * Guessing between two students would hand one student's grade to another, so ties answer undefined.
 */
export function matchStudent(roster: RosterStudent[], candidate: StudentName): string | undefined {
  const identifier = candidate.identifier?.trim().toLowerCase();
  if (identifier) {
    const byIdentifier = roster.filter((student) => student.identifier?.trim().toLowerCase() === identifier);
    if (byIdentifier.length > 0) return only(byIdentifier);
  }

  const words = nameWords(candidate.name);
  if (words.length === 0) return undefined;
  const key = [...words].sort().join(" ");
  const byName = roster.filter((student) => [...nameWords(student.name)].sort().join(" ") === key);
  if (byName.length > 0) return only(byName);

  const [login] = words;
  if (words.length !== 1 || !login) return undefined;
  return only(roster.filter((student) => loginsFor(student.name).includes(login)));
}

/** The family name is the last space-separated part, hyphenated or not ("José Álvarez-Ruiz" -> alvarezruizjose). */
function loginsFor(name: string): string[] {
  const parts = name.split(/[\s,]+/).map((part) => nameWords(part).join("")).filter(Boolean);
  if (parts.length < 2) return [];
  return [parts.join(""), [...parts.slice(-1), ...parts.slice(0, -1)].join("")];
}

function only(students: RosterStudent[]): string | undefined {
  return students.length === 1 ? students[0]?.id : undefined;
}
