import { GraduationCap, Unplug } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Spinner } from "../../../components/ui/spinner";
import { showFailure, showSuccess } from "../../assignments/toasts";
import { startClassroomConnect, useClassroomConnection, useDisconnectClassroom } from "../api";
import { connectErrorMessage } from "../connect-error";

/**
 * Settings' Google Classroom section: connect (Google asks for the Classroom permissions only now) or disconnect.
 * Shown only when the server has Google configured.
 */
export function ClassroomConnectionSection() {
  const connection = useClassroomConnection();
  const disconnect = useDisconnectClassroom();
  const [isConnecting, setIsConnecting] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [searchParams] = useSearchParams();
  const failure = searchParams.get("error");
  if (!connection.data?.isAvailable) return null;
  const { isConnected, hasGoogleAccount } = connection.data;

  async function connect() {
    setIsConnecting(true);
    try {
      window.location.assign(await startClassroomConnect());
    } catch (error) {
      setIsConnecting(false);
      showFailure("Google Classroom could not be connected.", error);
    }
  }

  return (
    <section aria-labelledby="settings-classroom" className="mt-6 max-w-3xl rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-7">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="settings-classroom" className="flex items-center gap-2 text-lg font-semibold">
          <GraduationCap aria-hidden className="size-5 text-muted-foreground" />
          Google Classroom
        </h2>
        <span className="text-sm font-medium text-muted-foreground">{isConnected ? "Connected" : "Not connected"}</span>
      </div>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
        {isConnected
          ? "Markwise can read your Classroom courses, their students and turned-in work, and send draft grades. Use the Google Classroom panel on an assignment."
          : hasGoogleAccount
            ? "You sign in with Google. Connect Classroom to let Markwise read your courses, rosters and turned-in work, and send draft grades: Google asks for those permissions now."
            : "Connect your Google account to import rosters and turned-in work from Classroom and send draft grades back."}
      </p>
      {failure && !isConnected ? (
        <p role="alert" className="mt-3 rounded-xl border border-destructive/30 bg-destructive-soft p-3 text-sm font-medium text-destructive">
          {connectErrorMessage(failure)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {isConnected ? (
          <Button variant="outline" onClick={() => setIsConfirming(true)}>
            <Unplug aria-hidden />
            Disconnect Google Classroom
          </Button>
        ) : (
          <Button disabled={isConnecting} onClick={connect}>
            {isConnecting ? <Spinner size="sm" /> : <GraduationCap aria-hidden />}
            Connect Google Classroom
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Disconnect Google Classroom?"
        description="Markwise gives back its access to your Classroom and forgets the tokens. Your assignments keep their course links; connect again to use them."
        confirmLabel="Disconnect"
        isPending={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
              showSuccess("Google Classroom disconnected.");
            },
            onError: (error) => showFailure("Google Classroom could not be disconnected.", error),
          })
        }
      />
    </section>
  );
}
