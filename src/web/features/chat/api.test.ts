import { describe, expect, it } from "vitest";
import { chatLimits, chatMessages } from "../../../contracts/assistant";
import { chatFailureMessage, chatMessageMax } from "./api";
import { setupFailureMessage, uploadFailedMessage } from "../setup-chat/api";

// The dashboard chunk keeps zod out by repeating these; the contract stays the source of truth.
describe("the chat texts repeat the contract", () => {
  it("uses the contract's failure texts and message limit", () => {
    expect(chatFailureMessage).toBe(chatMessages.failure);
    expect(setupFailureMessage).toBe(chatMessages.setupFailure);
    expect(uploadFailedMessage).toBe(chatMessages.uploadFailed);
    expect(chatMessageMax).toBe(chatLimits.messageMax);
  });
});
