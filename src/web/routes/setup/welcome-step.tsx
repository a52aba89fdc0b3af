import { useState } from "react";
import { coursePresets, rubricTemplateLabel, type CoursePreset, type SetupProfile, type SetupState } from "../../../core/setup";
import { Input } from "../../components/ui/input";
import { ChoiceCards, Field } from "../../features/teacher-profile/components/form-parts";
import { toneLabels } from "../../features/teacher-profile/components/grading-fields";

export type UpdateSetup = (change: (state: SetupState) => SetupState) => void;

type PresetChoice = CoursePreset["id"] | "none";

/** The preset whose tone, strictness, template and weights the state still matches, if any. */
function matchingPreset(state: SetupState): PresetChoice | undefined {
  for (const preset of Object.values(coursePresets)) {
    if (state.rubric.template === preset.rubricTemplate && state.profile.tone === preset.tone) return preset.id;
  }
  return undefined;
}

export function applyPreset(state: SetupState, preset: CoursePreset): SetupState {
  // A course the teacher typed stays; one a preset filled in (or none) becomes this preset's, so switching from
  // English to AP U.S. History does not leave "English" beside the history rubric.
  const course = state.profile.course?.trim() ?? "";
  const filledByPreset = !course || Object.values(coursePresets).some((other) => other.label === course);
  return {
    ...state,
    profile: { ...state.profile, tone: preset.tone, strictness: preset.strictness, course: filledByPreset ? preset.label : state.profile.course },
    rubric: { ...state.rubric, template: preset.rubricTemplate, weights: { ...preset.rubricWeights } },
  };
}

export function WelcomeStep({ state, update }: { state: SetupState; update: UpdateSetup }) {
  const [presetChoice, setPresetChoice] = useState<PresetChoice | undefined>(() => matchingPreset(state));
  const setProfile = (patch: Partial<SetupProfile>) => update((current) => ({ ...current, profile: { ...current.profile, ...patch } }));
  const text = (field: "name" | "school" | "course" | "department", label: string, placeholder: string, optional = false) => (
    <Field label={label} htmlFor={`setup-${field}`} optional={optional}>
      <Input id={`setup-${field}`} value={state.profile[field] ?? ""} placeholder={placeholder} onChange={(event) => setProfile({ [field]: event.target.value })} />
    </Field>
  );

  return (
    <div className="grid gap-7">
      <div className="grid gap-5 sm:grid-cols-2">
        {text("name", "Name", "e.g. Ms. Rivera")}
        {text("school", "School", "e.g. Lincoln High School")}
        {text("course", "Course", "e.g. AP U.S. History")}
        {text("department", "Department", "e.g. Social Studies", true)}
      </div>
      <ChoiceCards<PresetChoice>
        name="setup-preset"
        legend="Course preset"
        columns={3}
        value={presetChoice}
        onChange={(choice) => {
          setPresetChoice(choice);
          if (choice !== "none") update((current) => applyPreset(current, coursePresets[choice]));
        }}
        options={[
          ...Object.values(coursePresets).map((preset) => ({
            value: preset.id,
            label: preset.label,
            description: `${toneLabels[preset.tone].label} tone, strictness ${preset.strictness}, ${rubricTemplateLabel(preset.rubricTemplate)} rubric`,
          })),
          { value: "none" as const, label: "No preset", description: "Choose everything yourself in the next steps." },
        ]}
      />
    </div>
  );
}
