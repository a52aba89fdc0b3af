/**
 * One turn of the chat setup: read the teacher's message, fold what it says into the state, and answer: what was
 * understood, what was wrong, and the next question (welcome, then the 8 preferences one at a time, then the rubric,
 * then a graded sample). Pure: the route validates, calls this, and stores nothing it did not return.
 */
import type { SpellChecker } from "../grading/spelling";
import { preferenceDefaults as sharedPreferenceDefaults } from "../setup/grading-defaults";
import { findCoursePreset, rubricTemplateLabel } from "../setup/presets";
import { acknowledge, type AppliedFact } from "./acknowledgements";
import { isCorrection, readCriterionRename, stripCorrection, type CriterionRename } from "./corrections";
import { extractProfileFacts } from "./extract";
import { isMostlyNotEnglish } from "./language";
import { digitizeNumberWords } from "./numbers";
import { buildProfileText } from "./profile-text";
import { buildChecklist, isWelcomeDone, nextMissingField, rubricTotal, stepForField, type SetupChecklist } from "./progress";
import { askFor, explainField, presetOf, quickActionsFor } from "./questions";
import { criterionId, sanitizeSetupChatState, type SetupChatProfile, type SetupChatState } from "./setup-chat-state";
import { capitalize, isQuestion, normalizeMessage, pickVariant } from "./text";
import { preferenceFields, type CriterionFact, type ExtractedFacts, type PreferenceField, type ProfileFacts, type ProfileField, type SampleFact, type SetupChatStep } from "./types";
import { matchCoursePreset } from "./welcome";

export interface SetupChatTurn {
  reply: string;
  /** The facts read from this message (before they were merged). */
  extractedData: Partial<ProfileFacts>;
  problems: string[];
  nextStep: SetupChatStep;
  quickActions: string[];
  askedField?: ProfileField;
  /** The profile so far as readable text: the review dialog's 12-row box. */
  profileText: string;
  checklist: SetupChecklist;
  /** The state after this message, for the client to keep and send back. */
  state: SetupChatState;
}

/** The values a teacher gets by saying "default" or "you pick": the same defaults as the profile API. */
export const preferenceDefaults: Required<Pick<SetupChatProfile, PreferenceField>> = sharedPreferenceDefaults;

/** How the "didn't catch" reply names each field. */
const labels: Record<ProfileField, string> = {
  name: "a name", school: "a school", course: "a course", tone: "a tone", strictness: "a strictness number", feedbackLength: "a feedback length",
  grammarVsContent: "a grammar share", gradingApproach: "a grading approach", latePolicy: "a late policy", strengthsFirst: "a yes or no",
  autoAcceptThreshold: "a threshold", rubric: "any rubric criteria", sample: "a graded sample",
};

