import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useSession } from "./session";

/** Spec section 9: a successful sign-in goes to /app this long after the success message. */
export const signInRedirectDelayMs = 1000;

/**
 * After a successful sign-in: show the success message, wait the spec's second, then load the new session and
 * go to /app. The session is loaded only after the wait because /auth sends a signed-in visitor to /app at once.
 */
export function useFinishSignIn(): { isFinishing: boolean; finishSignIn: () => void } {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [isFinishing, setIsFinishing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const finishSignIn = useCallback(() => {
    setIsFinishing(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void refresh().then(() => navigate("/app", { replace: true }));
    }, signInRedirectDelayMs);
  }, [navigate, refresh]);

  return { isFinishing, finishSignIn };
}
