import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { readUnsavedGrades, type UnsavedGrade } from "../../submissions/review/unsaved-grades";
import { signOutQuestion } from "../../submissions/review/unsaved-questions";

/**
 * Sign out that asks first while this tab keeps grade edits not saved (drafts, or saves that failed), since signing
 * out deletes them (session.tsx). With nothing kept it signs out at once. Returns what the Sign out button calls, and
 * the question to render beside it.
 */
export function useSignOutQuestion(signOut: () => void): { requestSignOut: () => void; question: ReactNode } {
  const [isAsking, setAsking] = useState(false);
  // Kept after the question closes, so its words stay the same while it fades out.
  const [unsaved, setUnsaved] = useState<UnsavedGrade[]>([]);
  const requestSignOut = () => {
    const kept = readUnsavedGrades();
    if (!kept.length) return signOut();
    setUnsaved(kept);
    setAsking(true);
  };
  const question = (
    <ConfirmDialog
      {...signOutQuestion(unsaved)}
      open={isAsking}
      onOpenChange={setAsking}
      onConfirm={() => {
        setAsking(false);
        signOut();
      }}
    />
  );
  return { requestSignOut, question };
}
