import { describe, expect, it } from "vitest";
import { decideReview, type ReviewGateInput } from "./review-gate.js";

const trusted = { reviewedCount: 12, exact: 0.6, adjacent: 0.92, qwk: 0.81 };

describe("decideReview", () => {
  const table: { rule: string; input: ReviewGateInput; outcome: "accepted" | "needs_review"; reason: RegExp }[] = [
    { rule: "accepts a grade with confidence above the threshold", input: { confidence: 86, autoAcceptThreshold: 85, agreement: trusted }, outcome: "accepted", reason: /^Accepted automatically: confidence 86 is above your threshold of 85\.$/ },
    { rule: "sends a grade with confidence exactly at the threshold to review", input: { confidence: 85, autoAcceptThreshold: 85, agreement: trusted }, outcome: "needs_review", reason: /confidence 85 is not above your threshold of 85/ },
    { rule: "sends a grade with confidence below the threshold to review", input: { confidence: 40, autoAcceptThreshold: 85, agreement: trusted }, outcome: "needs_review", reason: /not above your threshold/ },
    { rule: "accepts nothing before any grade is reviewed", input: { confidence: 99, autoAcceptThreshold: 50 }, outcome: "needs_review", reason: /after you review 5 grades of this assignment; 0 reviewed so far/ },
    { rule: "accepts nothing until the minimum number of grades is reviewed", input: { confidence: 99, autoAcceptThreshold: 50, agreement: { ...trusted, reviewedCount: 4 } }, outcome: "needs_review", reason: /4 reviewed so far/ },
    { rule: "opens auto-accept once exactly the minimum is reviewed", input: { confidence: 99, autoAcceptThreshold: 50, agreement: { ...trusted, reviewedCount: 5 } }, outcome: "accepted", reason: /Accepted automatically/ },
    { rule: "honours a custom minimum of reviewed grades", input: { confidence: 99, autoAcceptThreshold: 50, agreement: trusted, minimumReviewed: 20 }, outcome: "needs_review", reason: /review 20 grades.*12 reviewed/ },
    { rule: "pauses auto-accept while QWK is below 0.6", input: { confidence: 99, autoAcceptThreshold: 50, agreement: { ...trusted, qwk: 0.55 } }, outcome: "needs_review", reason: /agrees too little.*QWK 0\.55, 92% within tolerance/ },
    { rule: "pauses auto-accept while adjacent agreement is below 80%", input: { confidence: 99, autoAcceptThreshold: 50, agreement: { ...trusted, adjacent: 0.75 } }, outcome: "needs_review", reason: /agrees too little.*75% within tolerance/ },
    { rule: "accepts at exactly QWK 0.6 and 80% adjacent", input: { confidence: 99, autoAcceptThreshold: 50, agreement: { ...trusted, qwk: 0.6, adjacent: 0.8 } }, outcome: "accepted", reason: /Accepted automatically/ },
    { rule: "sends a text with concerns to review whatever its confidence, saying each", input: { confidence: 99, autoAcceptThreshold: 50, agreement: trusted, concerns: ["It shares few words with the rest of the class: it may answer another assignment.", "Read the model's comment."] }, outcome: "needs_review", reason: /^It shares few words with the rest of the class: it may answer another assignment\. Read the model's comment\.$/ },
    { rule: "says a text's concerns before a paused auto-accept", input: { confidence: 99, autoAcceptThreshold: 50, pausedBecause: "Recalibrating.", concerns: ["Concern."] }, outcome: "needs_review", reason: /^Concern\.$/ },
    { rule: "never accepts with a threshold of 100", input: { confidence: 100, autoAcceptThreshold: 100, agreement: trusted }, outcome: "needs_review", reason: /not above/ },
  ];

  it.each(table)("$rule", ({ input, outcome, reason }) => {
    const decision = decideReview(input);
    expect(decision.outcome).toBe(outcome);
    expect(decision.reason).toMatch(reason);
  });
});
