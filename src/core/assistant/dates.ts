/**
 * Calendar days in the teacher's time zone. Due dates are compared as plain days (YYYY-MM-DD) so "due Mar 5" means
 * the same day wherever the server runs.
 */

/** The calendar day of an instant in a time zone; an unknown zone falls back to UTC rather than failing. */
export function dayInZone(instant: Date, timeZone = "UTC"): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  try {
    return format(timeZone);
  } catch {
    return format("UTC");
  }
}

/** A stored due date as a calendar day: date-only strings as they are, timestamps in the teacher's zone. */
export function dueDay(dueDate: string | null, timeZone?: string): string | undefined {
  if (!dueDate) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) return dueDate;
  const instant = new Date(dueDate);
  return Number.isNaN(instant.getTime()) ? undefined : dayInZone(instant, timeZone);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mar 5", with the year when it is not the reference day's year: "Jan 8, 2027". */
export function formatDay(day: string, referenceDay?: string): string {
  const [year, month, date] = day.split("-").map(Number);
  const label = `${months[(month ?? 1) - 1]} ${date}`;
  return referenceDay && referenceDay.slice(0, 4) !== day.slice(0, 4) ? `${label}, ${year}` : label;
}
