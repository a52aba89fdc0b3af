import type { GradingInput, GradingResult } from "../../../core/grading/index.js";

const maxSampleChars = 2500;
const maxSamples = 6;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)} [...]`;
}

const lengthGuide = {
  short: "2-3 sentences: one strength and one next step.",
  standard: "one short paragraph: an overall comment, the main strengths and the main next steps.",
  detailed: "one paragraph per criterion, each with evidence quoted from the text and a next step.",
};

const toneGuide = {
  gentle: "warm and encouraging; soften criticism",
  neutral: "plain and professional",
  direct: "brief and blunt; no softening",
};

/** The instructions for the model: the rubric, the teacher's graded samples as worked examples, and the settings. */
export function buildGradingPrompt(input: GradingInput, text: string, builtin: GradingResult): { system: string; prompt: string } {
  const s = input.settings;
  const rubric = input.criteria
    .map(
      (c) =>
        `- id "${c.id}": ${c.name} (${c.minPoints ?? 0}-${c.maxPoints} points)\n${c.descriptors
          .map((d, i) => `    level ${i + 1} of ${c.descriptors.length}: ${d}`)
          .join("\n")}`,
    )
    .join("\n");
  const samples = input.samples
    .slice(0, maxSamples)
    .map((sample, i) => {
      const criteria = sample.criteriaScores
        ? Object.entries(sample.criteriaScores)
            .map(([id, v]) => `${id}=${v}`)
            .join(", ")
        : "not given";
      return `Example ${i + 1} (overall ${sample.score}; criteria: ${criteria})\n"""\n${clip(sample.text, maxSampleChars)}\n"""${sample.feedback ? `\nTeacher's feedback: ${sample.feedback}` : ""}`;
    })
    .join("\n\n");
  const system = [
    "You are a careful writing teacher grading one student's work against a rubric.",
    "Grade the way the teacher graded the examples. Answer only with the JSON object requested.",
    "Every quote must be copied exactly, character for character, from the student's text.",
  ].join(" ");
  const prompt = [
    `Assignment prompt:\n${input.prompt || "(none given)"}`,
    input.sourceText ? `Source text the students read:\n${clip(input.sourceText, 6000)}` : "",
    `Rubric criteria:\n${rubric}`,
    `Overall score scale: ${builtin.scoreRange[0]}-${builtin.scoreRange[1]} (${s.gradingApproach === "points" ? "the sum of the criterion scores" : "a holistic judgement"}).`,
    samples ? `The teacher's graded examples:\n${samples}` : "",
    `Settings: strictness ${s.strictness}/100 (50 = as the examples); weight of grammar versus content ${s.grammarVsContent}/100; tone ${toneGuide[s.tone]}; feedback length ${lengthGuide[s.feedbackLength]} ${s.strengthsFirst ? "Start with strengths." : "Start with what to improve."}`,
    `Student's text:\n"""\n${text}\n"""`,
    'Answer with JSON: {"criterionScores":[{"criterionId":string,"score":number,"rationale":string,"quotes":[string]}],"overallScore":number,"feedback":string}. Give one entry per criterion id above.',
  ]
    .filter(Boolean)
    .join("\n\n");
  return { system, prompt };
}
