import { LoaderCircle } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { createLeadInput, leadMessages, positions, type LeadType } from "../../../../contracts/leads";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { cn } from "../../../lib/utils";
import { submitLead } from "../api";

/** Spec section 9: the dialog closes this long after a successful inquiry. */
export const leadAutoCloseMs = 2000;

type LeadFields = { name: string; email: string; school: string; position: string; seats: string };
type FieldName = keyof LeadFields;
type Status = "idle" | "submitting" | "success" | "error";

const emptyFields: LeadFields = { name: "", email: "", school: "", position: "", seats: "" };

const copy: Record<LeadType, { title: string; description: string; submit: string }> = {
  "get-started": {
    title: "Get started with Markwise",
    description: "Tell us a little about yourself and your school, and we'll reply by e-mail to help you get set up.",
    submit: "Submit",
  },
  enterprise: {
    title: "Markwise for your school",
    description: "Planning for a department, a school or a district? Tell us roughly how many seats you have in mind and we'll be in touch.",
    submit: "Submit",
  },
};

type LeadDialogProps = {
  /** Which inquiry the dialog collects; null keeps it closed. */
  mode: LeadType | null;
  onClose: () => void;
};

/** The inquiry dialog of the landing page, in get-started or enterprise mode. */
export function LeadDialog({ mode, onClose }: LeadDialogProps) {
  const [fields, setFields] = useState<LeadFields>(emptyFields);
  const [status, setStatus] = useState<Status>("idle");
  const [message, setMessage] = useState("");
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<FieldName>>(new Set());
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const messageId = useId();
  // Keep the last mode while the dialog animates closed, so its text doesn't jump.
  const [shownMode, setShownMode] = useState<LeadType>("get-started");
  if (mode !== null && mode !== shownMode) setShownMode(mode);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const isOpen = mode !== null;
  const isEnterprise = shownMode === "enterprise";
  const isBusy = status === "submitting" || status === "success";

  function resetFeedback() {
    setStatus("idle");
    setMessage("");
    setInvalidFields(new Set());
  }

  function handleOpenChange(open: boolean) {
    if (open) return;
    clearTimeout(closeTimer.current);
    resetFeedback();
    onClose();
  }

  function update(name: FieldName, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    if (invalidFields.has(name)) {
      const next = new Set(invalidFields);
      next.delete(name);
      setInvalidFields(next);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;

    const parsed = createLeadInput.safeParse({
      type: shownMode,
      name: fields.name,
      email: fields.email,
      school: fields.school,
      position: fields.position || undefined,
      seats: isEnterprise ? fields.seats : "",
      submitted_at: new Date().toISOString(),
    });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      // A missing field outranks a malformed one: the spec's message for an incomplete form comes first.
      const shown = issues.find((issue) => issue.message === leadMessages.required) ?? issues[0];
      setStatus("error");
      setMessage(shown?.message ?? leadMessages.required);
      setInvalidFields(new Set(issues.map((issue) => String(issue.path[0]) as FieldName)));
      return;
    }

    setStatus("submitting");
    setMessage("");
    setInvalidFields(new Set());
    try {
      await submitLead(parsed.data);
      setStatus("success");
      setMessage(leadMessages.success);
      setFields(emptyFields);
      closeTimer.current = setTimeout(() => handleOpenChange(false), leadAutoCloseMs);
    } catch {
      setStatus("error");
      setMessage(leadMessages.failed);
    }
  }

  const text = copy[shownMode];
  const describedBy = (name: FieldName) => (invalidFields.has(name) ? messageId : undefined);

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <p className="text-xs font-semibold tracking-[0.14em] text-primary uppercase">{isEnterprise ? "Enterprise" : "Get started"}</p>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-busy={status === "submitting"}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" htmlFor="lead-name">
              <Input
                id="lead-name"
                name="name"
                autoComplete="name"
                value={fields.name}
                onChange={(event) => update("name", event.target.value)}
                aria-invalid={invalidFields.has("name") || undefined}
                aria-describedby={describedBy("name")}
                aria-required
              />
            </Field>
            <Field label="Email" htmlFor="lead-email">
              <Input
                id="lead-email"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@school.org"
                value={fields.email}
                onChange={(event) => update("email", event.target.value)}
                aria-invalid={invalidFields.has("email") || undefined}
                aria-describedby={describedBy("email")}
                aria-required
              />
            </Field>
          </div>
          <Field label="School" htmlFor="lead-school">
            <Input
              id="lead-school"
              name="school"
              autoComplete="organization"
              value={fields.school}
              onChange={(event) => update("school", event.target.value)}
              aria-invalid={invalidFields.has("school") || undefined}
              aria-describedby={describedBy("school")}
              aria-required
            />
          </Field>
          <div className={cn("grid gap-4", isEnterprise && "sm:grid-cols-2")}>
            <Field label="Position" htmlFor="lead-position">
              <Select value={fields.position} onValueChange={(value) => update("position", value)}>
                <SelectTrigger
                  id="lead-position"
                  aria-invalid={invalidFields.has("position") || undefined}
                  aria-describedby={describedBy("position")}
                  aria-required
                >
                  <SelectValue placeholder="Select your position" />
                </SelectTrigger>
                <SelectContent>
                  {positions.map((position) => (
                    <SelectItem key={position} value={position}>
                      {position}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            {isEnterprise ? (
              <Field label="Number of seats" htmlFor="lead-seats">
                <Input
                  id="lead-seats"
                  name="seats"
                  inputMode="text"
                  placeholder="e.g. 50, 100-200, 500+"
                  value={fields.seats}
                  onChange={(event) => update("seats", event.target.value)}
                  aria-invalid={invalidFields.has("seats") || undefined}
                  aria-describedby={describedBy("seats")}
                  aria-required
                />
              </Field>
            ) : null}
          </div>

          <FormMessage id={messageId} status={status} message={message} />

          <DialogFooter className="pt-1">
            <Button variant="outline" onClick={() => handleOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy} className="sm:min-w-32">
              {status === "submitting" ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
              {status === "submitting" ? "Submitting..." : text.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

function FormMessage({ id, status, message }: { id: string; status: Status; message: string }) {
  if (!message) return <div id={id} aria-live="polite" className="sr-only" />;
  if (status === "success") {
    return (
      <p id={id} role="status" aria-live="polite" className="rounded-lg bg-accent-soft px-3.5 py-3 text-sm font-medium text-accent-strong">
        {message}
      </p>
    );
  }
  return (
    <p id={id} role="alert" className="rounded-lg bg-destructive-soft px-3.5 py-3 text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
