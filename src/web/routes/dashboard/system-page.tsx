import { useQuery } from "@tanstack/react-query";
import { Bot, Database, KeyRound, Mail, Tag, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { SystemStatusResponse } from "../../../contracts/system";
import { Spinner } from "../../components/ui/spinner";
import { useDocumentTitle } from "../../lib/use-document-title";
import { cn } from "../../lib/utils";
import { PageBody, PageHeader } from "./page-header";

const databaseNames: Record<SystemStatusResponse["database"]["kind"], string> = {
  pglite: "PGlite (embedded PostgreSQL)",
  postgres: "PostgreSQL",
};

const mailNames: Record<SystemStatusResponse["mail"], string> = {
  smtp: "SMTP server",
  outbox: "Outbox (kept in the database and logged, not sent)",
};

export function SystemPage() {
  useDocumentTitle("System");
  const system = useQuery<SystemStatusResponse>({ queryKey: ["/api/system"], staleTime: 0 });

  return (
    <PageBody>
      <PageHeader title="System" description="What this Markwise installation runs on." />
      {system.isPending ? (
        <Spinner className="mt-10" label="Checking the system..." />
      ) : system.isError ? (
        <p role="alert" className="mt-8 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
          The system status could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <dl className="mt-8 grid max-w-3xl gap-3 sm:grid-cols-2">
          <Item icon={Tag} term="Version">
            {system.data.version}
          </Item>
          <Item icon={Database} term="Database">
            <span className="block">{databaseNames[system.data.database.kind]}</span>
            <span className={cn("mt-1 inline-flex items-center gap-1.5 text-sm font-medium", system.data.database.status === "up" ? "text-emerald-700" : "text-destructive")}>
              <span aria-hidden className={cn("size-2 rounded-full", system.data.database.status === "up" ? "bg-emerald-500" : "bg-destructive")} />
              {system.data.database.status === "up" ? "Up" : "Down"}
            </span>
          </Item>
          <Item icon={Bot} term="AI provider">
            {system.data.ai.provider ? (
              <>
                <span className="block">{system.data.ai.provider}</span>
                {system.data.ai.model ? <span className="block text-sm text-muted-foreground">Model {system.data.ai.model}</span> : null}
              </>
            ) : (
              "Built-in grader (no AI provider configured)"
            )}
          </Item>
          <Item icon={Mail} term="Mail">
            {mailNames[system.data.mail]}
          </Item>
          <Item icon={KeyRound} term="Google sign-in">
            {system.data.googleSignIn ? "Configured" : "Not configured"}
          </Item>
        </dl>
      )}
    </PageBody>
  );
}

function Item({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-border bg-surface p-5 shadow-card">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <dt className="text-sm text-muted-foreground">{term}</dt>
        <dd className="mt-0.5 font-medium wrap-anywhere">{children}</dd>
      </div>
    </div>
  );
}
