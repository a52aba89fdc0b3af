import { format, isValid } from "date-fns";

/** "Mar 5, 2025, 2:30 PM" in the teacher's own time zone. */
export function formatSubmittedAt(iso: string): string {
  const date = new Date(iso);
  return isValid(date) ? format(date, "MMM d, yyyy, h:mm a") : iso;
}

/** An ISO instant as the value a datetime-local field shows (local time, minutes). */
export function toLocalInputValue(iso: string): string {
  const date = new Date(iso);
  return isValid(date) ? format(date, "yyyy-MM-dd'T'HH:mm") : "";
}

/** A datetime-local value (local wall time) as an ISO instant; blank stays undefined so the server uses its default. */
export function fromLocalInputValue(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return isValid(date) ? date.toISOString() : undefined;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
