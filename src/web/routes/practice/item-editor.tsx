import { ArrowDown, ArrowUp, Pencil, Plus, Trash2, X } from "lucide-react";
import type { StoredFlashcard, StoredQuizItem } from "../../../contracts/practice";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { FormField, fieldProps } from "../../features/auth/components/form-field";

export type DraftItem = StoredQuizItem | StoredFlashcard;
type Errors = Record<string, string>;

/** The error the server gave for this item's field (`items.3.options`), or for the item as a whole. */
const errorOf = (errors: Errors, index: number, field: string) => errors[`items.${index}.${field}`];

/** One line that says what the item asks, for the collapsed view. */
export function itemHeadline(item: DraftItem): string {
  if (!("kind" in item)) return item.front;
  return item.kind === "multiple-choice" ? item.prompt : item.kind === "cloze" ? item.sentence : `${item.prompt} ${item.original}`;
}

export function keyOf(item: DraftItem): string {
  if (!("kind" in item)) return item.back;
  return item.kind === "multiple-choice" ? (item.options[item.answerIndex] ?? "") : item.answer;
}

export const blankItems = {
  "multiple-choice": (): StoredQuizItem => ({ id: "", kind: "multiple-choice", prompt: "", options: ["", "", ""], answerIndex: 0 }),
  cloze: (): StoredQuizItem => ({ id: "", kind: "cloze", sentence: "", answer: "" }),
  "fix-the-sentence": (): StoredQuizItem => ({ id: "", kind: "fix-the-sentence", prompt: "Correct the error in this sentence.", original: "", answer: "" }),
  card: (): StoredFlashcard => ({ id: "", front: "", back: "" }),
};

interface ItemCardProps {
  item: DraftItem;
  index: number;
  count: number;
  noun: string;
  isOpen: boolean;
  errors: Errors;
  onToggle: () => void;
  onChange: (item: DraftItem) => void;
  onMove: (offset: -1 | 1) => void;
  onDelete: () => void;
}

