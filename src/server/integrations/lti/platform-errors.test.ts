import { describe, expect, it } from "vitest";
import { platformReason, platformRefusal } from "./platform-errors";

describe("a learning platform's refusal, for the teacher who asked", () => {
  it("gives the platform's own words from JSON or a short plain answer, never a page", () => {
    expect(platformReason('{"error":"invalid_client","error_description":"Unknown client id abc"}')).toBe("Unknown client id abc");
    expect(platformReason('{"error":"no route POST /token-wrong"}')).toBe("no route POST /token-wrong");
    expect(platformReason("Forbidden")).toBe("Forbidden");
    expect(platformReason("<html><body><h1>404</h1></body></html>")).toBe("no reason given");
    expect(platformReason("")).toBe("no reason given");
  });

  it("says what to check: the registration's URL for a 404, the client id and keyset for a 401", () => {
    expect(platformRefusal("Markwise an access token", 404, '{"error":"no route"}', "token URL").message).toBe(
      "The platform refused Markwise an access token (404, not found: no route). Ask your school's IT team to check the platform's token URL on Markwise's Learning platforms page.",
    );
    expect(platformRefusal("Markwise an access token", 401, '{"error":"invalid_client"}', "token URL").message).toContain("check the platform's client id, and that the platform has Markwise's keyset (JWKS) URL");
    expect(platformRefusal("the score", 500, "", "gradebook (AGS) settings").message).toBe("The platform refused the score (500: no reason given). Try again later; if it keeps failing, ask your school's IT team.");
  });
});
