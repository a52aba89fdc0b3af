import { beforeAll, describe, expect, it } from "vitest";
import { grammarSlipOf } from "./grammar-slips";
import { tagText } from "./tag-text";
import { warmUpLanguage, warmUpTimeout } from "./test-warm-up";

const slip = (text: string) => {
  const found = grammarSlipOf(tagText(text).tokens);
  return found && { wrong: found.wrong, right: found.right, kind: found.kind };
};

beforeAll(warmUpLanguage, warmUpTimeout);

describe("grammar slips with a certain fix", () => {
  it("finds a verb after do-support or a modal that is not in its base form", () => {
    expect(slip("Chatting online doesn't lost anything at all.")).toEqual({ wrong: "doesn't lost", right: "doesn't lose", kind: "verb-form" });
    expect(slip("I did not had any friends at school.")).toEqual({ wrong: "did not had", right: "did not have", kind: "verb-form" });
    expect(slip("Using a phone a lot can burns your health.")).toEqual({ wrong: "can burns", right: "can burn", kind: "verb-form" });
    // After a modal, a past form may mean "would have been": the slip holds praise back, its fix is not guessed.
    expect(slip("The whole craft would exploded in flames.")).toEqual({ wrong: "would exploded", right: undefined, kind: "verb-form" });
  });

  it("finds an article that does not fit the sound after it", () => {
    expect(slip("First, you can send them a email.")).toEqual({ wrong: "a email", right: "an email", kind: "article" });
    expect(slip("You could go to an place you always wanted to see.")).toEqual({ wrong: "an place", right: "a place", kind: "article" });
    expect(slip("Also a other thing is that I like to work in groups.")).toEqual({ wrong: "a other", right: "another", kind: "article" });
  });

  it("finds a plural noun that opens its clause with a verb for one", () => {
    expect(slip("Lastly, computers helps you talk with others.")).toEqual({ wrong: "computers helps", right: "computers help", kind: "plural-agreement" });
    expect(slip("The students was late for the bus.")).toEqual({ wrong: "students was", right: "students were", kind: "plural-agreement" });
    expect(slip("I think computers helps people every day.")).toEqual({ wrong: "computers helps", right: "computers help", kind: "plural-agreement" });
    // The noun may be the slip ("Another obstacle was"): only the slip is sure.
    expect(slip("Another obstacles was the wind on top of the building.")?.right).toBeUndefined();
  });

  it("leaves correct sentences alone", () => {
    for (const text of [
      "All you do is go to the website and type.",
      "People who do acts of kindness are happier.",
      "Using computers is a good thing for everyone.",
      "One of the students is my brother.",
      "The temperature of the jars was higher.",
      "Four years is a long time to wait.",
      "Interacting with family and friends is important.",
      "Plastic type A is the strongest.",
      "She made a one-time payment to a European company.",
      "They studied more and more every day.",
      "The architects could've planned better.",
      "These obstacles would lay the plan to rest.",
      "Mathematics is my favourite subject.",
      "An honest answer is an important thing.",
    ]) {
      expect(slip(text), text).toBeUndefined();
    }
  });
});
