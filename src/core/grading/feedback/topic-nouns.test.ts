import { beforeAll, describe, expect, it } from "vitest";
import { warmUpLanguage, warmUpTimeout } from "../../language/test-warm-up.js";
import { buildAssignmentContext } from "../assignment-context.js";
import { analyzeText } from "../features.js";
import { gradeText } from "../grade.js";
import { fakeSpellChecker, makeInput } from "../test-fixtures.js";
import { gatherEssayFacts } from "./essay-facts.js";
import { readOrganization } from "./read-organization.js";

beforeAll(warmUpLanguage, warmUpTimeout);

const prompt = "Write a letter to your local newspaper that persuades readers to agree with you about the effects computers have on people.";
const factsOf = (text: string) => {
  const context = buildAssignmentContext(makeInput({}, { prompt }));
  return gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context);
};
const nounsOf = (text: string) => factsOf(text).sentences.flatMap((s) => s.nouns);

describe("the nouns a comment names as a sentence's topic or point", () => {
  it("never names the word point itself, nor the words the comments use of the writing", () => {
    expect(nounsOf("Another positive point about computers is that you are able to get homework done on it.")).not.toContain("point");
    const nouns = nounsOf("This statement is the start of my story about the dog and the laugh we shared.");
    expect(nouns).not.toContain("statement");
    expect(nouns).not.toContain("story");
  });

  it("never names a unit written after a number, nor an abbreviation without a vowel", () => {
    const nouns = nounsOf("My brother was about @NUM1 lbs when he got his first bike. He rode it for 20 miles and 5 kg of groceries.");
    expect(nouns).not.toContain("lbs");
    expect(nouns).not.toContain("miles");
    expect(nouns).not.toContain("kg");
    expect(nouns).toContain("bike");
  });

  it("never names a homophone slip the dictionary accepts, in an adjective's place after 'is'", () => {
    const nouns = nounsOf("If you don't think it's rite for people to have computers then you should try one at the library.");
    expect(nouns).not.toContain("rite");
    expect(nouns).toContain("library");
  });

  it("never names a person, a classmate's name included, nor the word that introduces them", () => {
    const facts = factsOf("My friend Ethan Brooks and I think this. Computers help students research volcanoes and write reports for school.");
    const nouns = facts.sentences.flatMap((s) => s.nouns);
    for (const word of ["Ethan", "ethan", "Brooks", "brooks", "friend"]) expect(nouns).not.toContain(word);
    expect(facts.topics).not.toContain("ethan");
  });

  it("never names the end of a web address", () => {
    expect(nounsOf("People can go to movie tickets.com and purchase their tickets without waiting in line.")).not.toContain("com");
  });
});

