/**
 * What the setup assistant asks for each field, the quick-action choices for it, and what each field means when a
 * teacher asks. Quick actions are phrased so that sending one as a message is read back as that choice.
 */
import { coursePresets, findCoursePreset, type CoursePreset } from "../setup/presets";
import { fieldsNamedIn } from "./grading-topics";
import type { SetupChatState } from "./setup-chat-state";
import { capitalize, listInProse, pickVariant } from "./text";
import type { ProfileField } from "./types";

export function presetOf(state: SetupChatState): CoursePreset | undefined {
  return state.profile.coursePreset ? findCoursePreset(state.profile.coursePreset) : undefined;
}

export function describePresetWeights(preset: CoursePreset): string {
  return listInProse(Object.entries(preset.rubricWeights).map(([name, weight]) => `${capitalize(name)} ${weight}%`));
}

export const presetRubricAction = (preset: CoursePreset) => `Use the ${preset.label} weights`;

const questions: Record<ProfileField, string[]> = {
  name: ["What's your name?", "First things first: what should I call you?", "Let's start with you. What's your name?"],
  school: ["Which school do you teach at?", "Where do you teach?", "What's the name of your school?"],
  course: [
    "What course are you setting this up for? For example AP U.S. History or 10th grade English.",
    "Which course will I be grading for? AP U.S. History, English, or something else?",
  ],
  tone: ["How should your feedback sound: gentle, neutral or direct?", "What tone do you want in your feedback: gentle, neutral or direct?"],
  strictness: [
    "How strict are you, from 0 (very forgiving) to 100 (very demanding)? 50 is neutral.",
    "On a scale of 0 to 100, how strict a grader are you? 50 is neutral; higher is tougher.",
  ],
  feedbackLength: ["How long should the written feedback be: short, standard or detailed?", "Do you want feedback short, standard or detailed?"],
  grammarVsContent: [
    "How much should grammar and conventions count compared with content? Tell me the grammar share, for example 20%.",
    "What share of the grade goes to grammar and conventions, with the rest on content? For example 30%.",
  ],
  gradingApproach: [
    "Do you grade holistically (one overall judgement) or with points for each criterion?",
    "Holistic or points: which way do you grade?",
  ],
  latePolicy: [
    "How do you handle late work: a percentage off per day, points off per day, or no penalty?",
    "What's your late-work policy? For example 10% a day for up to 5 days, 5 points a day, or no penalty.",
  ],
  strengthsFirst: ["Should feedback open with what the student did well?", "Do you like to lead with strengths before getting to what needs work?"],
  autoAcceptThreshold: [
    "Above what confidence (0-100) may a grade be accepted automatically, without your review? Or say never.",
    "Each grade comes with a confidence score. Above what confidence should I accept grades automatically? Say never to review them all.",
  ],
  rubric: [
    "Now your rubric: list at least 3 criteria with weights that add up to 100, for example Thesis 20, Evidence 40, Analysis 25, Mechanics 15. Points work too.",
    "Next, the rubric. Give me at least 3 criteria with their weights (adding up to 100) or their points, for example Thesis 20, Evidence 40, Analysis 25, Mechanics 15.",
  ],
  sample: [
    "Last step: paste one essay you've already graded, with the score you gave and your feedback (for example a line Score: 8/10, then Feedback: ...). A photo of it works too.",
    "Finally, I need at least one graded sample: paste a student essay along with your score (such as I gave this 85) and the feedback you wrote. You can also upload a photo.",
  ],
};

/** The question for a field, with the course preset's suggestion when there is one. */
export function askFor(field: ProfileField, state: SetupChatState, seed: string): string {
  const question = pickVariant(questions[field], `${seed}:${field}`);
  const preset = presetOf(state);
  if (!preset) return question;
  if (field === "tone") return `${question} The ${preset.label} preset uses ${preset.tone}; say yes to take it.`;
  if (field === "strictness") return `${question} The ${preset.label} preset uses ${preset.strictness}; say yes to take it.`;
  if (field === "rubric") {
    return `Now your rubric. The ${preset.label} preset weights ${describePresetWeights(preset)}. Use those, or type your own: at least 3 criteria with weights adding up to 100, or with points.`;
  }
  return question;
}

export function quickActionsFor(field: ProfileField | undefined, state: SetupChatState): string[] {
  switch (field) {
    case "course":
      return ["AP U.S. History", "English"];
    case "tone":
      return ["Gentle", "Neutral", "Direct"];
    case "strictness": {
      const preset = presetOf(state);
      const options = ["Lenient (30)", "Balanced (50)", "Firm (70)", "Strict (85)"];
      return preset ? [`Preset (${preset.strictness})`, ...options] : options;
    }
    case "feedbackLength":
      return ["Short", "Standard", "Detailed"];
    case "grammarVsContent":
      return ["Grammar 20%", "Grammar 30%", "Half and half"];
    case "gradingApproach":
      return ["Holistic", "Points"];
    case "latePolicy":
      return ["Percentage per day", "Points per day", "No penalty"];
    case "strengthsFirst":
      return ["Yes, strengths first", "No, get straight to it"];
    case "autoAcceptThreshold":
      return ["Above 80", "Above 90", "Never auto-accept"];
    case "rubric": {
      const preset = presetOf(state);
      const others = Object.values(coursePresets).filter((candidate) => candidate.id !== preset?.id).map(presetRubricAction);
      return preset ? [presetRubricAction(preset), "I'll type my own"] : others;
    }
    default:
      return [];
  }
}

const explanations: Record<ProfileField, string> = {
  name: "Your name is shown on your profile.",
  school: "Your school is just for your profile.",
  course: "The course tells me which preset fits: AP U.S. History and English have ready-made settings and rubrics.",
  tone: "Tone is how the written feedback sounds: gentle softens criticism and encourages, neutral is matter-of-fact, and direct names problems plainly.",
  strictness: "Strictness (0-100) is how demanding the grader is: 50 is neutral, higher pulls borderline work toward lower scores, lower gives students the benefit of the doubt.",
  feedbackLength: "Feedback length is how much is written per paper: short is two sentences (the main strength and the main concern), standard is a paragraph, detailed is a paragraph per aspect.",
  grammarVsContent: "This is how much of the grade rests on grammar, spelling and conventions; the rest goes to content such as ideas, evidence and analysis. 20% grammar means content counts four times as much.",
  gradingApproach: "Holistic means one overall judgement of the work; points means each rubric criterion is scored and the points are added up.",
  latePolicy: "The late policy is what comes off a late submission: a percentage or a number of points per day late, up to a maximum number of days (the defaults are 10 per day for up to 7 days), or no penalty at all.",
  strengthsFirst: "Strengths first means the feedback opens with what the student did well before what needs work.",
  autoAcceptThreshold: "Every grade comes with a confidence score. Grades with confidence above this threshold are accepted automatically; the others wait for your review. 100 means you review everything.",
  rubric: "The rubric lists what you grade on: each criterion with a weight (the weights add up to 100) or with a number of points.",
  sample: "A graded sample is a student essay you have already marked, with your score and feedback. The grader compares itself with it to calibrate to the way you grade.",
};


/** The field a teacher's question is about ("what does strictness mean?"), else the field just asked. */
export function explainField(question: string, askedField: ProfileField | undefined): string | undefined {
  const field = fieldsNamedIn(question)[0] ?? askedField;
  return field ? explanations[field] : undefined;
}
