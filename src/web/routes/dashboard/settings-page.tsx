import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { gradingDefaults, type CalibrationResponse, type TeacherProfile, type TeacherProfileInput } from "../../../contracts/teacher-profile";
import type { SetupProfile } from "../../../core/setup";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { calibrationQueryKey, useCalibration } from "../../features/calibration/api";
import { saveTeacherProfile } from "../../features/teacher-profile/api";
import { ClassroomConnectionSection } from "../../features/google-classroom/components/classroom-connection-section";
import { Field } from "../../features/teacher-profile/components/form-parts";
import { GradingFields, type FieldErrors } from "../../features/teacher-profile/components/grading-fields";
import { ApiError, describeError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";
import { PageBody, PageHeader } from "./page-header";

export function SettingsPage() {
  useDocumentTitle("Settings");
  const calibration = useCalibration();

  return (
    <PageBody>
      <PageHeader
        title="Settings"
        description="Your grading defaults. New assignments start from these, and Markwise uses them when it grades and writes feedback."
      />
      {calibration.isPending ? (
        <Spinner className="mt-10" label="Loading your settings..." />
      ) : calibration.isError ? (
        <p role="alert" className="mt-8 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
          Your settings could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <SettingsForm profile={calibration.data.profile} />
      )}
      <ClassroomConnectionSection />
    </PageBody>
  );
}

function initialValues(profile: TeacherProfile | null): SetupProfile {
  return {
    name: profile?.name ?? "",
    school: profile?.school ?? "",
    course: profile?.course ?? "",
    department: profile?.department ?? "",
    tone: profile?.tone ?? gradingDefaults.tone,
    strictness: profile?.strictness ?? gradingDefaults.strictness,
    feedbackLength: profile?.feedbackLength ?? gradingDefaults.feedbackLength,
    grammarVsContent: profile?.grammarVsContent ?? gradingDefaults.grammarVsContent,
    gradingApproach: profile?.gradingApproach ?? gradingDefaults.gradingApproach,
    latePolicy: profile?.latePolicy ?? { ...gradingDefaults.latePolicy },
    strengthsFirst: profile?.strengthsFirst ?? gradingDefaults.strengthsFirst,
    autoAcceptThreshold: profile?.autoAcceptThreshold ?? gradingDefaults.autoAcceptThreshold,
  };
}

function SettingsForm({ profile }: { profile: TeacherProfile | null }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SetupProfile>(() => initialValues(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const [isSaved, setIsSaved] = useState(false);

  function update(patch: Partial<SetupProfile>) {
    setValues((current) => ({ ...current, ...patch }));
    setIsSaved(false);
    const touched = Object.keys(patch);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !touched.some((field) => key === field || key.startsWith(`${field}.`)))));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    setIsSaving(true);
    setFormError(undefined);
    setErrors({});
    try {
      const saved = await saveTeacherProfile(values as TeacherProfileInput);
      queryClient.setQueryData<CalibrationResponse>(calibrationQueryKey, (current) => (current ? { ...current, profile: saved } : current));
      setIsSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFormError(describeError(error, "Failed to save changes. Please try again."));
    } finally {
      setIsSaving(false);
    }
  }

  const text = (field: "name" | "school" | "course" | "department", label: string, placeholder: string, optional = false) => (
    <Field label={label} htmlFor={`settings-${field}`} error={errors[field]} optional={optional}>
      <Input
        id={`settings-${field}`}
        value={values[field] ?? ""}
        placeholder={placeholder}
        onChange={(event) => update({ [field]: event.target.value })}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `settings-${field}-error` : undefined}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={isSaving} className="mt-8 grid max-w-3xl gap-6">
      {formError ? (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}

      <section aria-labelledby="settings-about" className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-7">
        <h2 id="settings-about" className="font-display text-xl font-semibold tracking-tight">
          About you
        </h2>
        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          {text("name", "Name", "e.g. Ms. Rivera")}
          {text("school", "School", "e.g. Lincoln High School")}
          {text("course", "Course", "e.g. AP U.S. History")}
          {text("department", "Department", "e.g. Social Studies", true)}
        </div>
      </section>

      <section aria-labelledby="settings-grading" className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-7">
        <h2 id="settings-grading" className="font-display text-xl font-semibold tracking-tight">
          Grading defaults
        </h2>
        <div className="mt-5">
          <GradingFields idPrefix="settings" values={values} onChange={update} errors={errors} />
        </div>
      </section>

      <div className="flex flex-wrap items-center justify-end gap-3">
        {isSaved ? (
          <span role="status" className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700">
            <CircleCheck aria-hidden className="size-4" />
            Saved. New assignments start from these defaults.
          </span>
        ) : null}
        <Button type="submit" disabled={isSaving} className="min-w-36">
          {isSaving ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {isSaving ? "Saving..." : "Save settings"}
        </Button>
      </div>
    </form>
  );
}
