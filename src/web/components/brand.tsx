import { Link } from "react-router";
import { cn } from "../lib/utils";

/** The Markwise mark: a check inside a rounded square, drawn in the accent colour. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 17.5l4.5 4.5L23 10.5" fill="none" className="stroke-primary-foreground" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The brand as a link home, for the top-left of every page. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        "inline-flex items-center gap-2.5 rounded-lg font-display text-xl font-semibold tracking-tight text-foreground",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background",
        className,
      )}
    >
      <BrandMark />
      Markwise
    </Link>
  );
}
