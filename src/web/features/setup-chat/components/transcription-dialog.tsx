import { Check } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import type { TranscriptionToReview } from "../use-transcription-review";

/**
 * The model's reading of a photo beside the photo, for the teacher to correct: nothing a model read is used until
 * the teacher confirms it. Closing the dialog discards the reading (the photo is not attached).
 */
export function TranscriptionDialog({ item, onSettle }: { item: TranscriptionToReview | undefined; onSettle: (text: string | undefined) => void }) {
  const boxId = useId();
  const [text, setText] = useState("");
  useEffect(() => setText(item?.text ?? ""), [item]);

  return (
    <Dialog open={Boolean(item)} onOpenChange={(open) => (open ? undefined : onSettle(undefined))}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Check what I read</DialogTitle>
          <DialogDescription>
            I read {item?.name ?? "this photo"} with the AI service. Correct anything I misread: I use only the text you confirm.
          </DialogDescription>
        </DialogHeader>
        {item ? <img src={item.imageUrl} alt={item.name} className="max-h-48 w-full rounded-lg border border-border bg-muted object-contain" /> : null}
        <div className="grid gap-2">
          <Label htmlFor={boxId}>Text of the photo</Label>
          <Textarea id={boxId} rows={10} value={text} onChange={(event) => setText(event.target.value)} className="resize-y text-sm leading-relaxed" />
          {item && !item.text ? <p className="text-xs text-muted-foreground">No text was found in the photo. Type what it says, or discard it.</p> : null}
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onSettle(undefined)}>
            Discard
          </Button>
          <Button onClick={() => onSettle(text.trim())} disabled={!text.trim()}>
            <Check aria-hidden />
            Use this text
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
