import { Check, Copy, Download, LoaderCircle, ShieldCheck, ShieldOff } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast";
import {
  authErrorMessage,
  disableTwoFactor,
  enableTwoFactor,
  secretFromTotpUri,
  verifyTotp,
  type TwoFactorSetup,
} from "../../features/auth/account-api";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { PasswordInput } from "../../features/auth/components/password-input";
import { useSession } from "../../features/auth/session";
import { cn } from "../../lib/utils";
import { SectionCard } from "./section-card";

type Stage = { kind: "idle" } | { kind: "password"; purpose: "enable" | "disable" } | { kind: "setup"; setup: TwoFactorSetup };

/** Two-factor sign-in with an authenticator app (TOTP): turn on with a QR code and backup codes, or turn off. */
export function TwoFactorSection({ isEnabled }: { isEnabled: boolean }) {
  const [stage, setStage] = useState<Stage>({ kind: "idle" });

  return (
    <SectionCard
      id="profile-two-factor"
      title="Two-factor authentication"
      description="Sign-in also asks for a 6-digit code from an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password."
      aside={<StatusBadge isEnabled={isEnabled} />}
    >
      {stage.kind === "password" ? (
        <PasswordStep
          purpose={stage.purpose}
          onCancel={() => setStage({ kind: "idle" })}
          onEnabled={(setup) => setStage({ kind: "setup", setup })}
          onDisabled={() => setStage({ kind: "idle" })}
        />
      ) : stage.kind === "setup" ? (
        <SetupStep setup={stage.setup} onDone={() => setStage({ kind: "idle" })} onCancel={() => setStage({ kind: "idle" })} />
      ) : isEnabled ? (
        <div className="grid gap-4">
          <p className="text-sm leading-relaxed text-muted-foreground">Signing in asks for a code from your authenticator app. Lost your phone? Use one of your backup codes.</p>
          <Button variant="outline" className="justify-self-start" onClick={() => setStage({ kind: "password", purpose: "disable" })}>
            <ShieldOff aria-hidden />
            Turn off two-factor
          </Button>
        </div>
      ) : (
        <Button className="justify-self-start" onClick={() => setStage({ kind: "password", purpose: "enable" })}>
          <ShieldCheck aria-hidden />
          Turn on two-factor
        </Button>
      )}
    </SectionCard>
  );
}

function StatusBadge({ isEnabled }: { isEnabled: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold",
        isEnabled ? "bg-accent-soft text-accent-strong" : "bg-muted text-muted-foreground",
      )}
    >
      <span aria-hidden className={cn("size-1.5 rounded-full", isEnabled ? "bg-primary" : "bg-muted-foreground/60")} />
      {isEnabled ? "On" : "Off"}
    </span>
  );
}

