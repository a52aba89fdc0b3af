/**
 * Invisible control characters have no place in a teacher's or student's text, and PostgreSQL refuses NUL outright.
 * Line and page breaks some programs write as \v or \f become line breaks; tab, line feed and carriage return stay.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000E-\u001F\u007F]/g;

/**
 * Half of a surrogate pair alone is no character: the database stores it as U+FFFD, so a name sent with one was
 * stored as "�Zed" and then also reported as a duplicate of itself. It becomes U+FFFD here, before anything compares.
 */
const loneSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripControlCharacters(text: string): string {
  return text.replace(/[\v\f]/g, "\n").replace(controlCharacters, "").replace(loneSurrogates, "\uFFFD");
}

/**
 * Characters that take no space and show nothing (format characters such as zero-width spaces and joiners, the word
 * joiner and the byte-order mark, and the Hangul and Braille blanks): text made only of these and white space reads
 * as empty to a teacher, so it is empty to every required field too ("Add the feedback you gave"), where `trim`
 * kept it as filled. Inside real text they stay (a joiner inside an emoji or an Indic word is meaningful).
 */
const invisible = "\\p{Cf}\u115F\u1160\u3164\uFFA0\u2800";
const holdsInvisible = new RegExp(`[${invisible}]`, "u");
const onlyInvisible = new RegExp(`^[\\s${invisible}]*$`, "u");

/** "" for text made only of invisible characters and white space; any other text as it is. */
export function blankIfInvisible(text: string): string {
  return holdsInvisible.test(text) && onlyInvisible.test(text) ? "" : text;
}

/** Every string inside a parsed JSON value or form, cleaned; files and other values are left as they are. */
export function stripControlCharactersDeep(value: unknown): unknown {
  if (typeof value === "string") return blankIfInvisible(stripControlCharacters(value));
  if (Array.isArray(value)) return value.map(stripControlCharactersDeep);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [stripControlCharacters(key), stripControlCharactersDeep(item)]));
  }
  return value;
}

/** Where a JSON value holds control characters, as dotted paths ("name", "profile.bio"): for bodies passed on as sent. */
export function controlCharacterPaths(value: unknown, path = ""): string[] {
  if (typeof value === "string") return /[\v\f]/.test(value) || stripControlCharacters(value) !== value ? [path || "body"] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => controlCharacterPaths(item, path ? `${path}.${index}` : String(index)));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => controlCharacterPaths(item, path ? `${path}.${key}` : key));
  return [];
}

/**
 * Marks that reorder text (right-to-left overrides and isolates): invisible, and in a name they make
 * "Ann\u202etxt.exe" read as "Annexe.txt" in every list and download, so they are taken out of names and file names.
 */
const directionMarks = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const withoutDirectionMarks = (text: string): string => text.replace(directionMarks, "");