const affirmative = /^\s*(?:yes|yeah|yep|yup|sure|ok|okay|sounds good|that works|perfect|great|let's do (?:it|that)|go (?:with|for) (?:it|that|the preset)|use (?:it|that|the preset|those)|take (?:it|that|the preset)|the preset|preset)\b/i;
const wantsDefault = /\b(?:skip|default|you (?:choose|pick|decide)|whatever you (?:think|recommend|suggest)|doesn't matter|don't care(?! (?:about|for|much))|no preference)\b/i;

function isPreference(field: ProfileField | undefined): field is PreferenceField {
  return (preferenceFields as readonly string[]).includes(field ?? "");
}

/** Three or more criteria restate the rubric; fewer add to or correct the one being built. */
function mergeCriteria(rubric: SetupChatState["rubric"], facts: CriterionFact[]): { rubric: SetupChatState["rubric"]; replaced: boolean } {
  const kind = facts.every((fact) => fact.weight !== undefined) ? "weights" : "points";
  const incoming = facts.map((fact) => {
    const maxPoints = (kind === "weights" ? fact.weight : (fact.points ?? fact.weight))!;
    return { id: criterionId(fact.name), name: fact.name, maxPoints, ...(kind === "weights" ? { weight: maxPoints } : {}), descriptors: [] };
  });
  const replaced = facts.length >= 3 || (rubric.criteria.length > 0 && rubric.kind !== kind);
  if (replaced) return { rubric: { kind, criteria: incoming }, replaced };
  const criteria = [...rubric.criteria];
  for (const criterion of incoming) {
    const index = criteria.findIndex((existing) => existing.name.toLowerCase() === criterion.name.toLowerCase());
    if (index >= 0) criteria[index] = { ...criterion, id: criteria[index]!.id, descriptors: criteria[index]!.descriptors };
    else criteria.push(criterion);
  }
  return { rubric: { kind, criteria: criteria.slice(0, 30) }, replaced: false };
}

/** A sample's score is kept on the rubric's scale (its total, else 100), as the assignment wizard does. */
function addSample(state: SetupChatState, fact: SampleFact, problems: string[]): AppliedFact | undefined {
  if (state.samples.some((sample) => sample.content === fact.content)) {
    problems.push("I already have that sample. Paste a different one if you'd like to add another.");
    return undefined;
  }
  const total = rubricTotal(state);
  let score = fact.score;
  let outOf = fact.maxScore ?? total ?? 100;
  let scaledFrom: { score: number; maxScore: number } | undefined;
  if (fact.maxScore !== undefined && total !== undefined && total !== fact.maxScore) {
    score = Math.round((fact.score / fact.maxScore) * total * 10) / 10;
    outOf = total;
    scaledFrom = { score: fact.score, maxScore: fact.maxScore };
  }
  if (score > outOf) {
    problems.push(`The score ${score} is more than the rubric's total of ${outOf}. Write it as a fraction if it was out of something else, such as 8/10.`);
    return undefined;
  }
  const sample = { content: fact.content, score, outOf, feedback: fact.feedback };
  state.samples = [...state.samples, sample];
  return { field: "sample", sample, ...(scaledFrom ? { scaledFrom } : {}) };
}

function applyFacts(state: SetupChatState, facts: Partial<ProfileFacts>, confidence: Partial<Record<keyof ProfileFacts, number>>, problems: string[]): AppliedFact[] {
  const applied: AppliedFact[] = [];
  const profile = state.profile as Record<string, unknown>;
  for (const field of ["name", "school", "course", ...preferenceFields] as const) {
    const value = facts[field];
    if (value === undefined) continue;
    const previous = profile[field];
    if (JSON.stringify(previous) === JSON.stringify(value)) continue;
    profile[field] = value;
    applied.push({ field, value, ...(previous !== undefined ? { previous } : {}), confidence: confidence[field] ?? 1 });
    if (field === "course") {
      delete state.profile.coursePreset;
      if (facts.coursePreset) {
        state.profile.coursePreset = facts.coursePreset;
        applied.push({ field: "coursePreset", value: facts.coursePreset, confidence: confidence.coursePreset ?? 1 });
      }
    }
  }
  if (facts.criteria?.length) {
    const merged = mergeCriteria(state.rubric, facts.criteria);
    state.rubric = merged.rubric;
    applied.push({ field: "criteria", count: facts.criteria.length, replaced: merged.replaced });
  }
  if (facts.sample) {
    const sample = addSample(state, facts.sample, problems);
    if (sample) applied.push(sample);
  }
  return applied;
}

/** Answers that mean something only together with the question: "yes" to a preset, "default", "use the English weights". */
function readContextualAnswer(state: SetupChatState, asked: ProfileField | undefined, text: string): { facts: Partial<ProfileFacts>; note?: string; template?: string } | undefined {
  const preset = presetOf(state);
  if (asked === "rubric") {
    if (/\b(?:type|write|enter|give you|use) my own\b|\bmy own (?:rubric|criteria|weights)\b/i.test(text)) return { facts: {}, note: "Go ahead: list at least 3 criteria, each with a weight (adding up to 100) or with points." };
    const named = /\b(?:weights|preset|rubric|template)\b/i.test(text) ? matchCoursePreset(text) : undefined;
    const chosen = named ? findCoursePreset(named) : affirmative.test(text) ? preset : undefined;
    if (!chosen) return undefined;
    const criteria = Object.entries(chosen.rubricWeights).map(([key, weight]) => ({ name: capitalize(key), weight }));
    return { facts: { criteria }, template: chosen.rubricTemplate, note: `I've set up the ${chosen.label} rubric (${rubricTemplateLabel(chosen.rubricTemplate)}).` };
  }
  if (!isPreference(asked)) return undefined;
  if (preset && (asked === "tone" || asked === "strictness") && affirmative.test(text)) return { facts: { [asked]: preset[asked] } };
  if (wantsDefault.test(text)) {
    const value = asked === "tone" || asked === "strictness" ? (preset?.[asked] ?? preferenceDefaults[asked]) : preferenceDefaults[asked];
    return { facts: { [asked]: value } };
  }
  return undefined;
}

/** How the server reads messages: its English dictionary, and whether a configured model read this one too. */
export interface SetupTurnReader {
  spellChecker?: SpellChecker;
  hasModel?: boolean;
}

/** Said when nothing was read from a message mostly in another language, so the teacher knows what to do. */
function languageHelp(hasModel: boolean): string {
  if (hasModel) return "That seems to be in another language, and I couldn't find an answer in it. Could you try it in English?";
  return (
    "I'm the built-in assistant and I understand English only, so please answer in English. " +
    "With an AI provider configured on the server (AI_PROVIDER and AI_MODEL; see Configuration in the README), I can also read answers in other languages."
  );
}

/** A reply for a message that carried nothing to store: a question, thanks, a greeting, hesitation, or noise. */
function replyToChatter(text: string, asked: ProfileField | undefined, seed: string, reader: SetupTurnReader): string {
  if (!text) return asked === "name" ? "Hi! I'll help you set up your grading profile: who you are, how you grade, your rubric and one graded sample." : "";
  if (reader.spellChecker && isMostlyNotEnglish(text, reader.spellChecker)) return languageHelp(reader.hasModel ?? false);
  if (isQuestion(text)) return explainField(text, asked) ?? "Good question. I can only help with your grading profile here.";
  if (/^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening)|howdy)\b/i.test(text)) return pickVariant(["Hi! I'll set up your grading profile with you; it takes a few minutes.", "Hello! Let's get your grading profile set up."], seed);
  if (/\b(?:thanks|thank you|thx|ty)\b/i.test(text)) return pickVariant(["You're welcome!", "Happy to help!"], seed);
  if (/\b(?:hmm+|let me think|not sure|i don't know|idk|good question|one sec|give me a (?:sec|second|minute))\b/i.test(text)) {
    return pickVariant(["No rush; you can change any of this later.", "Take your time. Nothing here is final; you can change it later."], seed);
  }
  if (asked === undefined) return "";
  return pickVariant([`I didn't catch ${labels[asked]} in that.`, `Sorry, I couldn't find ${labels[asked]} in that.`], seed);
}

