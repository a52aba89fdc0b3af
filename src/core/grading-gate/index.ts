export { agreementByReviewOrder, agreementStats } from "./agreement.js";
export type { AgreementGroupStats, AgreementStats, ScorePair } from "./agreement.js";
export { decideReview, DEFAULT_MINIMUM_REVIEWED, MINIMUM_ADJACENT, MINIMUM_QWK } from "./review-gate.js";
export type { ReviewDecision, ReviewGateInput } from "./review-gate.js";
