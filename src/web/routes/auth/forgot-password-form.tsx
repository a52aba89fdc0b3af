import { LoaderCircle } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { authMessages, emailField } from "../../../contracts/auth";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { authErrorMessage, requestPasswordReset } from "../../features/auth/account-api";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { FormMessage } from "../../features/auth/components/form-message";

export const resetRequestedMessage = "If an account exists for that address, we sent a link to reset the password.";

type State = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "error"; message: string };

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ email, onEmailChange }: { email: string; onEmailChange: (value: string) => void }) {
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<State>({ kind: "idle" });
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === "sending") return;
    const parsed = emailField.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? authMessages.emailInvalid);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    setState({ kind: "sending" });
    try {
      await requestPasswordReset(parsed.data);
      setState({ kind: "sent" });
    } catch (error) {
      setState({ kind: "error", message: authErrorMessage(error) });
    }
  }

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-busy={state.kind === "sending"}>
        <FormField id="auth-reset-email" label="Email" error={fieldError}>
          <Input
            ref={inputRef}
            {...fieldProps("auth-reset-email", { error: fieldError })}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@school.org"
            value={email}
            onChange={(event) => {
              onEmailChange(event.target.value);
              setFieldError(undefined);
            }}
            aria-required
          />
        </FormField>
        <Button type="submit" disabled={state.kind === "sending"} className="w-full">
          {state.kind === "sending" ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {state.kind === "sending" ? "Sending..." : "Send reset link"}
        </Button>
      </form>
      {state.kind === "sent" ? <FormMessage tone="success">{resetRequestedMessage}</FormMessage> : null}
      {state.kind === "error" ? <FormMessage tone="error">{state.message}</FormMessage> : null}
    </div>
  );
}