const allSet = [
  "You're all set! Review your profile and press Start Grading when it looks right.",
  "That's everything: you're all set. Check the summary, then save it and start grading.",
];

/**
 * The offline reading of a message. A correction ("no, I meant 30%") is read as an answer to the field the last
 * answer set; when that finds nothing for it, the message is read as usual ("No, get straight to it" answers the
 * question asked).
 */
function readMessage(state: SetupChatState, text: string, asked: ProfileField | undefined): ExtractedFacts {
  const read = (message: string, field: ProfileField | undefined) =>
    extractProfileFacts(message, { step: stepForField(field), ...(field ? { askedField: field } : {}), ...(state.rubric.kind ? { rubricKind: state.rubric.kind } : {}) });
  const corrected = state.lastField && isCorrection(text) ? state.lastField : undefined;
  if (corrected && corrected !== "sample") {
    const reading = read(stripCorrection(text), corrected);
    const fact = corrected === "rubric" ? reading.facts.criteria : reading.facts[corrected];
    if (fact !== undefined) return reading;
  }
  return read(text, asked);
}

/** "Not organisation, I said evidence": the criterion keeps its place and weight under its new name. */
function renameCriterion(state: SetupChatState, rename: CriterionRename): AppliedFact {
  const name = capitalize(rename.to);
  state.rubric = {
    ...state.rubric,
    criteria: state.rubric.criteria.map((criterion) => (criterion.name === rename.from ? { ...criterion, id: criterionId(name), name } : criterion)),
  };
  return { field: "criteria", count: 1, replaced: false };
}

