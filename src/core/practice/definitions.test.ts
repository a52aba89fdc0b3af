import { beforeAll, describe, expect, it } from "vitest";
import { tagText } from "../language/tag-text.js";
import { findDefinitions } from "./definitions.js";
import { warmUpLanguage, warmUpTimeout } from "../language/test-warm-up.js";

beforeAll(warmUpLanguage, warmUpTimeout);

const definitionsIn = (text: string) => findDefinitions(tagText(text)).map((d) => [d.term, d.link, d.definition]);

describe("findDefinitions", () => {
  it.each([
    ["X is a noun phrase", "Chlorophyll is a green pigment that absorbs light.", [["Chlorophyll", "is", "a green pigment that absorbs light"]]],
    ["X are a plural noun phrase", "Stomata are tiny openings on the underside of leaves.", [["Stomata", "are", "tiny openings on the underside of leaves"]]],
    ["X refers to", "A producer refers to an organism that makes its own food.", [["producer", "refers to", "an organism that makes its own food"]]],
    ["... is called X", "The tiny openings on a leaf are called stomata.", [["stomata", "are called", "The tiny openings on a leaf"]]],
  ])("reads %s", (_rule, text, expected) => {
    expect(definitionsIn(text)).toEqual(expected);
  });

  it.each([
    ["a description, not a definition", "Libraries are valuable, but a connected computer opens thousands of them."],
    ["a pronoun subject", "It is a process that takes many years to finish."],
    ["a short predicate", "Plants are green things."],
    ["a question", "What is the process by which plants make food?"],
  ])("leaves out %s", (_rule, text) => {
    expect(definitionsIn(text)).toEqual([]);
  });
});
