/** A class set without a test runner: the rubric, distinct essays and upload forms (API tests and bench:api). */

export const rubricCriteria = [
  { id: "criterion-1", name: "Thesis", maxPoints: 10, descriptors: ["Clear, arguable claim"] },
  { id: "criterion-2", name: "Evidence", maxPoints: 10, descriptors: ["Relevant, cited evidence"] },
];

const openings = [
  "School uniforms help students focus on learning instead of fashion.",
  "Uniforms take away a simple way for young people to express who they are.",
  "Requiring uniforms saves families money over the school year.",
  "A uniform policy does little to change how students behave in class.",
  "Many schools that adopted uniforms report a calmer start to the day.",
  "The cost of uniforms can be a real burden for some families.",
];
const middles = [
  "For example, a survey of parents in our district found that most spent less on clothes after the change.",
  "Research on attendance shows mixed results, and some studies found no effect at all.",
  "My older brother says the rule made mornings easier because he never had to choose what to wear.",
  "Teachers in one study said uniforms made it easier to spot visitors who did not belong on campus.",
  "Critics point out that students still compete through shoes, phones and bags.",
  "When students feel judged for their clothes, they may skip school, which hurts their grades.",
];
const endings = [
  "In conclusion, the benefits of uniforms outweigh the costs, so our school should adopt them.",
  "Therefore schools should let students choose, while setting a fair dress code.",
  "Overall, uniforms are a small change that could make school fairer for everyone.",
  "For these reasons I believe the decision should be left to each family.",
];

/** A distinct short essay per seed (different sentences and a personal line), so no two are duplicates. */
export function studentEssay(seed: number, name = `Student ${seed}`): string {
  const pick = <T>(list: T[], offset: number) => list[(seed + offset) % list.length]!;
  const body = [pick(openings, 0), pick(middles, 1), pick(middles, 3), pick(openings, 2), pick(endings, 0)];
  return `${body.join(" ")}\n\nThis essay was written by ${name}, who thinks about this question every morning (${seed}).`;
}

export function textFile(name: string, text: string): File {
  return new File([text], name, { type: "text/plain" });
}

export function uploadForm(files: File[], details: unknown[] = [], timeZone?: string): FormData {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  form.append("details", JSON.stringify(details));
  if (timeZone) form.append("timeZone", timeZone);
  return form;
}

