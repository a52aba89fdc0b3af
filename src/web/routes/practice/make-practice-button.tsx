import { GraduationCap } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { describeError } from "../../lib/api";
import { practicePath, useCreatePractice } from "../../features/practice/api";

/** "Make practice" on a graded assignment: a quiz and a deck for the class, then the quiz opens for review. */
export function MakePracticeButton({ assignmentId }: { assignmentId: string }) {
  const navigate = useNavigate();
  const make = useCreatePractice().fromClass;
  const start = () =>
    make.mutate(assignmentId, {
      onSuccess: ({ quiz }) => {
        toast({ title: "Practice made", description: "A quiz and a flashcard deck for this class. Review them before you share." });
        navigate(practicePath(quiz));
      },
      onError: (error) => toast({ variant: "destructive", title: "Couldn't make practice", description: describeError(error, "Please try again.") }),
    });
  return (
    <Button variant="outline" onClick={start} disabled={make.isPending}>
      {make.isPending ? <Spinner size="sm" /> : <GraduationCap aria-hidden />}
      Make practice
    </Button>
  );
}
