/**
 * Times as the hot reads take them from the database's JSON and give them in answers. `new Date(text)` and
 * `toISOString` were a tenth of the CPU of a list of 30 submissions on PostgreSQL (issue 16): V8 formats an ISO
 * string through printf, and parses text with a general date grammar. These read and write the one form each side
 * uses, and hand anything else to Date itself.
 */

/** The digits of text[from, to) as a number, or -1 when one is not a digit. */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A time as PostgreSQL writes a `timestamptz` in JSON: `2026-11-27T15:13:00.123456+00:00`, the fraction optional and
 * 1 to 6 digits, the offset the session's. Milliseconds are truncated, as `new Date` truncates them. Any other form
 * (BC, a year beyond 9999, an offset in seconds, infinity) goes to `new Date`.
 */
export function timeFromJson(text: string): Date {
  const length = text.length;
  if (length < 25 || text[4] !== "-" || text[7] !== "-" || text[10] !== "T" || text[13] !== ":" || text[16] !== ":" || text[length - 3] !== ":") return new Date(text);
  let end = 19;
  let millisecond = 0;
  if (text[end] === ".") {
    const fractionEnd = length - 6;
    if (fractionEnd - end < 2 || fractionEnd - end > 7) return new Date(text);
    const fraction = digitsAt(text, end + 1, Math.min(fractionEnd, end + 4));
    if (fraction < 0 || digitsAt(text, end + 1, fractionEnd) < 0) return new Date(text);
    // ".1" is 100 ms, ".12" 120 ms: scaled by the digits read (at most three).
    millisecond = fraction * 10 ** (3 - Math.min(fractionEnd - end - 1, 3));
    end = fractionEnd;
  }
  if (end !== length - 6) return new Date(text);
  const sign = text[end] === "+" ? 1 : text[end] === "-" ? -1 : 0;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  const hour = digitsAt(text, 11, 13);
  const minute = digitsAt(text, 14, 16);
  const second = digitsAt(text, 17, 19);
  const offsetHours = digitsAt(text, end + 1, end + 3);
  const offsetMinutes = digitsAt(text, end + 4, end + 6);
  // A field that was not all digits is -1, and so is the bitwise or of all of them.
  if (!sign || (year | month | day | hour | minute | second | offsetHours | offsetMinutes) < 0) return new Date(text);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return new Date(text);
  const minutes = (daysSinceEpoch(year, month, day) * 24 + hour) * 60 + minute - sign * (offsetHours * 60 + offsetMinutes);
  return new Date((minutes * 60 + second) * 1000 + millisecond);
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Date.UTC took most of a parse's time). */
function daysSinceEpoch(year: number, month: number, day: number): number {
  // Years counted from March, so the leap day falls at the end of one (H. Hinnant's days_from_civil).
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);
const threeDigits = (value: number) => (value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`);

/** `date.toISOString()`, written without printf for the years 1000-9999; others (and an invalid date) go to Date. */
export function isoTime(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  return `${year}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}T${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}.${threeDigits(date.getUTCMilliseconds())}Z`;
}
