import { CircleCheck, KeyRound, LoaderCircle, TriangleAlert } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { authLimits, authMessages, passwordField } from "../../../contracts/auth";
import { Button } from "../../components/ui/button";
import { authErrorMessage, fieldErrorOf, resetPassword } from "../../features/auth/account-api";
import { AuthHeading, AuthShell } from "../../features/auth/components/auth-shell";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { FormMessage } from "../../features/auth/components/form-message";
import { PasswordInput } from "../../features/auth/components/password-input";
import { useSession } from "../../features/auth/session";
import { useDocumentTitle } from "../../lib/use-document-title";

export const passwordChangedMessage = "Your password has been changed. You were signed out everywhere; sign in with your new password.";

/** Where the e-mailed reset link lands: ?token= to choose a new password, ?error= when the link is no good. */
export function ResetPasswordPage() {
  useDocumentTitle("Choose a new password");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  if (!token || searchParams.has("error")) return <InvalidResetLink />;
  return <NewPasswordForm token={token} />;
}

function InvalidResetLink() {
  return (
    <AuthShell>
      <div className="grid gap-6">
        <AuthHeading title="This reset link has expired or was already used" icon={<TriangleAlert />}>
          Reset links work once and expire after an hour. Ask for a new one and use the newest email.
        </AuthHeading>
        <Button asChild className="w-full">
          <Link to="/auth?mode=forgot">Send a new reset link</Link>
        </Button>
        <Link to="/auth" className="justify-self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Back to sign in
        </Link>
      </div>
    </AuthShell>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { refresh } = useSession();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<"idle" | "saving" | "done">("idle");
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== "idle") return;
    const checked = passwordField.safeParse(password);
    const next = {
      password: checked.success ? undefined : checked.error.issues[0]?.message,
      confirmPassword: password === confirmPassword ? undefined : authMessages.passwordsDiffer,
    };
    setErrors(next);
    setFailure(null);
    if (next.password) return passwordRef.current?.focus();
    if (next.confirmPassword) return confirmRef.current?.focus();

    setStatus("saving");
    try {
      await resetPassword(token, password);
      setStatus("done");
      // Every session of this account has ended, this browser's included.
      void refresh();
    } catch (error) {
      setStatus("idle");
      const fieldError = fieldErrorOf(error, "newPassword");
      if (fieldError) {
        setErrors({ password: fieldError });
        passwordRef.current?.focus();
      } else {
        setFailure(authErrorMessage(error));
      }
    }
  }

  if (status === "done") {
    return (
      <AuthShell>
        <div className="grid gap-6">
          <AuthHeading title="Password changed" icon={<CircleCheck />} />
          <FormMessage tone="success">{passwordChangedMessage}</FormMessage>
          <Button asChild className="w-full">
            <Link to="/auth">Sign in</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <div className="grid gap-6">
        <AuthHeading title="Choose a new password" icon={<KeyRound />}>
          Setting a new password signs you out on every other device.
        </AuthHeading>
        <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-busy={status === "saving"}>
          <FormField id="reset-password" label="New password" error={errors.password} hint={`At least ${authLimits.passwordMin} characters.`}>
            <PasswordInput
              ref={passwordRef}
              {...fieldProps("reset-password", { error: errors.password, hint: true })}
              name="newPassword"
              autoComplete="new-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setErrors((current) => ({ ...current, password: undefined }));
              }}
              aria-required
            />
          </FormField>
          <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword}>
            <PasswordInput
              ref={confirmRef}
              {...fieldProps("reset-confirm-password", { error: errors.confirmPassword })}
              name="confirmPassword"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => {
                setConfirmPassword(event.target.value);
                setErrors((current) => ({ ...current, confirmPassword: undefined }));
              }}
              aria-required
            />
          </FormField>
          <Button type="submit" disabled={status === "saving"} className="w-full">
            {status === "saving" ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
            {status === "saving" ? "Saving..." : "Set new password"}
          </Button>
        </form>
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      </div>
    </AuthShell>
  );
}
