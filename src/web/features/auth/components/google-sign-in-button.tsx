import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { authErrorMessage, fetchGoogleStatus, googleStatusQueryKey, startGoogleSignIn } from "../account-api";
import { FormMessage } from "./form-message";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden>
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z" />
    </svg>
  );
}

/**
 * Continue with Google. When the installation has no Google credentials the button explains that (the
 * server's message) instead of sending the teacher to an error page.
 */
export function GoogleSignInButton() {
  const status = useQuery({ queryKey: googleStatusQueryKey, queryFn: fetchGoogleStatus });
  const [isStarting, setIsStarting] = useState(false);
  const [message, setMessage] = useState<{ tone: "info" | "error"; text: string } | null>(null);

  async function handleClick() {
    setMessage(null);
    setIsStarting(true);
    try {
      const known = status.data ?? (await status.refetch()).data;
      if (!known) throw status.error ?? new Error("Google sign-in status unknown");
      if (!known.enabled) {
        setMessage({ tone: "info", text: known.message ?? "Google sign-in is not available." });
        setIsStarting(false);
        return;
      }
      window.location.assign(await startGoogleSignIn());
    } catch (error) {
      setMessage({ tone: "error", text: authErrorMessage(error) });
      setIsStarting(false);
    }
  }

  return (
    <div className="grid gap-3">
      <Button variant="outline" className="w-full" onClick={() => void handleClick()} disabled={isStarting}>
        {isStarting ? <LoaderCircle aria-hidden className="animate-spin" /> : <GoogleMark />}
        Continue with Google
      </Button>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
    </div>
  );
}
