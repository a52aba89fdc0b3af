import { Plus, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { coursePresets, describeWeightsProblem, rubricTemplateLabel, sumWeights, type SetupState } from "../../../core/setup";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { ChoiceCards } from "../../features/teacher-profile/components/form-parts";
import { cn } from "../../lib/utils";
import { criterionLabel } from "./step-text";
import type { UpdateSetup } from "./welcome-step";

const templateWeights: Record<string, Record<string, number>> = Object.fromEntries(
  Object.values(coursePresets).map((preset) => [preset.rubricTemplate, preset.rubricWeights]),
);

export function RubricStep({ state, update }: { state: SetupState; update: UpdateSetup }) {
  const weights = state.rubric.weights ?? {};
  const entries = Object.entries(weights);
  const total = sumWeights(Object.fromEntries(entries.map(([key, value]) => [key, Number.isFinite(value) ? value : 0])));
  const problem = describeWeightsProblem(weights);
  const [newName, setNewName] = useState("");
  const newKey = newName.trim().toLowerCase();

  const setWeights = (next: Record<string, number>) => update((current) => ({ ...current, rubric: { ...current.rubric, weights: next } }));

  function chooseTemplate(template: string) {
    update((current) => ({
      ...current,
      rubric: { ...current.rubric, template, weights: templateWeights[template] ? { ...templateWeights[template] } : current.rubric.weights ?? {} },
    }));
  }

  function addCriterion(event: FormEvent) {
    event.preventDefault();
    if (!newKey || Object.hasOwn(weights, newKey)) return;
    setWeights({ ...weights, [newKey]: 0 });
    setNewName("");
  }

  return (
    <div className="grid gap-7">
      <ChoiceCards
        name="setup-template"
        legend="Rubric template"
        value={state.rubric.template}
        onChange={chooseTemplate}
        options={[
          { value: "4-part-historical", label: rubricTemplateLabel("4-part-historical"), description: "Evidence, analysis, organization, mechanics." },
          { value: "5-part-literary", label: rubricTemplateLabel("5-part-literary"), description: "Analysis, evidence, organization, style, mechanics." },
          { value: "custom", label: rubricTemplateLabel("custom"), description: "Your own parts and weights." },
        ]}
      />

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium leading-none">Weights</legend>
        {entries.length === 0 ? <p className="text-sm text-muted-foreground">No parts yet. Add the first one below.</p> : null}
        <ul className="grid gap-2">
          {entries.map(([key, value]) => (
            <li key={key} className="flex items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2">
              <label htmlFor={`weight-${key}`} className="flex-1 truncate text-sm font-medium">
                {criterionLabel(key)}
              </label>
              <div className="flex items-center gap-1.5">
                <Input
                  id={`weight-${key}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  step={1}
                  className="h-10 w-20 text-right tabular-nums"
                  value={Number.isFinite(value) ? value : ""}
                  onChange={(event) => setWeights({ ...weights, [key]: event.target.value === "" ? Number.NaN : Number(event.target.value) })}
                  aria-describedby="weights-total"
                />
                <span aria-hidden className="text-sm text-muted-foreground">
                  %
                </span>
              </div>
              <button
                type="button"
                aria-label={`Remove ${criterionLabel(key)}`}
                onClick={() => setWeights(Object.fromEntries(entries.filter(([other]) => other !== key)))}
                className="inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
        <div
          id="weights-total"
          className={cn(
            "flex flex-wrap items-baseline justify-between gap-2 rounded-xl px-3 py-2.5 text-sm",
            problem ? "bg-destructive-soft text-destructive" : "bg-accent-soft text-accent-strong",
          )}
        >
          <span className="font-semibold tabular-nums" aria-live="polite">
            Total: {total}%
          </span>
          {problem ? (
            <span role="alert" className="font-medium">
              {problem}
            </span>
          ) : (
            <span>The weights add up to 100%.</span>
          )}
        </div>
      </fieldset>

      <form onSubmit={addCriterion} className="grid gap-2">
        <Label htmlFor="new-criterion">Add a part</Label>
        <div className="flex gap-2">
          <Input id="new-criterion" value={newName} placeholder="e.g. Thesis" maxLength={60} onChange={(event) => setNewName(event.target.value)} />
          <Button type="submit" variant="outline" disabled={!newKey || Object.hasOwn(weights, newKey)}>
            <Plus aria-hidden />
            Add
          </Button>
        </div>
      </form>
    </div>
  );
}
