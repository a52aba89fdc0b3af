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

/** How a rubric template is named to a teacher: the stored id ("4-part-historical") is not for reading. */
const rubricTemplateLabels: Record<string, string> = {
  "4-part-historical": "4-part historical",
  "5-part-literary": "5-part literary",
  custom: "Custom",
};

export function rubricTemplateLabel(template: string): string {
  return rubricTemplateLabels[template] ?? template;
}

export function findCoursePreset(id: string): CoursePreset | undefined {
  return Object.hasOwn(coursePresets, id) ? coursePresets[id as CoursePreset["id"]] : undefined;
}
