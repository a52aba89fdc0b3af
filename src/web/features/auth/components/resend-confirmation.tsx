import { LoaderCircle, MailCheck } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { authMessages, emailField } from "../../../../contracts/auth";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/utils";
import { authErrorMessage, resendConfirmation } from "../account-api";
import { FormField, fieldProps } from "./form-field";

type ResendConfirmationProps = {
  /** The address to send to; when absent the teacher types it. */
  email?: string;
  buttonLabel?: string;
  variant?: "outline" | "default";
  className?: string;
};

type State = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; email: string } | { kind: "error"; message: string };

/**
 * Sends a fresh confirmation link. The answer never says whether the address has an account (the server
 * answers the same either way), so neither does the message.
 */
export function ResendConfirmation({ email, buttonLabel = "Resend confirmation link", variant = "outline", className }: ResendConfirmationProps) {
  const fieldId = useId();
  const [typedEmail, setTypedEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<State>({ kind: "idle" });
  const asksForEmail = email === undefined;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === "sending") return;
    const parsed = emailField.safeParse(email ?? typedEmail);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? authMessages.emailInvalid);
      return;
    }
    setFieldError(undefined);
    setState({ kind: "sending" });
    try {
      await resendConfirmation(parsed.data);
      setState({ kind: "sent", email: parsed.data });
    } catch (error) {
      setState({ kind: "error", message: authErrorMessage(error) });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className={cn("grid gap-3", className)} aria-busy={state.kind === "sending"}>
      {asksForEmail ? (
        <FormField id={fieldId} label="Email" error={fieldError}>
          <Input
            {...fieldProps(fieldId, { error: fieldError })}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@school.org"
            value={typedEmail}
            onChange={(event) => {
              setTypedEmail(event.target.value);
              setFieldError(undefined);
            }}
            aria-required
          />
        </FormField>
      ) : null}
      <Button type="submit" variant={variant} disabled={state.kind === "sending"} className={asksForEmail ? "w-full" : "w-full sm:w-auto sm:justify-self-start"}>
        {state.kind === "sending" ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
        {state.kind === "sending" ? "Sending..." : buttonLabel}
      </Button>
      <div aria-live="polite" className="empty:hidden">
        {state.kind === "sent" ? (
          <p className="flex items-start gap-2 text-sm leading-snug text-accent-strong">
            <MailCheck aria-hidden className="mt-px size-4 shrink-0" />
            <span>
              If <span className="font-semibold break-all">{state.email}</span> is waiting for confirmation, a new link is on its way. Check your inbox.
            </span>
          </p>
        ) : null}
        {state.kind === "error" ? <p className="text-sm leading-snug font-medium text-destructive">{state.message}</p> : null}
      </div>
    </form>
  );
}
