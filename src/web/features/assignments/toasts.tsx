import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";

/**
 * A destructive toast with the spec's sentence, and below it what the server said was wrong when it said something
 * a person can act on (a rubric with no criteria, a score above the total, ...).
 */
export function showFailure(message: string, error?: unknown, title?: string): void {
  const reason = error instanceof ApiError && error.serverMessage && error.status < 500 ? error.serverMessage : undefined;
  toast({
    variant: "destructive",
    title,
    description: reason ? (
      <>
        <span className="block">{message}</span>
        <span className="mt-1 block">{reason}</span>
      </>
    ) : (
      message
    ),
  });
}

export function showSuccess(message: string): void {
  toast({ description: message });
}
