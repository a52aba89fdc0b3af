import { LoaderCircle } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { authLimits, authMessages, signUpForm } from "../../../contracts/auth";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { authErrorMessage, errorCodeOf, signUp } from "../../features/auth/account-api";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { FormMessage } from "../../features/auth/components/form-message";
import { PasswordInput } from "../../features/auth/components/password-input";
import { ApiError } from "../../lib/api";
import type { SignedUp } from "./signed-up-screen";

type FieldName = "username" | "email" | "password" | "confirmPassword";
type FieldErrors = Partial<Record<FieldName, string>>;
const fieldOrder: FieldName[] = ["username", "email", "password", "confirmPassword"];

type SignUpFormProps = {
  email: string;
  onEmailChange: (value: string) => void;
  /** mailSent is false when the server kept the sign-up but the mail server refused the confirmation. */
  onSignedUp: (signedUp: SignedUp) => void;
};

/** Checks the form with the server's own schema, so both sides say the same thing. */
function checkSignUp(fields: Record<FieldName, string>): { errors: FieldErrors; data?: { username: string; email: string; password: string } } {
  const parsed = signUpForm.safeParse(fields);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as FieldName;
      errors[name] ??= issue.message;
    }
  }
  // zod skips the object-level match check while a field is invalid; say it at once anyway.
  if (fields.password !== fields.confirmPassword) errors.confirmPassword ??= authMessages.passwordsDiffer;
  if (parsed.success && Object.keys(errors).length === 0) {
    return { errors, data: { username: parsed.data.username, email: parsed.data.email, password: parsed.data.password } };
  }
  return { errors };
}

export function SignUpForm({ email, onEmailChange, onSignedUp }: SignUpFormProps) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const refs = {
    username: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = fieldOrder.find((name) => next[name]);
    if (first) refs[first].current?.focus();
  }

  function clearError(name: FieldName) {
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setFailure(null);
    const { errors: found, data } = checkSignUp({ username, email, password, confirmPassword });
    if (!data) return showErrors(found);
    setErrors({});

    setIsSubmitting(true);
    try {
      await signUp(data);
      onSignedUp({ email: data.email, mailSent: true });
    } catch (error) {
      setIsSubmitting(false);
      if (errorCodeOf(error) === "mail_not_sent") return onSignedUp({ email: data.email, mailSent: false });
      const fromServer: FieldErrors = {};
      if (error instanceof ApiError && error.fields) {
        for (const name of fieldOrder) if (error.fields[name]) fromServer[name] = error.fields[name];
      }
      if (errorCodeOf(error) === "username_is_already_taken") fromServer.username = authErrorMessage(error);
      if (Object.keys(fromServer).length > 0) showErrors(fromServer);
      else setFailure(authErrorMessage(error));
    }
  }

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-busy={isSubmitting}>
        <FormField id="auth-username" label="Username" error={errors.username} hint="You can sign in with it.">
          <Input
            ref={refs.username}
            {...fieldProps("auth-username", { error: errors.username, hint: true })}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={username}
            onChange={(event) => {
              setUsername(event.target.value);
              clearError("username");
            }}
            aria-required
          />
        </FormField>
        <FormField id="auth-email" label="Email" error={errors.email}>
          <Input
            ref={refs.email}
            {...fieldProps("auth-email", { error: errors.email })}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@school.org"
            value={email}
            onChange={(event) => {
              onEmailChange(event.target.value);
              clearError("email");
            }}
            aria-required
          />
        </FormField>
        <FormField id="auth-new-password" label="Password" error={errors.password} hint={`At least ${authLimits.passwordMin} characters.`}>
          <PasswordInput
            ref={refs.password}
            {...fieldProps("auth-new-password", { error: errors.password, hint: true })}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              clearError("password");
            }}
            aria-required
          />
        </FormField>
        <FormField id="auth-confirm-password" label="Confirm password" error={errors.confirmPassword}>
          <PasswordInput
            ref={refs.confirmPassword}
            {...fieldProps("auth-confirm-password", { error: errors.confirmPassword })}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              clearError("confirmPassword");
            }}
            aria-required
          />
        </FormField>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {isSubmitting ? "Creating account..." : "Create account"}
        </Button>
      </form>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
    </div>
  );
}
