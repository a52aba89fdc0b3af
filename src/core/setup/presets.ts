/** Course presets from the specification: tone, strictness, rubric template and weights. */
export interface CoursePreset {
  id: "apush" | "english";
  label: string;
  tone: "gentle" | "neutral" | "direct";
  strictness: number;
  rubricTemplate: string;
  rubricWeights: Record<string, number>;
}

export const coursePresets: Record<CoursePreset["id"], CoursePreset> = {
  apush: {
    id: "apush",
    label: "AP U.S. History",
    tone: "direct",
    strictness: 80,
    rubricTemplate: "4-part-historical",
    rubricWeights: { evidence: 40, analysis: 25, organization: 20, mechanics: 15 },
  },
  english: {
    id: "english",
    label: "English",
    tone: "neutral",
    strictness: 70,
    rubricTemplate: "5-part-literary",
    rubricWeights: { analysis: 35, evidence: 30, organization: 20, style: 10, mechanics: 5 },
  },
};

export function findCoursePreset(id: string): CoursePreset | undefined {
  return Object.hasOwn(coursePresets, id) ? coursePresets[id as CoursePreset["id"]] : undefined;
}
