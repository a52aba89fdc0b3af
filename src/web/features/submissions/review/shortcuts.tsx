import { Keyboard } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";

export const reviewShortcuts = [
  { keys: ["J", "↓"], action: "Next submission (↓ scrolls the essay while it has focus)" },
  { keys: ["K", "↑"], action: "Previous submission (↑ scrolls the essay while it has focus)" },
  { keys: ["A"], action: "Accept the grade" },
  { keys: ["E"], action: "Edit scores and feedback" },
  { keys: ["R"], action: "Regrade" },
  { keys: ["Ctrl", "Enter"], action: "Save while editing (⌘ Enter on a Mac)" },
  { keys: ["Esc"], action: "Cancel editing" },
  { keys: ["?"], action: "Show these shortcuts" },
] as const;

export type ReviewShortcutHandlers = {
  isEditing: boolean;
  /** While a dialog is open it owns the keyboard. */
  isPaused: boolean;
  next: () => void;
  previous: () => void;
  accept: () => void;
  edit: () => void;
  regrade: () => void;
  save: () => void;
  cancelEdit: () => void;
  showHelp: () => void;
};

const isTypingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/** Inside a region the keyboard scrolls (the essay), the arrow keys scroll it; J and K still move between students. */
const isInScrollRegion = (target: EventTarget | null) => target instanceof HTMLElement && target.closest("[data-keyboard-scroll]") !== null;

/**
 * Single-key shortcuts for going through the queue fast. Letters act only when focus is outside a field, so typing
 * a score or feedback never triggers them; Escape and Ctrl/Cmd+Enter work inside the edit form, where they belong.
 */
export function useReviewShortcuts(handlers: ReviewShortcutHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const current = latest.current;
      if (event.defaultPrevented || current.isPaused) return;
      if (current.isEditing) {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          current.save();
        } else if (event.key === "Escape") {
          event.preventDefault();
          current.cancelEdit();
        }
        if (isTypingIn(event.target)) return;
      }
      if (isTypingIn(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if ((event.key === "ArrowDown" || event.key === "ArrowUp") && isInScrollRegion(event.target)) return;
      const action = (
        {
          j: current.next,
          ArrowDown: current.next,
          k: current.previous,
          ArrowUp: current.previous,
          a: current.isEditing ? undefined : current.accept,
          e: current.isEditing ? undefined : current.edit,
          r: current.isEditing ? undefined : current.regrade,
          "?": current.showHelp,
        } as Record<string, (() => void) | undefined>
      )[event.key.length === 1 ? event.key.toLowerCase() : event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {keys.map((key) => (
        <kbd key={key} className="rounded border border-border bg-muted px-1.5 py-0.5 font-sans text-xs font-semibold text-foreground">
          {key}
        </kbd>
      ))}
    </span>
  );
}

/** The small always-visible reminder, and the button that opens the full list. */
export function ShortcutsHint({ onOpen }: { onOpen: () => void }) {
  return (
    // Phones rarely have a keyboard, so the reminder starts at tablet width; the shortcuts themselves always work.
    <div className="hidden flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted-foreground sm:flex">
      <span className="font-medium text-foreground">Shortcuts</span>
      <span className="inline-flex items-center gap-1">
        <Keys keys={["J"]} />/<Keys keys={["K"]} /> next/previous
      </span>
      <span className="inline-flex items-center gap-1">
        <Keys keys={["A"]} /> accept
      </span>
      <span className="inline-flex items-center gap-1">
        <Keys keys={["E"]} /> edit
      </span>
      <span className="inline-flex items-center gap-1">
        <Keys keys={["R"]} /> regrade
      </span>
      <Button variant="link" size="sm" className="h-auto text-xs" onClick={onOpen}>
        <Keyboard aria-hidden />
        All shortcuts (?)
      </Button>
    </div>
  );
}

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Letters work when the cursor is not in a field.</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2.5 text-sm">
          {reviewShortcuts.map((shortcut) => (
            <div key={shortcut.action} className="flex items-center justify-between gap-4">
              <dt>{shortcut.action}</dt>
              <dd>
                <Keys keys={shortcut.keys} />
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
