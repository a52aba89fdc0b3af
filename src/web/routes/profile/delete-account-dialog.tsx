import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { accountMessages, type AccountSummary } from "../../../contracts/account";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { deleteAccount, useAccountSummary } from "../../features/account/api";
import { authErrorMessage, fieldErrorOf } from "../../features/auth/account-api";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { FormMessage } from "../../features/auth/components/form-message";
import { PasswordInput } from "../../features/auth/components/password-input";
import { forgetSession } from "../../features/auth/session-store";

type Fields = { confirmEmail: string; password: string; code: string };
const empty: Fields = { confirmEmail: "", password: "", code: "" };

/** Names what goes (counted on the server when the dialog opens), then asks for the proofs the account has. */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const summary = useAccountSummary(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>This cannot be undone. Markwise deletes, for good:</DialogDescription>
        </DialogHeader>
        {summary.isPending ? (
          <Spinner label="Counting what your account holds..." />
        ) : summary.isError ? (
          <FormMessage tone="error">What your account holds could not be counted. Close this and try again.</FormMessage>
        ) : (
          <DeleteForm summary={summary.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The list the teacher reads before typing their address: every kind of data, counted. */
function whatGoes(summary: AccountSummary): string[] {
  return [
    `Your account (${summary.email}) and your sign-in on every device`,
    `${plural(summary.assignments, "assignment", "assignments")} with ${plural(summary.submissions, "student submission", "student submissions")}, their grades, feedback and history`,
    `${plural(summary.files, "uploaded file", "uploaded files")}`,
    summary.hasTeacherProfile ? "Your teacher profile, rubrics and graded samples" : "Your rubrics and graded samples",
    `Your assistant chat (${plural(summary.chatMessages, "message", "messages")}), notifications, photo and bio`,
  ];
}

function DeleteForm({ summary }: { summary: AccountSummary }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  function update(name: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isDeleting) return;
    const found: Partial<Fields> = {
      confirmEmail: fields.confirmEmail.trim().toLowerCase() === summary.email.toLowerCase() ? undefined : accountMessages.confirmEmail,
      password: summary.hasPassword && fields.password === "" ? accountMessages.passwordNeeded : undefined,
      code: summary.twoFactorEnabled && fields.code.trim() === "" ? accountMessages.codeNeeded : undefined,
    };
    setFailure(null);
    if (found.confirmEmail || found.password || found.code) return setErrors(found);
    setIsDeleting(true);
    try {
      await deleteAccount({
        confirmEmail: fields.confirmEmail.trim(),
        password: summary.hasPassword ? fields.password : undefined,
        code: summary.twoFactorEnabled ? fields.code.trim() : undefined,
      });
      queryClient.clear();
      forgetSession();
      toast({ title: "Your account was deleted", description: `We sent a confirmation to ${summary.email}.` });
      void navigate("/", { replace: true });
    } catch (error) {
      const byField = { confirmEmail: fieldErrorOf(error, "confirmEmail"), password: fieldErrorOf(error, "password"), code: fieldErrorOf(error, "code") };
      if (byField.confirmEmail || byField.password || byField.code) setErrors(byField);
      else setFailure(authErrorMessage(error));
      setIsDeleting(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-busy={isDeleting}>
      <ul className="grid list-disc gap-1.5 pl-5 text-sm leading-relaxed" aria-label="What is deleted">
        {whatGoes(summary).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <FormField id="delete-confirm-email" label="Type your e-mail address to confirm" error={errors.confirmEmail}>
        <Input
          {...fieldProps("delete-confirm-email", { error: errors.confirmEmail })}
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder={summary.email}
          value={fields.confirmEmail}
          onChange={(event) => update("confirmEmail", event.target.value)}
        />
      </FormField>
      {summary.hasPassword ? (
        <FormField id="delete-password" label="Password" error={errors.password}>
          <PasswordInput
            {...fieldProps("delete-password", { error: errors.password })}
            autoComplete="current-password"
            value={fields.password}
            onChange={(event) => update("password", event.target.value)}
          />
        </FormField>
      ) : (
        <p className="text-sm leading-relaxed text-muted-foreground">You sign in with Google: deleting works within 15 minutes of signing in.</p>
      )}
      {summary.twoFactorEnabled ? (
        <FormField id="delete-code" label="Authenticator or backup code" error={errors.code}>
          <Input
            {...fieldProps("delete-code", { error: errors.code })}
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            value={fields.code}
            onChange={(event) => update("code", event.target.value)}
          />
        </FormField>
      ) : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={isDeleting}>
          {isDeleting ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {isDeleting ? "Deleting..." : "Delete my account"}
        </Button>
      </DialogFooter>
    </form>
  );
}
