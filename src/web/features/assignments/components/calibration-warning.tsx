import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import type { Assignment } from "../../../../contracts/assignments";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { assignmentQueryKey, setAutoAcceptOverride } from "../api";
import { showFailure, showSuccess } from "../toasts";
import { formatLongDate } from "../format";

/**
 * Names the samples the calibration predicts badly. Automatic acceptance stays off until the samples are fixed or
 * the teacher, told what it means, turns it on anyway (and can turn that off again).
 */
export function CalibrationWarning({ assignment }: { assignment: Assignment }) {
  const [isConfirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (override: boolean) => setAutoAcceptOverride(assignment.id, override),
    onSuccess: (saved, override) => {
      queryClient.setQueryData(assignmentQueryKey(saved.id), saved);
      setConfirming(false);
      showSuccess(override ? "Auto-accept is on for this assignment despite the disagreement." : "Grades wait for your review again.");
    },
    onError: (error) => showFailure("The change could not be saved. Please try again.", error),
  });
  const warning = assignment.calibrationWarning;
  if (!warning) return null;
  const overriddenAt = assignment.autoAcceptOverriddenAt;
  return (
    <section aria-labelledby="calibration-warning-heading" className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h3 id="calibration-warning-heading" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-4 shrink-0" />
        The calibration disagrees with your samples
      </h3>
      <p className="leading-relaxed">{warning.message}</p>
      {overriddenAt ? (
        <div className="flex flex-wrap items-center gap-2">
          <p>{`You turned auto-accept on anyway on ${formatLongDate(new Date(overriddenAt))}.`}</p>
          <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => change.mutate(false)}>
            Wait for my review again
          </Button>
        </div>
      ) : (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setConfirming(true)}>
          Turn on auto-accept anyway
        </Button>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title="Turn on auto-accept anyway?"
        description="The grader could not reproduce your own samples, so confident grades may still be wrong. Grades above your threshold will be accepted without your review once your reviews show the grader agrees with you. Fixing the samples is safer."
        confirmLabel="Turn on anyway"
        isPending={change.isPending}
        onConfirm={() => change.mutate(true)}
      />
    </section>
  );
}
