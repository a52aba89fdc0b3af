/** A student as a file name, a roster line or a class list names them. */
export interface StudentName {
  name: string;
  /** A student number, a learning platform's user id, or an email address. */
  identifier?: string;
}

/**
 * A name's comparable words: accents, case and punctuation removed ("Zoë O'Brien-Smith" -> zoe, obrien, smith).
 * An apostrophe joins ("O'Brien" and "OBrien" are typed for the same person); any other punctuation separates.
 */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/['’ʼ`]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** "jane o'brien-smith" -> "Jane O'Brien-Smith"; a name with any capital is left as its owner wrote it. */
export function titleCaseIfLowercase(name: string): string {
  if (name !== name.toLowerCase()) return name;
  return name.replace(/(^|[\s'’-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** "Doe, Jane" -> "Jane Doe": a comma means the family name was written first. */
export function unreverseName(name: string): string {
  const [last, first, ...rest] = name.split(",").map((part) => part.trim());
  if (rest.length > 0 || !last || !first) return name.replace(/\s*,\s*/g, " ").trim();
  return `${first} ${last}`;
}

export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
