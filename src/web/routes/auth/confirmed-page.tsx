import { CircleCheck, MailWarning } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { AuthHeading, AuthShell } from "../../features/auth/components/auth-shell";
import { ResendConfirmation } from "../../features/auth/components/resend-confirmation";
import { useSession } from "../../features/auth/session";
import { useDocumentTitle } from "../../lib/use-document-title";

export const expiredLinkTitle = "This confirmation link has expired or was already used";

/**
 * Where the e-mailed confirmation link lands. better-auth has already checked it: on success it signed the
 * teacher in (so load the session and go to /app); with ?error= the link was expired, used or altered.
 */
export function ConfirmedPage() {
  const [searchParams] = useSearchParams();
  return searchParams.has("error") ? <ExpiredLink /> : <Confirmed />;
}

function Confirmed() {
  useDocumentTitle("Email confirmed");
  const { status, refresh } = useSession();
  const [hasRefreshed, setHasRefreshed] = useState(false);

  useEffect(() => {
    // The session was cached as signed out before the link signed the teacher in; ask again.
    let isCurrent = true;
    void refresh().then(() => {
      if (isCurrent) setHasRefreshed(true);
    });
    return () => {
      isCurrent = false;
    };
  }, [refresh]);

  if (!hasRefreshed || status === "loading") {
    return (
      <AuthShell>
        <div className="grid justify-items-center py-6">
          <Spinner label="Confirming your email..." size="lg" />
        </div>
      </AuthShell>
    );
  }
  if (status === "signed-in") return <Navigate to="/app" replace />;

  // Confirmed, but this browser has no session (the link was opened elsewhere, say): sign in here.
  return (
    <AuthShell>
      <div className="grid gap-6">
        <AuthHeading title="Your email is confirmed" icon={<CircleCheck />}>
          Your Markwise account is ready. Sign in to continue.
        </AuthHeading>
        <Button asChild className="w-full">
          <Link to="/auth">Sign in</Link>
        </Button>
      </div>
    </AuthShell>
  );
}

function ExpiredLink() {
  useDocumentTitle("Confirmation link expired");
  return (
    <AuthShell
      below={
        <>
          Already confirmed?{" "}
          <Link to="/auth" className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            Sign in
          </Link>
        </>
      }
    >
      <div className="grid gap-6">
        <AuthHeading title={expiredLinkTitle} icon={<MailWarning />}>
          Confirmation links work once and expire after 24 hours. Enter the email address you signed up with and we&apos;ll send a new one.
        </AuthHeading>
        <ResendConfirmation buttonLabel="Send a new confirmation link" variant="default" />
      </div>
    </AuthShell>
  );
}
