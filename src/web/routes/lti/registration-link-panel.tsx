import { Link2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { showFailure } from "../../features/assignments/toasts";
import { useCreateRegistrationLink } from "./api";
import { CopyRow } from "./copy-row";

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * LTI Dynamic Registration for admins: a one-time, expiring link to paste into Moodle or Canvas, which then registers
 * itself. The link is the admin's consent (decision record 021), so a stranger cannot register a platform.
 */
export function RegistrationLinkPanel() {
  const create = useCreateRegistrationLink();
  const link = create.data;
  return (
    <section aria-labelledby="dynamic-registration" className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6">
      <h2 id="dynamic-registration" className="font-display text-xl font-semibold tracking-tight">
        Register by link (Moodle, Canvas)
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Platforms with LTI Dynamic Registration register Markwise themselves: create a link, paste it into the platform's tool registration (Moodle: "Tool URL"; Canvas: "Dynamic Registration URL"). Each link registers one platform within 60 minutes.
      </p>
      {link ? (
        <dl className="mt-4 grid gap-3">
          <CopyRow label="Registration link" value={link.url} />
          <dd className="text-sm text-muted-foreground">Works once, until {timeOf(link.expiresAt)}. The platform appears below once it has registered (reload the page).</dd>
        </dl>
      ) : null}
      <Button className="mt-4" variant={link ? "outline" : "default"} disabled={create.isPending} onClick={() => create.mutate(undefined, { onError: (error) => showFailure("The registration link could not be created.", error) })}>
        {create.isPending ? <Spinner size="sm" /> : <Link2 aria-hidden />}
        {link ? "Create another link" : "Create a registration link"}
      </Button>
    </section>
  );
}
