import { useState, type FormEvent } from "react";
import type { PracticeView } from "../../../contracts/practice";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { ApiError, describeError } from "../../lib/api";
import { usePracticeActions } from "../../features/practice/api";

/**
 * A number field's text as the server should judge it: a number when it reads as one, else the text itself, so the
 * server's message names the problem ("abc" became NaN, which JSON sends as null: saved as no time limit).
 */
const asTyped = (text: string) => (Number.isFinite(Number(text)) ? Number(text) : (text as unknown as number));

/** Time limit (blank: none), attempts per student, and whether students see the key after submitting. */
export function QuizSettingsForm({ set }: { set: PracticeView }) {
  const { update } = usePracticeActions(set.id);
  const [minutes, setMinutes] = useState(set.settings.timeLimitMinutes === null ? "" : String(set.settings.timeLimitMinutes));
  const [attempts, setAttempts] = useState(String(set.settings.attemptsAllowed));
  const [showKey, setShowKey] = useState(set.settings.showKeyAfterSubmit);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({
        settings: { timeLimitMinutes: minutes.trim() ? asTyped(minutes.trim()) : null, attemptsAllowed: asTyped(attempts.trim()), showKeyAfterSubmit: showKey },
      });
      setErrors({});
      toast({ title: "Settings saved" });
    } catch (caught) {
      setErrors(caught instanceof ApiError ? (caught.fields ?? { form: describeError(caught, "") }) : { form: "Couldn't save. Please try again." });
    }
  }

  const limitError = errors["settings.timeLimitMinutes"];
  const attemptsError = errors["settings.attemptsAllowed"];
  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={(event) => void save(event)} noValidate>
      <FormField id="time-limit" label="Time limit (minutes)" error={limitError} hint="Leave empty for no time limit.">
        <Input {...fieldProps("time-limit", { error: limitError, hint: true })} inputMode="numeric" value={minutes} onChange={(event) => setMinutes(event.target.value)} />
      </FormField>
      <FormField id="attempts" label="Attempts per student" error={attemptsError}>
        <Input {...fieldProps("attempts", { error: attemptsError })} inputMode="numeric" value={attempts} onChange={(event) => setAttempts(event.target.value)} />
      </FormField>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" className="size-4" checked={showKey} onChange={(event) => setShowKey(event.target.checked)} />
        Show students the answer key after they submit
      </label>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" variant="outline" className="justify-self-start" disabled={update.isPending}>
        Save settings
      </Button>
    </form>
  );
}
