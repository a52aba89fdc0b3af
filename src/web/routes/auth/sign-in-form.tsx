import { LoaderCircle } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { authErrorMessage, errorCodeOf, isEmailIdentifier, signIn } from "../../features/auth/account-api";
import { inlineLinkClass } from "../../features/auth/components/auth-shell";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { FormMessage } from "../../features/auth/components/form-message";
import { PasswordInput } from "../../features/auth/components/password-input";
import { ResendConfirmation } from "../../features/auth/components/resend-confirmation";

export const signedInMessage = "Signed in. Taking you to your dashboard...";

type SignInFormProps = {
  identifier: string;
  onIdentifierChange: (value: string) => void;
  onForgotPassword: () => void;
  onNeedsSecondFactor: () => void;
  isFinishing: boolean;
  onSignedIn: () => void;
};

type Failure = { message: string; isUnverified: boolean };

/** Sign-in by e-mail or username (one field: an "@" means e-mail) and password. */
export function SignInForm({ identifier, onIdentifierChange, onForgotPassword, onNeedsSecondFactor, isFinishing, onSignedIn }: SignInFormProps) {
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ identifier?: string; password?: string }>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting || isFinishing) return;
    const nextErrors = {
      identifier: identifier.trim() === "" ? "Enter your email or username" : undefined,
      password: password === "" ? "Enter your password" : undefined,
    };
    setErrors(nextErrors);
    setFailure(null);
    if (nextErrors.identifier) return identifierRef.current?.focus();
    if (nextErrors.password) return passwordRef.current?.focus();

    setIsSubmitting(true);
    try {
      const result = await signIn(identifier, password);
      if (result.needsSecondFactor) onNeedsSecondFactor();
      else onSignedIn();
    } catch (error) {
      setFailure({ message: authErrorMessage(error), isUnverified: errorCodeOf(error) === "email_not_verified" });
      setIsSubmitting(false);
    }
  }

  const isBusy = isSubmitting || isFinishing;
  const typedEmail = isEmailIdentifier(identifier) ? identifier.trim() : undefined;

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-busy={isSubmitting}>
        <FormField id="auth-identifier" label="Email or username" error={errors.identifier}>
          <Input
            ref={identifierRef}
            {...fieldProps("auth-identifier", { error: errors.identifier })}
            name="identifier"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            placeholder="you@school.org"
            value={identifier}
            onChange={(event) => {
              onIdentifierChange(event.target.value);
              setErrors((current) => ({ ...current, identifier: undefined }));
            }}
            aria-required
          />
        </FormField>
        <FormField
          id="auth-password"
          label="Password"
          error={errors.password}
          labelAside={
            <button type="button" onClick={onForgotPassword} className={`${inlineLinkClass} text-sm`}>
              Forgot password?
            </button>
          }
        >
          <PasswordInput
            ref={passwordRef}
            {...fieldProps("auth-password", { error: errors.password })}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            aria-required
          />
        </FormField>
        <Button type="submit" disabled={isBusy} className="w-full">
          {isBusy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {isFinishing ? "Signed in" : isSubmitting ? "Signing in..." : "Sign in"}
        </Button>
      </form>
      {isFinishing ? <FormMessage tone="success">{signedInMessage}</FormMessage> : null}
      {failure ? (
        <FormMessage tone={failure.isUnverified ? "info" : "error"} action={failure.isUnverified ? <ResendConfirmation email={typedEmail} /> : undefined}>
          {failure.message}
        </FormMessage>
      ) : null}
    </div>
  );
}
