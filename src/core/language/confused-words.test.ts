import { beforeAll, describe, expect, it } from "vitest";
import { confusedWordsOf } from "./confused-words";
import { tagText } from "./tag-text";
import { warmUpLanguage, warmUpTimeout } from "./test-warm-up";

const slips = (text: string) => confusedWordsOf(tagText(text).tokens).map((c) => `${c.token.text}>${c.meant}`);

beforeAll(warmUpLanguage, warmUpTimeout);

describe("sound-alike slips a dictionary passes", () => {
  it("finds the word meant where its context makes the slip near certain", () => {
    expect(slips("Parents want there children to be safe.")).toEqual(["there>their"]);
    expect(slips("I think your going to like it.")).toEqual(["your>you're"]);
    expect(slips("The new one is better then the old one.")).toEqual(["then>than"]);
    expect(slips("The ride took to long.")).toEqual(["to>too"]);
    expect(slips("We went to are friends house.")).toEqual(["are>our"]);
    expect(slips("Its a good idea.")).toEqual(["Its>it's"]);
    expect(slips("We could of won the game.")).toEqual(["of>have"]);
    expect(slips("Their are many reasons.")).toEqual(["Their>there"]);
    expect(slips("I think your wrong.")).toEqual(["your>you're"]);
    expect(slips("Students are not aloud to use phones.")).toEqual(["aloud>allowed"]);
    expect(slips("All I could here was the wind.")).toEqual(["here>hear"]);
    expect(slips("The student will thing about the career first.")).toEqual(["thing>think"]);
    expect(slips("I thing that school should start later.")).toEqual(["thing>think"]);
  });

  it("leaves the same words alone where they are right", () => {
    for (const text of [
      "There are many reasons to go there.",
      "Their family moved to a new town, and then we met.",
      "Your phone is ringing in your bag.",
      "The dog wagged its tail.",
      "We waited as long as we could, then went home.",
      "The plants are green and the trees are tall.",
      "I want to go to school and learn to read.",
      "We drove to Boston.",
      "Your new house is big.",
      "She read the poem aloud to the class.",
      "Come here and sit with us.",
      "The best thing to do is to wait.",
      "I will tell you one thing about it.",
    ]) {
      expect(slips(text), text).toEqual([]);
    }
  });
});
