import { KeyRound, ShieldCheck } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthHeading, AuthShell, inlineLinkClass } from "../../features/auth/components/auth-shell";
import { GoogleSignInButton } from "../../features/auth/components/google-sign-in-button";
import { RedirectIfSignedIn } from "../../features/auth/require-session";
import { useFinishSignIn } from "../../features/auth/use-finish-sign-in";
import { useDocumentTitle } from "../../lib/use-document-title";
import { cn } from "../../lib/utils";
import { ForgotPasswordForm } from "./forgot-password-form";
import { SignedUpScreen, type SignedUp } from "./signed-up-screen";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";
import { TwoFactorStep } from "./two-factor-step";

type Mode = "sign-in" | "sign-up" | "forgot";

function readMode(value: string | null): Mode {
  return value === "sign-up" || value === "forgot" ? value : "sign-in";
}

const titles: Record<Mode, string> = { "sign-in": "Sign in", "sign-up": "Sign up", forgot: "Reset your password" };

/** /auth: sign in and sign up. A signed-in visitor goes to /app. */
export function AuthPage() {
  return (
    <RedirectIfSignedIn>
      <AuthScreen />
    </RedirectIfSignedIn>
  );
}

function AuthScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = readMode(searchParams.get("mode"));
  // The e-mail (or username) carries over between sign-in, sign-up and the reset request.
  const [identifier, setIdentifier] = useState("");
  const [step, setStep] = useState<"form" | "two-factor">("form");
  const [signedUp, setSignedUp] = useState<SignedUp | null>(null);
  const { isFinishing, finishSignIn } = useFinishSignIn();
  useDocumentTitle(step === "two-factor" ? "Two-factor authentication" : titles[mode]);

  function setMode(next: Mode) {
    setSignedUp(null);
    setStep("form");
    // A username typed for sign-in is no e-mail address: the other forms start empty then.
    if (next !== "sign-in" && !identifier.includes("@")) setIdentifier("");
    setSearchParams(next === "sign-in" ? {} : { mode: next }, { replace: true });
  }

  if (signedUp) return <SignedUpScreen signedUp={signedUp} onBackToSignIn={() => setMode("sign-in")} />;

  if (step === "two-factor") {
    return (
      <AuthShell>
        <div className="grid gap-6">
          <AuthHeading title="Two-factor authentication" icon={<ShieldCheck />}>
            Enter the 6-digit code from your authenticator app to finish signing in.
          </AuthHeading>
          <TwoFactorStep isFinishing={isFinishing} onVerified={finishSignIn} />
          {isFinishing ? null : (
            <button type="button" onClick={() => setStep("form")} className={cn(inlineLinkClass, "justify-self-start text-sm")}>
              Back to sign in
            </button>
          )}
        </div>
      </AuthShell>
    );
  }

  if (mode === "forgot") {
    return (
      <AuthShell>
        <div className="grid gap-6">
          <AuthHeading title="Reset your password" icon={<KeyRound />}>
            Enter the email address of your account and we&apos;ll send you a link to choose a new password.
          </AuthHeading>
          <ForgotPasswordForm email={identifier} onEmailChange={setIdentifier} />
          <button type="button" onClick={() => setMode("sign-in")} className={cn(inlineLinkClass, "justify-self-start text-sm")}>
            Back to sign in
          </button>
        </div>
      </AuthShell>
    );
  }

  const isSignUp = mode === "sign-up";
  return (
    <AuthShell
      below={
        <>
          How we handle your data:{" "}
          <Link to="/privacy" className={inlineLinkClass}>
            Privacy
          </Link>
        </>
      }
    >
      <div className="grid gap-6">
        <AuthHeading title={isSignUp ? "Create your account" : "Welcome back"}>
          {isSignUp ? "Set up Markwise to grade with your rubric, in your voice." : "Sign in to grade, create and teach with Markwise."}
        </AuthHeading>
        <Tabs.Root value={mode} onValueChange={(value) => setMode(readMode(value))} className="grid gap-6">
          <Tabs.List aria-label="Sign in or sign up" className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-muted p-1">
            <TabTrigger value="sign-in">Sign in</TabTrigger>
            <TabTrigger value="sign-up">Sign up</TabTrigger>
          </Tabs.List>
          <Tabs.Content value="sign-in" tabIndex={-1} className="focus-visible:outline-none">
            <SignInForm
              identifier={identifier}
              onIdentifierChange={setIdentifier}
              onForgotPassword={() => setMode("forgot")}
              onNeedsSecondFactor={() => setStep("two-factor")}
              isFinishing={isFinishing}
              onSignedIn={finishSignIn}
            />
          </Tabs.Content>
          <Tabs.Content value="sign-up" tabIndex={-1} className="focus-visible:outline-none">
            <SignUpForm email={identifier} onEmailChange={setIdentifier} onSignedUp={setSignedUp} />
          </Tabs.Content>
        </Tabs.Root>
        {isFinishing ? null : (
          <>
            <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
              <span aria-hidden className="h-px flex-1 bg-border" />
              or
              <span aria-hidden className="h-px flex-1 bg-border" />
            </div>
            <GoogleSignInButton />
          </>
        )}
      </div>
    </AuthShell>
  );
}

function TabTrigger({ value, children }: { value: Mode; children: string }) {
  return (
    <Tabs.Trigger
      value={value}
      className={cn(
        "h-9 rounded-lg text-sm font-medium text-muted-foreground transition-colors",
        "hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        "data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-xs",
      )}
    >
      {children}
    </Tabs.Trigger>
  );
}
