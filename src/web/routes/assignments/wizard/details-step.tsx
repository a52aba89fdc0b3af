import { assignmentTypeLabels, assignmentTypes, type AssignmentType } from "../../../../contracts/assignments";
import { Input } from "../../../components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Textarea } from "../../../components/ui/textarea";
import { DatePicker } from "../../../features/assignments/components/date-picker";
import { parseDueDate, toDueDate } from "../../../features/assignments/format";
import { Field } from "../../../features/teacher-profile/components/form-parts";
import type { WizardStepProps } from "./types";

/** Step 1: title, type (the seven types), due date from a calendar, prompt. */
export const titleInputId = "assignment-title";

export function DetailsStep({ draft, update, titleError }: WizardStepProps) {
  return (
    <div className="grid gap-6">
      <Field label="Title" htmlFor={titleInputId} hint="Needed before Finish." error={titleError}>
        <Input
          id={titleInputId}
          value={draft.title}
          maxLength={200}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${titleInputId}-error` : `${titleInputId}-hint`}
          placeholder="e.g. The causes of the First World War"
          onChange={(event) => update({ title: event.target.value })}
        />
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="Type" htmlFor="assignment-type">
          <Select value={draft.type} onValueChange={(type) => update({ type: type as AssignmentType })}>
            <SelectTrigger id="assignment-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {assignmentTypes.map((type) => (
                <SelectItem key={type} value={type}>
                  {assignmentTypeLabels[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <DatePicker label="Due date" value={parseDueDate(draft.dueDate)} onChange={(date) => update({ dueDate: toDueDate(date) })} />
      </div>
      <Field label="Prompt" htmlFor="assignment-prompt" hint="What students are asked to do. The grader reads it to judge whether the work answers the question.">
        <Textarea
          id="assignment-prompt"
          rows={6}
          value={draft.prompt}
          maxLength={20_000}
          aria-describedby="assignment-prompt-hint"
          placeholder="The question or task, as you give it to students"
          onChange={(event) => update({ prompt: event.target.value })}
        />
      </Field>
    </div>
  );
}