/** One question or card: its headline and key, and when opened its fields, with the server's errors beside them. */
export function ItemCard({ item, index, count, noun, isOpen, errors, onToggle, onChange, onMove, onDelete }: ItemCardProps) {
  const label = `${noun} ${index + 1}`;
  const hasError = Object.keys(errors).some((key) => key.startsWith(`items.${index}.`));
  return (
    <li aria-label={label} className={`rounded-xl border bg-surface p-3 sm:p-4 ${hasError ? "border-destructive/60" : "border-border"}`}>
      {/* On a phone the buttons go under the question, so its text keeps the card's width. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</p>
          <p className="mt-1 font-medium wrap-anywhere">{itemHeadline(item) || <span className="text-muted-foreground">Not written yet</span>}</p>
          {"kind" in item && item.kind === "multiple-choice" ? (
            // Every option, the right one marked: a teacher judges the distractors before students see them.
            <ul aria-label="Options" className="mt-1 grid gap-0.5 text-sm wrap-anywhere text-muted-foreground">
              {item.options.map((option, index) => (
                <li key={index} className={index === item.answerIndex ? "font-medium text-foreground" : undefined}>
                  {index === item.answerIndex ? "Answer: " : "Option: "}
                  {option}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm wrap-anywhere whitespace-pre-line text-muted-foreground">
              {"kind" in item ? "Answer: " : "Back: "}
              {keyOf(item)}
            </p>
          )}
          {item.source?.origin === "class" ? <p className="mt-1 text-xs text-muted-foreground">From the class's writing{item.source.criterion ? ` · ${item.source.criterion}` : ""}</p> : null}
        </div>
        <div className="-ml-2 flex shrink-0 flex-wrap gap-1 sm:ml-0 sm:justify-end">
          <Button variant="ghost" size="icon" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onMove(-1)}>
            <ArrowUp aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
            <ArrowDown aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" aria-label={isOpen ? `Close ${label}` : `Edit ${label}`} aria-expanded={isOpen} onClick={onToggle}>
            {isOpen ? <X aria-hidden /> : <Pencil aria-hidden />}
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Delete ${label}`} onClick={onDelete}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      {isOpen || hasError ? <ItemFields item={item} index={index} errors={errors} onChange={onChange} /> : null}
    </li>
  );
}

function ItemFields({ item, index, errors, onChange }: { item: DraftItem; index: number; errors: Errors; onChange: (item: DraftItem) => void }) {
  const id = (field: string) => `item-${index}-${field}`;
  const text = (field: string, label: string, value: string, set: (value: string) => void, options: { long?: boolean; hint?: string } = {}) => {
    const error = errorOf(errors, index, field);
    const props = { ...fieldProps(id(field), { error, hint: options.hint }), value, onChange: (event: { target: { value: string } }) => set(event.target.value) };
    return (
      <FormField id={id(field)} label={label} error={error} hint={options.hint}>
        {options.long ? <Textarea {...props} rows={2} /> : <Input {...props} />}
      </FormField>
    );
  };
  const explanation = "kind" in item ? text("explanation", "Explanation shown with the key (optional)", item.explanation ?? "", (value) => onChange({ ...item, explanation: value || undefined })) : null;

  if (!("kind" in item)) {
    return (
      <div className="mt-3 grid gap-3">
        {text("front", "Front", item.front, (front) => onChange({ ...item, front }), { long: true })}
        {text("back", "Back", item.back, (back) => onChange({ ...item, back }), { long: true })}
      </div>
    );
  }
  if (item.kind === "cloze") {
    return (
      <div className="mt-3 grid gap-3">
        {text("sentence", "Sentence", item.sentence, (sentence) => onChange({ ...item, sentence }), { long: true, hint: "Put _____ where the answer goes." })}
        {text("answer", "Answer", item.answer, (answer) => onChange({ ...item, answer }))}
        {explanation}
      </div>
    );
  }
  if (item.kind === "fix-the-sentence") {
    return (
      <div className="mt-3 grid gap-3">
        {text("prompt", "Instruction", item.prompt, (prompt) => onChange({ ...item, prompt }))}
        {text("original", "Sentence to fix", item.original, (original) => onChange({ ...item, original }), { long: true })}
        {text("answer", "Corrected sentence", item.answer, (answer) => onChange({ ...item, answer }), { long: true })}
        {explanation}
      </div>
    );
  }
  const optionsError = errorOf(errors, index, "options") ?? errorOf(errors, index, "answerIndex");
  return (
    <div className="mt-3 grid gap-3">
      {text("prompt", "Question", item.prompt, (prompt) => onChange({ ...item, prompt }), { long: true })}
      <fieldset className="grid gap-2" aria-describedby={optionsError ? id("options-error") : undefined}>
        <legend className="mb-1 text-sm font-medium">Options (choose the correct one)</legend>
        {item.options.map((option, optionIndex) => (
          <div key={optionIndex} className="flex items-center gap-2">
            <input
              type="radio"
              name={id("answer")}
              aria-label={`Option ${optionIndex + 1} is correct`}
              checked={item.answerIndex === optionIndex}
              onChange={() => onChange({ ...item, answerIndex: optionIndex })}
              className="size-4 accent-[var(--color-primary)]"
            />
            <Input
              aria-label={`Option ${optionIndex + 1}`}
              value={option}
              onChange={(event) => onChange({ ...item, options: item.options.map((value, at) => (at === optionIndex ? event.target.value : value)) })}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove option ${optionIndex + 1}`}
              disabled={item.options.length <= 2}
              onClick={() =>
                onChange({
                  ...item,
                  options: item.options.filter((_, at) => at !== optionIndex),
                  answerIndex: item.answerIndex === optionIndex ? 0 : item.answerIndex > optionIndex ? item.answerIndex - 1 : item.answerIndex,
                })
              }
            >
              <X aria-hidden />
            </Button>
          </div>
        ))}
        {item.options.length < 6 ? (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onChange({ ...item, options: [...item.options, ""] })}>
            <Plus aria-hidden />
            Add option
          </Button>
        ) : null}
        {optionsError ? (
          <p id={id("options-error")} className="text-sm font-medium text-destructive">
            {optionsError}
          </p>
        ) : null}
      </fieldset>
      {explanation}
    </div>
  );
}
