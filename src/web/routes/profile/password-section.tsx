import { LoaderCircle } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { authLimits, authMessages, passwordField } from "../../../contracts/auth";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast";
import { authErrorMessage, changePassword, errorCodeOf } from "../../features/auth/account-api";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { FormMessage } from "../../features/auth/components/form-message";
import { PasswordInput } from "../../features/auth/components/password-input";
import { SectionCard } from "./section-card";

type FieldName = "current" | "next" | "confirm";
type Fields = Record<FieldName, string>;
const empty: Fields = { current: "", next: "", confirm: "" };

/** Change the password; every other session of the account ends, this one stays. */
export function PasswordSection() {
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const refs = { current: useRef<HTMLInputElement>(null), next: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };

  function update(name: FieldName, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    setIsDone(false);
  }

  function showErrors(next: Partial<Fields>) {
    setErrors(next);
    const first = (["current", "next", "confirm"] as const).find((name) => next[name]);
    if (first) refs[first].current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    const checked = passwordField.safeParse(fields.next);
    const found: Partial<Fields> = {
      current: fields.current === "" ? "Enter your current password" : undefined,
      next: checked.success ? undefined : checked.error.issues[0]?.message,
      confirm: fields.next === fields.confirm ? undefined : authMessages.passwordsDiffer,
    };
    setFailure(null);
    if (found.current || found.next || found.confirm) return showErrors(found);

    setIsSaving(true);
    try {
      await changePassword(fields.current, fields.next);
      setFields(empty);
      setErrors({});
      setIsDone(true);
      toast({ title: "Password changed" });
    } catch (error) {
      if (errorCodeOf(error) === "invalid_password") showErrors({ current: authErrorMessage(error) });
      else setFailure(authErrorMessage(error));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <SectionCard id="profile-password" title="Password" description="Changing it signs you out on every other device.">
      <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-busy={isSaving}>
        <FormField id="profile-current-password" label="Current password" error={errors.current} className="sm:max-w-sm">
          <PasswordInput
            ref={refs.current}
            {...fieldProps("profile-current-password", { error: errors.current })}
            name="currentPassword"
            autoComplete="current-password"
            value={fields.current}
            onChange={(event) => update("current", event.target.value)}
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
          <FormField id="profile-new-password" label="New password" error={errors.next} hint={`At least ${authLimits.passwordMin} characters.`}>
            <PasswordInput
              ref={refs.next}
              {...fieldProps("profile-new-password", { error: errors.next, hint: true })}
              name="newPassword"
              autoComplete="new-password"
              value={fields.next}
              onChange={(event) => update("next", event.target.value)}
            />
          </FormField>
          <FormField id="profile-confirm-password" label="Confirm new password" error={errors.confirm}>
            <PasswordInput
              ref={refs.confirm}
              {...fieldProps("profile-confirm-password", { error: errors.confirm })}
              name="confirmPassword"
              autoComplete="new-password"
              value={fields.confirm}
              onChange={(event) => update("confirm", event.target.value)}
            />
          </FormField>
        </div>
        {isDone ? <FormMessage tone="success">Password changed. Every other device was signed out.</FormMessage> : null}
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <Button type="submit" variant="outline" disabled={isSaving} className="justify-self-start sm:min-w-40">
          {isSaving ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {isSaving ? "Changing..." : "Change password"}
        </Button>
      </form>
    </SectionCard>
  );
}
