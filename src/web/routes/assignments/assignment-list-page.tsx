import { ClipboardList, Plus, RotateCcw } from "lucide-react";
import { Tabs } from "radix-ui";
import { Link, useSearchParams } from "react-router";
import type { AssignmentStatus } from "../../../contracts/assignments";
import { BackToDashboardHeader } from "../../components/simple-header";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { RequireSession } from "../../features/auth/require-session";
import { listStatuses } from "../../features/assignments/api";
import { AssignmentCard } from "../../features/assignments/components/assignment-card";
import { useAssignmentList, useSessionUserId } from "../../features/assignments/hooks";
import { useDocumentTitle } from "../../lib/use-document-title";
import { cn } from "../../lib/utils";

const tabText: Record<AssignmentStatus, { label: string; loading: string; empty: string }> = {
  active: { label: "Active", loading: "Loading active assignments...", empty: "No active assignments" },
  draft: { label: "Drafts", loading: "Loading draft assignments...", empty: "No draft assignments" },
  archived: { label: "Archived", loading: "Loading archived assignments...", empty: "No archived assignments" },
};

function isListStatus(value: string | null): value is AssignmentStatus {
  return (listStatuses as readonly string[]).includes(value ?? "");
}

export function AssignmentListPage() {
  useDocumentTitle("Assignments");
  return (
    <RequireSession>
      <AssignmentList />
    </RequireSession>
  );
}

/** Spec section 2: tabs Active, Drafts, Archived (the ?status= filter), New Assignment, one card per assignment. */
function AssignmentList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("status");
  const status: AssignmentStatus = isListStatus(requested) ? requested : "active";
  const { userId, isError } = useSessionUserId();

  return (
    <div className="flex min-h-dvh flex-col">
      <BackToDashboardHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">Assignments</h1>
            <p className="mt-2 leading-relaxed text-muted-foreground">Your rubrics, graded samples and autograding settings, one assignment at a time.</p>
          </div>
          <Button asChild>
            <Link to="/assignments/new">
              <Plus aria-hidden />
              New Assignment
            </Link>
          </Button>
        </div>

        <Tabs.Root
          value={status}
          onValueChange={(value) => setSearchParams(value === "active" ? {} : { status: value }, { replace: true })}
          className="mt-8"
        >
          <Tabs.List aria-label="Assignments by status" className="inline-flex w-full gap-1 rounded-xl bg-muted p-1 sm:w-auto">
            {listStatuses.map((item) => (
              <Tabs.Trigger
                key={item}
                value={item}
                className={cn(
                  "flex-1 rounded-lg px-4 py-2 text-sm font-medium text-muted-foreground transition-colors sm:flex-none",
                  "hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  "data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm",
                )}
              >
                {tabText[item].label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {listStatuses.map((item) => (
            <Tabs.Content key={item} value={item} className="mt-6 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2">
              {isError ? <LoadFailed /> : <AssignmentTab teacherId={userId} status={item} />}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
    </div>
  );
}


function AssignmentTab({ teacherId, status }: { teacherId: string | undefined; status: AssignmentStatus }) {
  const query = useAssignmentList(teacherId, status);
  const text = tabText[status];
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spinner label={text.loading} className="py-6" />;
  if (query.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-input px-4 py-12 text-center">
        <ClipboardList aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium">{text.empty}</p>
        <Button asChild variant="outline">
          <Link to="/assignments/new">
            <Plus aria-hidden />
            Create your first assignment
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <ul aria-label={`${text.label} assignments`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.map((assignment) => (
        <AssignmentCard key={assignment.id} assignment={assignment} />
      ))}
    </ul>
  );
}

function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
      <p className="font-medium">Your assignments could not be loaded. Check your connection and try again.</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden />
          Try again
        </Button>
      ) : null}
    </div>
  );
}
