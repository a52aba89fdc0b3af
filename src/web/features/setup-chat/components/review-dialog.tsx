import { ArrowRight, LoaderCircle, Save } from "lucide-react";
import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";

/** Spec section 9: the profile review box is 12 rows. */
export const profileBoxRows = 12;

/** The lines the teacher changed in the profile box, to be read back by the assistant like any message. */
export function changedLines(original: string, edited: string): string[] {
  const before = new Set(original.split("\n").map((line) => line.trim()));
  return edited
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !before.has(line));
}

export function ReviewDialog({
  open,
  onOpenChange,
  text,
  onTextChange,
  original,
  canStartGrading,
  isSaving,
  error,
  onApply,
  onSave,
  onStartGrading,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: string;
  onTextChange: (text: string) => void;
  original: string;
  canStartGrading: boolean;
  isSaving: boolean;
  error?: string;
  onApply: () => void;
  onSave: () => void;
  onStartGrading: () => void;
}) {
  const boxId = useId();
  const hasChanges = changedLines(original, text).length > 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Review your profile</DialogTitle>
          <DialogDescription>
            This is how Markwise will grade for you. Change any line and press Apply changes, or keep chatting.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={boxId}>Your profile</Label>
          <Textarea id={boxId} rows={profileBoxRows} value={text} onChange={(event) => onTextChange(event.target.value)} className="resize-y text-sm leading-relaxed" spellCheck={false} />
        </div>
        {hasChanges ? <p className="-mt-2 text-xs text-muted-foreground">Apply your changes first; the assistant reads each changed line.</p> : null}
        {error ? (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive-soft px-3 py-2 text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter className="sm:flex-wrap">
          <DialogClose asChild>
            <Button variant="ghost">Keep chatting</Button>
          </DialogClose>
          <Button variant="outline" onClick={onApply} disabled={!hasChanges || isSaving}>
            Apply changes
          </Button>
          {canStartGrading ? (
            <Button onClick={onStartGrading} disabled={isSaving || hasChanges}>
              {isSaving ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
              {isSaving ? "Saving..." : "Start Grading"}
              {isSaving ? null : <ArrowRight aria-hidden />}
            </Button>
          ) : (
            <Button onClick={onSave} disabled={isSaving || hasChanges}>
              {isSaving ? <LoaderCircle aria-hidden className="animate-spin" /> : <Save aria-hidden />}
              {isSaving ? "Saving..." : "Save profile"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
