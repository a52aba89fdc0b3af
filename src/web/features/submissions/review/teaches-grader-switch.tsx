import { useMutation, useQueryClient } from "@tanstack/react-query";
import { reviewRubricMismatch, type Assignment } from "../../../../contracts/assignments";
import type { SubmissionDetail } from "../../../../contracts/submissions";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api";
import { Switch } from "../../assignments/components/switch";
import { setTeachesGrader, submissionKeys } from "../api";

/**
 * A reviewed grade calibrates the grades that follow; the teacher can take one out (an unusual essay, say). A grade
 * the assignment's changed rubric cannot hold teaches nothing whatever the setting, so the switch is off and says why.
 */
export function TeachesGraderSwitch({ assignment, detail }: { assignment: Assignment; detail: SubmissionDetail }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (teachesGrader: boolean) => setTeachesGrader(detail.id, teachesGrader),
    onSuccess: (updated) => queryClient.setQueryData(submissionKeys.detail(updated.id), updated),
    onError: (error) => toast({ title: "Not changed", description: describeError(error, "The setting could not be saved. Try again.") }),
  });
  const id = `teaches-grader-${detail.id}`;
  // A grade given on an earlier rubric is left out of learning (learned-samples.ts) until it is edited onto this one.
  const mismatch =
    reviewRubricMismatch(assignment.rubric.criteria, detail) ??
    (detail.earlierRubric ? "It was given on the earlier rubric, so it does not calibrate the grades that follow until you edit it." : null);
  return (
    <div className="flex basis-full items-start gap-2.5">
      <Switch id={id} checked={detail.teachesGrader && !mismatch} disabled={change.isPending || mismatch !== null} onCheckedChange={(checked) => change.mutate(checked)} className="mt-0.5" />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="text-sm font-medium">
          Teaches the grader
        </Label>
        <p className="text-xs leading-snug text-muted-foreground">
          {mismatch ??
            (detail.textConcerns.length && !detail.teachesGrader
            ? "A text the grader doubts starts off, so it does not calibrate the grades that follow. Turn this on if it should count."
              : "The grades that follow are calibrated on your reviewed grades. Turn this off for a grade that should not count.")}
        </p>
      </div>
    </div>
  );
}
