import { GraduationCap } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { describeError } from "../../lib/api";
import { createClassPractice, practicePath } from "../../features/practice/api";

/** "Make practice" on a graded assignment: a quiz and a deck for the class, then the quiz opens for review. */
export function MakePracticeButton({ assignmentId }: { assignmentId: string }) {
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);
  async function make() {
    setIsPending(true);
    try {
      const { quiz } = await createClassPractice(assignmentId);
      toast({ title: "Practice made", description: "A quiz and a flashcard deck for this class. Review them before you share." });
      navigate(practicePath(quiz));
    } catch (error) {
      toast({ variant: "destructive", title: "Couldn't make practice", description: describeError(error, "Please try again.") });
    } finally {
      setIsPending(false);
    }
  }
  return (
    <Button variant="outline" onClick={() => void make()} disabled={isPending}>
      {isPending ? <Spinner size="sm" /> : <GraduationCap aria-hidden />}
      Make practice
    </Button>
  );
}
