/** Calendar arithmetic in a named IANA time zone using only Intl (core stays free of date libraries). */

import { remembered } from "./remembered.js";

export const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for unknown zones, which is what callers should see.
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The wall-clock time an instant shows in the zone (shared between callers, so frozen). */
export const wallTimeAt = remembered((instant: number, timeZone: string): Readonly<WallTime> => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Object.freeze({
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    millisecond: ((instant % 1000) + 1000) % 1000,
  });
});

function utcOf(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/** Offset of the zone from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  return utcOf(wallTimeAt(instant, timeZone)) - instant;
}

/**
 * The instant a wall-clock time happens in the zone. Date.UTC normalises overflowing fields (day 32, month 13), so
 * callers can add days freely. A time skipped by a DST jump resolves to the instant just after the jump.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
  const asUtc = utcOf(wall);
  let instant = asUtc - offsetAt(asUtc, timeZone);
  // A second pass corrects the guess when the offset differs on the other side of a DST change.
  instant = asUtc - offsetAt(instant, timeZone);
  return instant;
}

/** The same wall-clock time `days` calendar days later in the zone (a day may be 23 or 25 hours long). */
export const addCalendarDays = remembered((instant: number, days: number, timeZone: string): number => {
  const wall = wallTimeAt(instant, timeZone);
  return instantOfWallTime({ ...wall, day: wall.day + days }, timeZone);
});