function PasswordStep({
  purpose,
  onCancel,
  onEnabled,
  onDisabled,
}: {
  purpose: "enable" | "disable";
  onCancel: () => void;
  onEnabled: (setup: TwoFactorSetup) => void;
  onDisabled: () => void;
}) {
  const { refresh } = useSession();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    if (password === "") {
      setError("Enter your password");
      return inputRef.current?.focus();
    }
    setIsSending(true);
    try {
      if (purpose === "enable") {
        onEnabled(await enableTwoFactor(password));
      } else {
        await disableTwoFactor(password);
        await refresh();
        toast({ title: "Two-factor authentication is off" });
        onDisabled();
      }
    } catch (failure) {
      setError(authErrorMessage(failure));
      setIsSending(false);
      inputRef.current?.focus();
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-busy={isSending}>
      <FormField id="two-factor-password" label="Password" error={error} hint={purpose === "enable" ? "Confirm it's you before setting up an authenticator app." : "Confirm it's you before turning two-factor off."} className="sm:max-w-sm">
        <PasswordInput
          ref={inputRef}
          {...fieldProps("two-factor-password", { error, hint: true })}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="ghost" onClick={onCancel} disabled={isSending}>
          Cancel
        </Button>
        <Button type="submit" variant={purpose === "disable" ? "destructive" : "default"} disabled={isSending}>
          {isSending ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {isSending ? "Checking..." : purpose === "enable" ? "Continue" : "Turn off two-factor"}
        </Button>
      </div>
    </form>
  );
}

/** Groups a base32 secret in fours so it can be read and typed. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

function SetupStep({ setup, onDone, onCancel }: { setup: TwoFactorSetup; onDone: () => void; onCancel: () => void }) {
  const { refresh } = useSession();
  const [qrCode, setQrCode] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [isVerifying, setIsVerifying] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const stepsRef = useRef<HTMLOListElement>(null);
  const secret = secretFromTotpUri(setup.totpURI) ?? "";

  // The button that opened the setup is gone: start keyboard and screen-reader users at step 1.
  useEffect(() => stepsRef.current?.focus(), []);

  useEffect(() => {
    let isCurrent = true;
    void import("qrcode")
      .then((qr) => qr.toDataURL(setup.totpURI, { margin: 1, width: 352, errorCorrectionLevel: "M", color: { dark: "#1a1d1c", light: "#ffffff" } }))
      .then((url) => {
        if (isCurrent) setQrCode(url);
      })
      .catch(() => {
        // The key below still works by hand; say so instead of showing a broken image.
        if (isCurrent) setQrCode("");
      });
    return () => {
      isCurrent = false;
    };
  }, [setup.totpURI]);

  async function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isVerifying) return;
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed)) {
      setError("Enter the 6-digit code from your authenticator app");
      return codeRef.current?.focus();
    }
    setIsVerifying(true);
    try {
      await verifyTotp(typed);
      await refresh();
      toast({ title: "Two-factor authentication is on", description: "Next time you sign in, have your authenticator app ready." });
      onDone();
    } catch (failure) {
      setError(authErrorMessage(failure));
      setIsVerifying(false);
      setCode("");
      codeRef.current?.focus();
    }
  }

  return (
    <ol ref={stepsRef} tabIndex={-1} aria-label="Steps to turn on two-factor authentication" className="grid gap-7 rounded-lg focus-visible:outline-none">
      <SetupItem number={1} title="Scan the QR code with your authenticator app">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <div className="grid size-44 shrink-0 place-items-center rounded-xl border border-border bg-white p-2">
            {qrCode ? (
              <img src={qrCode} width={160} height={160} alt="QR code for adding Markwise to an authenticator app" className="size-40 [image-rendering:pixelated]" />
            ) : qrCode === null ? (
              <LoaderCircle aria-label="Drawing the QR code" className="size-6 animate-spin text-primary" />
            ) : (
              <p className="p-2 text-center text-xs text-muted-foreground">The QR code could not be drawn. Enter the key instead.</p>
            )}
          </div>
          <div className="grid min-w-0 gap-2 text-sm">
            <p className="text-muted-foreground">Can&apos;t scan it? Choose to enter a setup key in the app and type this one:</p>
            <code className="block rounded-md bg-muted px-2.5 py-1.5 font-mono text-[0.8125rem] leading-relaxed tracking-wide">{groupSecret(secret)}</code>
            <CopyButton text={secret} label="Copy key" className="justify-self-start" />
            <a href={setup.totpURI} className="justify-self-start rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              Open in an authenticator app on this device
            </a>
          </div>
        </div>
      </SetupItem>

      <SetupItem number={2} title="Save your backup codes">
        <p className="text-sm leading-relaxed text-muted-foreground">
          If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are not shown again.
        </p>
        <ul aria-label="Backup codes" className="mt-3 grid max-w-md grid-cols-2 gap-x-6 gap-y-1.5 rounded-xl border border-border bg-muted/60 p-4 font-mono text-sm">
          {setup.backupCodes.map((backupCode) => (
            <li key={backupCode}>{backupCode}</li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap gap-2">
          <CopyButton text={setup.backupCodes.join("\n")} label="Copy codes" />
          <Button variant="outline" size="sm" onClick={() => downloadCodes(setup.backupCodes)}>
            <Download aria-hidden />
            Download codes
          </Button>
        </div>
      </SetupItem>

      <SetupItem number={3} title="Enter the code the app shows">
        <form noValidate onSubmit={handleVerify} className="grid gap-4" aria-busy={isVerifying}>
          <FormField id="two-factor-setup-code" label="Authentication code" error={error} className="sm:max-w-56">
            <Input
              ref={codeRef}
              {...fieldProps("two-factor-setup-code", { error })}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              placeholder="123456"
              className="font-mono tracking-[0.3em]"
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setError(undefined);
              }}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="ghost" onClick={onCancel} disabled={isVerifying}>
              Cancel
            </Button>
            <Button type="submit" disabled={isVerifying}>
              {isVerifying ? <LoaderCircle aria-hidden className="animate-spin" /> : <ShieldCheck aria-hidden />}
              {isVerifying ? "Verifying..." : "Verify and turn on"}
            </Button>
          </div>
        </form>
      </SetupItem>
    </ol>
  );
}

function SetupItem({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 sm:gap-x-4">
      <span aria-hidden className="grid size-7 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent-strong">
        {number}
      </span>
      <div className="grid gap-3">
        <h3 className="pt-0.5 font-semibold">{title}</h3>
        <div>{children}</div>
      </div>
    </li>
  );
}

function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [isCopied, setIsCopied] = useState(false);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      toast({ variant: "destructive", title: "Could not copy", description: "Select the text and copy it by hand." });
    }
  }
  return (
    <Button variant="outline" size="sm" className={className} onClick={() => void handleCopy()}>
      {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {isCopied ? "Copied" : label}
    </Button>
  );
}

function downloadCodes(codes: string[]) {
  const text = ["Markwise backup codes", "Each code signs you in once.", "", ...codes, ""].join("\n");
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "markwise-backup-codes.txt";
  link.click();
  URL.revokeObjectURL(url);
}
