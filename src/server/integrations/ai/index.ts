export { aiProviders, type AiConfig, type AiProvider } from "./config.js";
export { createLanguageModel } from "./create-model.js";
export { gradeWithModel, ModelGradingError, modelAnswerSchema, validateModelAnswer } from "./model-grader.js";
export { combineConfidence, gradeSubmission, type GradeSubmissionDeps, type SubmissionGrade, type SubmissionToGrade } from "./grade-submission.js";
