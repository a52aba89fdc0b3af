import { describe, expect, it } from "vitest";
import { scoresUrlOf } from "./grade-service";

describe("AGS scores URL", () => {
  it("appends /scores to the line item's path and keeps its query string", () => {
    expect(scoresUrlOf("https://lms.test/api/lti/courses/1/line_items/7")).toBe("https://lms.test/api/lti/courses/1/line_items/7/scores");
    expect(scoresUrlOf("https://lms.test/mod/lti/services.php/2/lineitems/5/lineitem?type_id=3")).toBe("https://lms.test/mod/lti/services.php/2/lineitems/5/lineitem/scores?type_id=3");
  });
});