/**
 * `facts` replaces the offline reading when the server has a model's structured output for this message; pass it
 * through `validateProfileFacts` first so both paths are held to the same rules. `reader` lets a reply say when a
 * message it could not read is in another language.
 */
export function nextSetupTurn(input: SetupChatState, message: string, facts?: ExtractedFacts, reader: SetupTurnReader = {}): SetupChatTurn {
  const state = sanitizeSetupChatState(input);
  const text = normalizeMessage(message).trim();
  const asked = state.askedField ?? nextMissingField(state);
  const wasWelcomeDone = isWelcomeDone(state);
  const wasComplete = nextMissingField(state) === undefined;
  const seed = `${text}|${state.samples.length}|${state.rubric.criteria.length}`;

  const rename = readCriterionRename(text, state.rubric.criteria.map((criterion) => criterion.name));
  const extracted = rename
    ? { facts: {}, problems: [], confidence: {} }
    : facts
      ? { facts: { ...facts.facts }, problems: [...facts.problems], confidence: { ...facts.confidence } }
      : readMessage(state, text, asked);
  const answeredAsked = asked === "rubric" ? extracted.facts.criteria !== undefined : asked !== undefined && asked !== "sample" && extracted.facts[asked] !== undefined;
  // Only when the message said nothing about the question itself does "yes" or "default" answer it.
  const contextual = answeredAsked || extracted.problems.length ? undefined : readContextualAnswer(state, asked, text);
  if (contextual) Object.assign(extracted.facts, contextual.facts);
  const problems = [...extracted.problems];
  const applied = applyFacts(state, extracted.facts, extracted.confidence, problems);
  if (rename) applied.push(renameCriterion(state, rename));
  const lastField = applied.map((fact) => (fact.field === "criteria" ? "rubric" : fact.field)).filter((field): field is ProfileField => field !== "coursePreset").pop();
  if (lastField) state.lastField = lastField;
  if (contextual?.template) state.rubric.template = contextual.template;

  const next = nextMissingField(state);
  const parts: string[] = [];
  if (contextual?.note) parts.push(contextual.note);
  const digitized = digitizeNumberWords(text);
  for (const fact of applied) parts.push(acknowledge(fact, state, seed, digitized));
  // Problems keep the profile API's wording ("Strictness must be from 0 to 100"); in a reply each is a sentence.
  parts.push(...problems.map((problem) => (/[.!?]$/.test(problem) ? problem : `${problem}.`)));
  if (!contextual && applied.length === 0 && problems.length === 0) parts.push(replyToChatter(text, asked, seed, reader));

  if (next === undefined) {
    parts.push(wasComplete && applied.length === 0 ? "You're all set already. Review your profile and press Start Grading, or tell me anything you'd like to change." : pickVariant(allSet, seed));
  } else {
    if (!wasWelcomeDone && isWelcomeDone(state)) parts.push(pickVariant(["Now a few quick questions about how you grade.", "Next, eight quick questions about how you grade."], seed));
    // "I'll type my own" already got its instruction; repeating the question would only offer the preset again.
    if (!(contextual?.note && next === asked)) parts.push(askFor(next, state, seed));
  }

  state.currentStep = stepForField(next);
  if (next) state.askedField = next;
  else delete state.askedField;
  return {
    reply: parts.filter(Boolean).join(" "),
    extractedData: extracted.facts,
    problems,
    nextStep: state.currentStep,
    quickActions: quickActionsFor(next, state),
    ...(next ? { askedField: next } : {}),
    profileText: buildProfileText(state),
    checklist: buildChecklist(state),
    state,
  };
}
