import { LoaderCircle } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { authErrorMessage, verifyBackupCode, verifyTotp } from "../../features/auth/account-api";
import { inlineLinkClass } from "../../features/auth/components/auth-shell";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { FormMessage } from "../../features/auth/components/form-message";
import { signedInMessage } from "./sign-in-form";

type TwoFactorStepProps = {
  isFinishing: boolean;
  onVerified: () => void;
};

/** The second step of a sign-in with two-factor on: a code from the authenticator app, or a backup code. */
export function TwoFactorStep({ isFinishing, onVerified }: TwoFactorStepProps) {
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  function switchKind() {
    setUseBackupCode((current) => !current);
    setCode("");
    setFieldError(undefined);
    setFailure(null);
    inputRef.current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting || isFinishing) return;
    const typed = useBackupCode ? code.trim() : code.replace(/\s+/g, "");
    const problem = useBackupCode
      ? typed === "" ? "Enter one of your backup codes" : undefined
      : /^\d{6}$/.test(typed) ? undefined : "Enter the 6-digit code from your authenticator app";
    setFailure(null);
    setFieldError(problem);
    if (problem) return inputRef.current?.focus();

    setIsSubmitting(true);
    try {
      await (useBackupCode ? verifyBackupCode(typed) : verifyTotp(typed));
      onVerified();
    } catch (error) {
      setFailure(authErrorMessage(error));
      setIsSubmitting(false);
      setCode("");
      inputRef.current?.focus();
    }
  }

  const isBusy = isSubmitting || isFinishing;
  const id = useBackupCode ? "auth-backup-code" : "auth-totp-code";

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-busy={isSubmitting}>
        <FormField
          id={id}
          label={useBackupCode ? "Backup code" : "Authentication code"}
          error={fieldError}
          hint={useBackupCode ? "Each backup code works once." : "The code changes every 30 seconds."}
        >
          <Input
            key={id}
            ref={inputRef}
            {...fieldProps(id, { error: fieldError, hint: true })}
            name={useBackupCode ? "backupCode" : "code"}
            autoComplete="one-time-code"
            inputMode={useBackupCode ? "text" : "numeric"}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={useBackupCode ? 64 : 7}
            placeholder={useBackupCode ? "xxxxx-xxxxx" : "123456"}
            className={useBackupCode ? undefined : "font-mono tracking-[0.3em]"}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setFieldError(undefined);
            }}
            autoFocus
            aria-required
          />
        </FormField>
        <Button type="submit" disabled={isBusy} className="w-full">
          {isBusy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {isFinishing ? "Signed in" : isSubmitting ? "Verifying..." : "Verify"}
        </Button>
      </form>
      {isFinishing ? <FormMessage tone="success">{signedInMessage}</FormMessage> : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      {isFinishing ? null : (
        <button type="button" onClick={switchKind} className={`${inlineLinkClass} justify-self-start text-sm`}>
          {useBackupCode ? "Use your authenticator app instead" : "Use a backup code instead"}
        </button>
      )}
    </div>
  );
}