describe("a letter's greeting", () => {
  const letter = "Dear Local Newspaper Readers, I am writing to you about my opinion on the effects computers have on people. Computers are good. They are fun to use at home. I think kids should use them because they learn a lot.";

  it("is not part of the first sentence's facts: no detail, no topic", () => {
    const [first] = factsOf(letter).sentences;
    expect(first!.text.startsWith("I am writing")).toBe(true);
    expect(first!.hasDetail).toBe(false);
    expect(first!.nouns).not.toContain("readers");
    expect(first!.nouns).not.toContain("newspaper");
  });

  it("leaves the words after it on the greeting's line, so a lower-case word there is no sentence start", () => {
    expect(factsOf("Dear Editor, computers help students learn about volcanoes and planets.").sentences[0]!.isLowercaseStart).toBe(false);
    expect(factsOf("computers help students learn about volcanoes and planets.").sentences[0]!.isLowercaseStart).toBe(true);
  });

  it("is never quoted, as a concrete detail or otherwise", () => {
    for (const length of ["short", "standard", "detailed"] as const) {
      const { feedback } = gradeText(makeInput({ feedbackLength: length }, { prompt }), letter, { spellChecker: fakeSpellChecker() });
      expect(feedback).not.toContain("Dear Local");
      expect(feedback).not.toMatch(/concrete detail: "I am writing/);
    }
  });
});

describe("the topic an essay's opening is praised for naming", () => {
  it("is one the essay is about, never a classmate's name", () => {
    const text = "My friend Ethan Brooks and I think this. Computers help students research volcanoes. Computers let families call relatives. Computers make homework faster for students.";
    expect(readOrganization(factsOf(text)).strength?.note ?? "").not.toMatch(/naming your topic, (?:Ethan|friend)/);
    const named = readOrganization(factsOf("Computers help students research volcanoes and planets. Computers let families call relatives. Computers make homework faster for students."));
    expect(named.strength?.note).toMatch(/naming your topic, (?:computers|volcanoes|students), in/);
  });

  it("never praises the link word of a sentence that starts in lower case, which the conventions comment faults", () => {
    const text = "Computers help students research volcanoes and planets. however some families cannot pay for a computer at home. Also, computers make homework faster for students.";
    const strength = readOrganization(factsOf(text)).strength;
    expect(strength?.passage?.text ?? "").not.toContain("however some families");
  });
});

describe("names and slips as topics", () => {
  const venusFacts = (text: string) => {
    const context = buildAssignmentContext(makeInput({}, { prompt: "Explain how the author supports the idea that studying Venus is worthy.", sourceText: "The Challenge of Exploring Venus. Venus is often called Earth's twin." }));
    return gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context);
  };

  it("names a place the prompt or source is about, but still not a classmate", () => {
    const facts = venusFacts("Scientists want to send robots to Venus because its surface hides answers. My friend Ethan thinks Venus is too hot for people.");
    expect(facts.topics).toContain("Venus");
    expect(facts.sentences.flatMap((s) => s.nouns)).not.toContain("ethan");
  });

  it("names a name of several words whole, never a part of it, nor one an anonymised text cut in half", () => {
    const context = buildAssignmentContext(makeInput({}, { prompt: "Describe the obstacles the builders of the Empire State Building faced in allowing dirigibles to dock there." }));
    const factsOf = (text: string) => gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context);
    const nouns = factsOf("The Empire State Building was built to dock airships. The wind atop the Empire State Building was too strong.").sentences.flatMap((s) => s.nouns);
    expect(nouns).toContain("the Empire State Building");
    for (const part of ["Empire", "State", "building", "Building", "state"]) expect(nouns).not.toContain(part);
    const anonymised = factsOf("Dirigibles could not dock atop the Empire @CAPS1 Building because of the wind.").sentences.flatMap((s) => s.nouns);
    for (const part of ["Empire", "Building", "building", "Empire @CAPS1 Building"]) expect(anonymised).not.toContain(part);
    expect(anonymised).toContain("wind");
  });

  it("never names a rare lookalike of an everyday word, an adjective the tagger took for a noun, or half of a hyphenated word", () => {
    const nouns = nounsOf("The mos important par of computers is the self-confidence they give famous scientists and students.");
    for (const slip of ["mos", "par", "self", "confidence", "famous"]) expect(nouns).not.toContain(slip);
    expect(nouns).toContain("computers");
  });

  it("keeps the case of a term spelled in mixed case or capitals ('mRNA', 'DNA')", () => {
    const nouns = nounsOf("The mRNA carries the code from the DNA in the nucleus to the ribosome.");
    expect(nouns).toEqual(expect.arrayContaining(["mRNA", "DNA"]));
  });

  it("never names a word that is a slip for another as a noun ('a positive affect')", () => {
    const nouns = nounsOf("Computers have a positive affect on students because they help with homework and research.");
    expect(nouns).not.toContain("affect");
    expect(nouns).toContain("homework");
  });

  it("never names 'loads' of 'loads of money', nor another measure before 'of'", () => {
    const nouns = nounsOf("I get loads of money and tons of free time just by sitting in a chair.");
    for (const measure of ["loads", "tons"]) expect(nouns).not.toContain(measure);
    expect(nouns).toContain("money");
  });

  it("never names a noun that only measures or places the one after it, nor one inside a set phrase", () => {
    const nouns = nounsOf("He was in the middle of nowhere. The lack of water made him weak. In order to get water he had to pump it, at risk of a snake bite.");
    expect(nouns).toEqual(expect.arrayContaining(["water", "snake bite"]));
    for (const word of ["middle", "lack", "order", "risk"]) expect(nouns).not.toContain(word);
  });

  it("never glues a capitalised plural at the start to the verb after it", () => {
    expect(nounsOf("Authors use many techniques to build the mood of a memoir.")).not.toContain("authors use");
  });

  it("never names the noun of a linking phrase as the point it leads into", () => {
    const nouns = nounsOf("In addition, students learn online. On the other hand, classes at school build friendships. As a result, grades rise. In ones life, sport is fun.");
    expect(nouns).toEqual(expect.arrayContaining(["students", "classes", "grades", "sport"]));
    for (const word of ["addition", "hand", "result", "ones"]) expect(nouns).not.toContain(word);
  });

  it("never names a span of time as what a sentence is about", () => {
    expect(nounsOf("He was riding through the desert during June, a very hot month.")).not.toContain("month");
  });

  it("names one word once, and never a contraction the tagger reads as a noun", () => {
    const nouns = nounsOf("I'm sure the books in the library matter, and every book should stay on the shelf.");
    expect(nouns.filter((noun) => noun.startsWith("book"))).toHaveLength(1);
    expect(nouns.map((noun) => noun.toLowerCase())).not.toContain("i'm");
  });

  it("names a compound as one topic, never its first noun alone, nor a verb the tagger misread as a noun", () => {
    expect(nounsOf("My grandmother still sends letters by snail mail every month.")).toContain("snail mail");
    expect(nounsOf("Snail mail is no more with this efficient way of writing.")).toContain("snail mail");
    expect(nounsOf("He was afraid of heat stroke on the long road.")).toContain("heat stroke");
    const misread = nounsOf("Computers help students research volcanoes and planets.");
    expect(misread.some((noun) => noun.includes(" "))).toBe(false);
    // After "my", "his" or "their" a compound is still one.
    expect(nounsOf("It is popular with my age group at school.")).toContain("age group");
    expect(nounsOf("Computers have long term effects on children.")).not.toContain("term effects");
  });

  it("never repeats a crude word back as a topic", () => {
    const nouns = nounsOf("The bus ride to the game was hell and the driver played crap music the whole way. I hate the crap they sell.");
    expect(nouns.filter((noun) => /\b(?:hell|crap)\b/.test(noun))).toEqual([]);
    expect(nouns).toContain("driver");
  });
});

