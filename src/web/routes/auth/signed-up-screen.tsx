import { MailCheck, MailWarning } from "lucide-react";
import { authMessages } from "../../../contracts/auth";
import { AuthHeading, AuthShell, inlineLinkClass } from "../../features/auth/components/auth-shell";
import { FormMessage } from "../../features/auth/components/form-message";
import { ResendConfirmation } from "../../features/auth/components/resend-confirmation";
import { cn } from "../../lib/utils";

export type SignedUp = { email: string; mailSent: boolean };

/**
 * After sign-up: the spec's "Check your email" when the confirmation went out, or, when the mail server refused it,
 * a plain statement that it did not and what to do. Either way a new link can be asked for from here.
 */
export function SignedUpScreen({ signedUp, onBackToSignIn }: { signedUp: SignedUp; onBackToSignIn: () => void }) {
  const address = <span className="font-medium break-all text-foreground">{signedUp.email}</span>;
  return (
    <AuthShell>
      <div className="grid gap-6">
        {signedUp.mailSent ? (
          <>
            <AuthHeading title="Confirm your email" icon={<MailCheck />} />
            <FormMessage tone="success">{authMessages.checkEmail}</FormMessage>
            <p className="leading-relaxed text-muted-foreground">
              We sent it to {address}. Open the link on this device to finish creating your account. It works once and expires in 24 hours.
            </p>
          </>
        ) : (
          <>
            <AuthHeading title="Confirmation email not sent" icon={<MailWarning />} />
            <FormMessage tone="error">{authMessages.confirmationNotSent}</FormMessage>
            <p className="leading-relaxed text-muted-foreground">
              The link goes to {address}. When it arrives, open it on this device to finish creating your account. You do not need to sign up again.
            </p>
          </>
        )}
        <div className="grid gap-2 border-t border-border pt-5">
          <p className="text-sm text-muted-foreground">{signedUp.mailSent ? "No email after a few minutes? Check your spam folder, or:" : "In a few minutes:"}</p>
          <ResendConfirmation email={signedUp.email} />
        </div>
        <button type="button" onClick={onBackToSignIn} className={cn(inlineLinkClass, "justify-self-start text-sm")}>
          Back to sign in
        </button>
      </div>
    </AuthShell>
  );
}
