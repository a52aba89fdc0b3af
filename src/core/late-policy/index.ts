export { applyLatePolicy, dueMomentFor } from "./late-policy.js";
export type { LatePolicy, LatePolicyInput, LatePolicyResult, LatePolicyType } from "./late-policy.js";
export { lateNoteForStudent } from "./student-note.js";
