import { ArrowRight, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { PageBody, PageHeader } from "./page-header";

/** A page whose content comes from graded submissions, saying honestly what will appear once there are some. */
export function EmptyPage({ title, description, icon: Icon, heading, body }: { title: string; description: string; icon: LucideIcon; heading: string; body: string }) {
  return (
    <PageBody>
      <PageHeader title={title} description={description} />
      <section className="mt-8 flex max-w-3xl flex-col items-start gap-4 rounded-2xl border border-dashed border-input bg-surface p-6 sm:p-8">
        <span className="grid size-12 place-items-center rounded-2xl bg-accent-soft text-primary">
          <Icon aria-hidden className="size-6" />
        </span>
        <h2 className="font-display text-xl font-semibold tracking-tight">{heading}</h2>
        <p className="max-w-prose leading-relaxed text-muted-foreground">{body}</p>
        <Button asChild variant="outline" size="sm">
          <Link to="/assignments">
            Go to your assignments
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </section>
    </PageBody>
  );
}
