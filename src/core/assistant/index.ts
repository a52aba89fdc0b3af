export { extractProfileFacts } from "./extract";
export { validateProfileFacts } from "./validate-facts";
export { nextSetupTurn, preferenceDefaults, type SetupChatTurn, type SetupTurnReader } from "./conversation";
export {
  sanitizeSetupChatState,
  initialSetupChatState,
  type SetupChatState,
  type SetupChatProfile,
  type SetupChatRubric,
  type SetupChatCriterion,
  type SetupChatSample,
} from "./setup-chat-state";
export { buildChecklist, rubricWeights, type SetupChecklist } from "./progress";
export { buildProfileText } from "./profile-text";
export { quickActionsFor } from "./questions";
export { recognizeIntent, type AssistantIntent, type DueWindow } from "./intents";
export { answerIntent, findAssignments, providerHelp, type AssistantAction, type AssistantAnswer, type AssistantAssignment, type AssistantData } from "./answers";
export * from "./types";
