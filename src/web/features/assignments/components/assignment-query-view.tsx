import type { UseQueryResult } from "@tanstack/react-query";
import { ArrowLeft, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { cn } from "../../../lib/utils";

/** The quiet link above an assignment page's title, back to where the teacher came from. */
export function BackLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={cn("inline-flex items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground", className)}>
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

/**
 * What every page about one assignment shows while its data loads or fails: a spinner, a "not yours" answer for a
 * 404 (another teacher's id looks exactly like a missing one), or the error with Try again.
 */
export function AssignmentQueryView<T>({ query, noun, children }: { query: UseQueryResult<T>; noun: string; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div role="alert" className="mt-6 grid gap-3 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
        <p className="font-medium">{isMissing ? "This assignment does not exist, or it is not yours." : `The ${noun} could not be loaded.`}</p>
        {isMissing ? null : (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void query.refetch()}>
            <RotateCcw aria-hidden />
            Try again
          </Button>
        )}
      </div>
    );
  }
  return <Spinner label={`Loading ${noun}...`} className="mt-10" />;
}
