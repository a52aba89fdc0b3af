import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ltiPlatformInput, type LtiPlatformInput, type LtiPlatformView, type LtiToolUrls } from "../../../contracts/lti";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { Textarea } from "../../components/ui/textarea";
import { fieldProps, FormField } from "../../features/auth/components/form-field";
import { showFailure, showSuccess } from "../../features/assignments/toasts";
import { ApiError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";
import { PageBody, PageHeader } from "../dashboard/page-header";
import { usePlatformActions, usePlatforms } from "./api";
import { CopyRow } from "./copy-row";
import { RegistrationLinkPanel } from "./registration-link-panel";

const toolRows: { key: keyof LtiToolUrls; label: string }[] = [
  { key: "loginUrl", label: "OpenID Connect login URL" },
  { key: "launchUrl", label: "Launch / redirect URL" },
  { key: "deepLinkingUrl", label: "Deep linking URL" },
  { key: "jwksUrl", label: "Public keyset (JWKS) URL" },
  { key: "domain", label: "Domain" },
];

/**
 * Learning platforms (LTI 1.3): the tool's URLs to paste into Canvas, Moodle, Schoology or Brightspace, and the
 * platforms registered here. Installation admins (ADMIN_EMAILS) add, change and remove them; others can only read.
 */
export function LtiPlatformsPage() {
  useDocumentTitle("Learning platforms");
  const platforms = usePlatforms();
  const [editing, setEditing] = useState<LtiPlatformView | "new" | null>(null);
  const [removing, setRemoving] = useState<LtiPlatformView | null>(null);
  const actions = usePlatformActions();

  const remove = () => {
    if (!removing) return;
    actions.remove.mutate(removing.id, {
      onSuccess: () => {
        showSuccess(`Removed ${removing.name}. Its launches are refused from now on.`);
        setRemoving(null);
      },
      onError: (error) => showFailure("The platform could not be removed.", error),
    });
  };

  return (
    <PageBody>
      <PageHeader title="Learning platforms" description="Connect Markwise to Canvas, Moodle, Schoology or Brightspace with LTI 1.3. docs/lti.md explains each platform step by step.">
        {platforms.data?.canManage && editing === null ? (
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden />
            Add a platform
          </Button>
        ) : null}
      </PageHeader>
      {platforms.isPending ? (
        <Spinner className="mt-10" label="Loading platforms..." />
      ) : platforms.isError ? (
        <p role="alert" className="mt-8 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
          The platforms could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <div className="mt-8 grid max-w-4xl gap-6">
          <section aria-labelledby="tool-urls" className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6">
            <h2 id="tool-urls" className="font-display text-xl font-semibold tracking-tight">
              Markwise's addresses for the platform
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">Paste these into the platform's tool registration. Set the tool to open in a new window.</p>
            <dl className="mt-4 grid gap-3">
              {toolRows.map((row) => (
                <CopyRow key={row.key} label={row.label} value={platforms.data.tool[row.key]} />
              ))}
            </dl>
          </section>

          {platforms.data.canManage ? <RegistrationLinkPanel /> : null}

          {editing ? <PlatformForm platform={editing === "new" ? null : editing} onDone={() => setEditing(null)} /> : null}

          <section aria-labelledby="registered" className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6">
            <h2 id="registered" className="font-display text-xl font-semibold tracking-tight">
              Registered platforms
            </h2>
            {platforms.data.canManage ? null : (
              <p className="mt-1 text-sm text-muted-foreground">Only an administrator of this Markwise installation can add or change platforms (their e-mail is in ADMIN_EMAILS).</p>
            )}
            {platforms.data.platforms.length ? (
              <ul className="mt-4 grid gap-3">
                {platforms.data.platforms.map((platform) => (
                  <li key={platform.id} className="grid gap-2 rounded-xl border border-border p-3">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <h3 className="font-semibold wrap-anywhere">{platform.name}</h3>
                        <p className="text-sm break-all text-muted-foreground">{platform.issuer}</p>
                      </div>
                      {platforms.data.canManage ? (
                        <div className="flex gap-2">
                          <Button variant="outline" size="sm" onClick={() => setEditing(platform)} aria-label={`Edit ${platform.name}`}>
                            <Pencil aria-hidden />
                            Edit
                          </Button>
                          <Button variant="outline" size="sm" onClick={() => setRemoving(platform)} aria-label={`Remove ${platform.name}`}>
                            <Trash2 aria-hidden />
                            Remove
                          </Button>
                        </div>
                      ) : null}
                    </div>
                    <p className="text-sm [overflow-wrap:anywhere]">
                      Client id {platform.clientId} · {platform.deploymentIds.length === 1 ? "deployment" : "deployments"} {platform.deploymentIds.join(", ")}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-4 rounded-xl border border-dashed border-input p-4 text-sm text-muted-foreground">No platform is registered yet.</p>
            )}
          </section>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={`Remove ${removing?.name ?? "this platform"}?`}
        description="Its links to assignments go with it, and launches from it are refused. Grades already sent stay in the platform."
        confirmLabel="Remove platform"
        onConfirm={remove}
        isPending={actions.remove.isPending}
      />
    </PageBody>
  );
}

const fields: { key: Exclude<keyof LtiPlatformInput, "deploymentIds">; label: string; hint?: string }[] = [
  { key: "name", label: "Name", hint: "How teachers see it, e.g. School Canvas" },
  { key: "issuer", label: "Issuer (platform ID)", hint: "Exactly as the platform shows it, e.g. https://canvas.instructure.com" },
  { key: "clientId", label: "Client ID" },
  { key: "authLoginUrl", label: "Authentication request URL" },
  { key: "tokenUrl", label: "Access token URL" },
  { key: "keysetUrl", label: "Public keyset URL" },
];

function PlatformForm({ platform, onDone }: { platform: LtiPlatformView | null; onDone: () => void }) {
  const { save } = usePlatformActions();
  const [values, setValues] = useState(() => ({
    name: platform?.name ?? "",
    issuer: platform?.issuer ?? "",
    clientId: platform?.clientId ?? "",
    authLoginUrl: platform?.authLoginUrl ?? "",
    tokenUrl: platform?.tokenUrl ?? "",
    keysetUrl: platform?.keysetUrl ?? "",
    deploymentIds: platform?.deploymentIds.join("\n") ?? "",
  }));
  // The contract's own messages, checked here first; the server's answer (a duplicate) when it refuses.
  const [localErrors, setLocalErrors] = useState<Record<string, string> | null>(null);
  const errors = localErrors ?? (save.error instanceof ApiError ? (save.error.fields ?? {}) : {});
  const deploymentError = Object.entries(errors).find(([key]) => key.startsWith("deploymentIds"))?.[1];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ltiPlatformInput.safeParse({ ...values, deploymentIds: values.deploymentIds.split(/[\n,]/).map((id) => id.trim()).filter(Boolean) });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setLocalErrors(found);
      return;
    }
    setLocalErrors(null);
    const input = parsed.data;
    save.mutate(
      { ...(platform ? { id: platform.id } : {}), input },
      {
        onSuccess: (saved) => {
          showSuccess(platform ? `Saved ${saved.name}.` : `Registered ${saved.name}. Teachers can launch Markwise from it now.`);
          onDone();
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.fields)) showFailure("The platform could not be saved.", error);
        },
      },
    );
  };

  const title = platform ? `Edit ${platform.name}` : "Add a platform";
  return (
    <section aria-labelledby="platform-form" className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6">
      <h2 id="platform-form" className="font-display text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        {fields.map((field) => (
          <FormField key={field.key} id={`platform-${field.key}`} label={field.label} hint={field.hint} error={errors[field.key]}>
            <Input
              {...fieldProps(`platform-${field.key}`, { hint: field.hint, error: errors[field.key] })}
              value={values[field.key]}
              onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))}
              autoComplete="off"
            />
          </FormField>
        ))}
        <FormField id="platform-deployments" label="Deployment IDs" hint="One per line" error={deploymentError} className="sm:col-span-2">
          <Textarea
            {...fieldProps("platform-deployments", { hint: "One per line", error: deploymentError })}
            rows={2}
            value={values.deploymentIds}
            onChange={(event) => setValues((current) => ({ ...current, deploymentIds: event.target.value }))}
          />
        </FormField>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner size="sm" /> : null}
            {platform ? "Save platform" : "Register platform"}
          </Button>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
