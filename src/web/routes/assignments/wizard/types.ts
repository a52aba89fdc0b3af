import type { Assignment, GradingSettings } from "../../../../contracts/assignments";
import type { Criterion } from "../../../../contracts/teacher-profile";
import type { CriterionEditFields } from "../../../features/assignments/components/criterion-edit-form";

export type WizardStepProps = {
  /** The assignment as the wizard holds it; saved as a whole on Next and Finish. */
  draft: Assignment;
  update: (patch: Partial<Assignment>) => void;
  updateSettings: (patch: Partial<GradingSettings>) => void;
  /** True while the wizard saves: the step's own actions wait. */
  disabled: boolean;
  /**
   * Saves the assignment at once, as Next does (with the version the page holds), with these criteria as its rubric;
   * true when the server took it. A failure is told as a failed Next is (toast, conflict notice).
   */
  saveRubric: (criteria: Criterion[]) => Promise<boolean>;
  /**
   * The step's say on Next: the check returns false (and shows why) when leaving now would lose what the teacher
   * typed. Set on mount, cleared (undefined) on unmount.
   */
  setNextCheck: (check: (() => boolean) | undefined) => void;
  /**
   * A rubric upload refused because another tab or window saved first: shown as a refused save is (the conflict
   * notice, with what was saved there), saying to upload again.
   */
  showUploadConflict: (message: string) => Promise<void>;
  /** An upload was taken: a notice about a refused upload is settled, save for what else differs from the other tab. */
  settleUploadConflict: (rubric: Assignment["rubric"], version: number) => void;
  /** The rubric step's open criterion edit, kept by the wizard so that Back (which saves nothing) loses no typing. */
  criterionEdit: CriterionEditFields | undefined;
  keepCriterionEdit: (fields: CriterionEditFields | undefined) => void;
  /** Step 1's title error (a title is needed before the wizard leaves step 1). */
  titleError?: string;
};

export const acceptedDocuments = ".txt,.doc,.docx,.pdf";
export const fileInputClass =
  "block w-full min-w-0 text-sm text-muted-foreground file:mr-3 file:inline-flex file:h-10 file:cursor-pointer file:rounded-lg file:border file:border-input file:bg-surface file:px-4 file:text-sm file:font-medium file:text-foreground hover:file:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-lg";
