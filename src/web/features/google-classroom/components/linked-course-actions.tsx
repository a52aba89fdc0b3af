import { ExternalLink, FileUp, Send, Undo2, Unlink, Users } from "lucide-react";
import { useState } from "react";
import type { AssignmentClassroomView, ClassroomGradesResult, ClassroomSubmissionsResult } from "../../../../contracts/google-classroom";
import { classroomMessages } from "../../../../contracts/google-classroom";
import { GradeSendReport } from "../../../components/grade-send-report";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Spinner } from "../../../components/ui/spinner";
import { showFailure, showSuccess } from "../../assignments/toasts";
import { useClassroomActions } from "../api";
import { gradesSummary, rosterSummary, submissionsSummary } from "../format";

type Link = NonNullable<AssignmentClassroomView["link"]>;

/** What the teacher can do once the assignment is linked: import roster and work, send or return grades, unlink. */
export function LinkedCourseActions({ assignmentId, link }: { assignmentId: string; link: Link }) {
  const actions = useClassroomActions(assignmentId);
  const [handUploads, setHandUploads] = useState<ClassroomSubmissionsResult["uploadByHand"]>([]);
  const [isConfirmingReturn, setIsConfirmingReturn] = useState(false);

  const [lastSend, setLastSend] = useState<ClassroomGradesResult | null>(null);
  const reportGrades = (result: ClassroomGradesResult) => {
    // The summary stays in the panel with what was not sent; the toast only confirms the send.
    setLastSend(result);
    showSuccess(gradesSummary(result));
  };
  const sendGrades = (returnToStudents: boolean) =>
    actions.sendGrades.mutate(returnToStudents, {
      onSuccess: (result) => {
        setIsConfirmingReturn(false);
        reportGrades(result);
      },
      onError: (error) => showFailure("The grades could not be sent to Classroom.", error),
    });

  return (
    <div className="grid gap-4">
      <div className="rounded-xl border border-border p-3">
        <p className="font-medium wrap-anywhere">{link.courseName}</p>
        {link.courseWork ? (
          <p className="text-sm text-muted-foreground wrap-anywhere">
            {link.courseWork.url ? (
              <a href={link.courseWork.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
                {link.courseWork.title || "Coursework"}
                <ExternalLink aria-hidden className="size-3.5" />
                <span className="sr-only">(opens Google Classroom)</span>
              </a>
            ) : (
              link.courseWork.title
            )}
            {link.courseWork.maxPoints ? ` · out of ${link.courseWork.maxPoints}` : ""}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">No coursework yet.</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={actions.importRoster.isPending} onClick={() => actions.importRoster.mutate(undefined, { onSuccess: (result) => showSuccess(rosterSummary(result)), onError: (error) => showFailure("The roster could not be imported.", error) })}>
          {actions.importRoster.isPending ? <Spinner size="sm" /> : <Users aria-hidden />}
          Import roster from Classroom
        </Button>
        {link.courseWork ? (
          <Button
            variant="outline"
            disabled={actions.importSubmissions.isPending}
            onClick={() =>
              actions.importSubmissions.mutate(undefined, {
                onSuccess: (result) => {
                  setHandUploads(result.uploadByHand);
                  showSuccess(submissionsSummary(result));
                },
                onError: (error) => showFailure("The submissions could not be imported.", error),
              })
            }
          >
            {actions.importSubmissions.isPending ? <Spinner size="sm" /> : <FileUp aria-hidden />}
            Import submissions from Classroom
          </Button>
        ) : null}
        <Button disabled={!link.canSendGrades || actions.sendGrades.isPending} onClick={() => sendGrades(false)}>
          {actions.sendGrades.isPending ? <Spinner size="sm" /> : <Send aria-hidden />}
          Send grades to Classroom
        </Button>
        <Button variant="outline" disabled={!link.canSendGrades || actions.sendGrades.isPending} onClick={() => setIsConfirmingReturn(true)}>
          <Undo2 aria-hidden />
          Return grades in Classroom
        </Button>
        <Button variant="ghost" disabled={actions.unlink.isPending} onClick={() => actions.unlink.mutate(undefined, { onError: (error) => showFailure("The course could not be unlinked.", error) })}>
          <Unlink aria-hidden />
          Unlink course
        </Button>
      </div>
      {lastSend ? (
        <GradeSendReport
          summary={gradesSummary(lastSend)}
          course={`${lastSend.courseName} on Google Classroom`}
          notMatched={lastSend.notInCourse}
          onEarlierRubric={lastSend.onEarlierRubric}
          isRosterImported={lastSend.isRosterImported}
          failed={lastSend.failed}
        />
      ) : null}
      {handUploads.length ? (
        <div role="status" className="rounded-xl border border-border bg-muted/40 p-3 text-sm">
          <p className="font-medium">Upload these by hand</p>
          <ul className="mt-1 grid gap-1">
            {handUploads.map((item) => (
              <li key={`${item.studentName}-${item.fileName}`}>
                <span className="font-medium">{item.studentName}</span>, {item.fileName}: {item.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {link.canSendGrades ? "Only reviewed or accepted grades are sent, as draft grades you return in Classroom. " : `${classroomMessages.cannotTakeGrades} `}
        {classroomMessages.noPrivateComments}
      </p>
      <ConfirmDialog
        open={isConfirmingReturn}
        onOpenChange={setIsConfirmingReturn}
        title="Return grades in Classroom?"
        description="Every reviewed grade becomes the assigned grade and the work is returned: students see their grade in Classroom. Grades waiting for review are not sent."
        confirmLabel="Return grades"
        isPending={actions.sendGrades.isPending}
        onConfirm={() => sendGrades(true)}
      />
    </div>
  );
}
