import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../../../../tests/support/fake-openai-server.js";
import { photosynthesisPassage } from "../../../core/practice/test-passages.js";
import { clozeBlank } from "../../../core/practice/types.js";
import { validateFlashcard, validateQuizItem } from "../../../core/practice/validate.js";
import { createLanguageModel } from "./create-model.js";
import { generatePracticeWithModel } from "./practice-model.js";

const blank = { options: [], answerIndex: 0, answer: "", original: "", explanation: "" };
const good = [
  { ...blank, kind: "multiple-choice", question: "Who grew a willow tree in a pot in 1648?", options: ["Joseph Priestley", "Jan van Helmont", "Daniel Arnon"], answerIndex: 1, explanation: "Van Helmont weighed the soil.", passage: "In 1648, Jan van Helmont grew a willow tree in a pot and found that the soil had barely lost any weight." },
  { ...blank, kind: "cloze", question: `Chlorophyll is a green ${clozeBlank} that absorbs red and blue light.`, answer: "pigment", passage: "Chlorophyll is a green pigment that absorbs red and blue light and reflects green light, which is why most leaves look green." },
  { ...blank, kind: "fix-the-sentence", question: "Correct the spelling in this sentence.", original: "Water travels up through narow tubes.", answer: "Water travels up through narrow tubes.", passage: "Water travels up from the roots through narrow tubes known as xylem." },
];
const bad = [
  // The answer is not among the options.
  { ...blank, kind: "multiple-choice", question: "What year did Priestley show it?", options: ["1771", "1779"], answerIndex: 4, passage: "In 1771, Joseph Priestley showed that a plant could restore air in which a candle had burned out." },
  // The passage is not in the source.
  { ...blank, kind: "multiple-choice", question: "What colour is the sky?", options: ["Blue", "Green"], answerIndex: 0, passage: "The sky is blue because air scatters blue light." },
  // The cloze answer is not what the passage has at the blank.
  { ...blank, kind: "cloze", question: `Glucose is a simple ${clozeBlank} that the plant uses for energy.`, answer: "protein", passage: "Glucose is a simple sugar that the plant uses for energy and for building new cells." },
  // Asks what the first one asks.
  good[0],
];

describe("generatePracticeWithModel over a real HTTP model server", () => {
  let fake: FakeOpenAiServer;
  const model = () => createLanguageModel({ provider: "openai-compatible", model: "fake-model", baseUrl: fake.baseUrl, apiKey: "test-key", timeoutMs: 5000, maxRetries: 0 });

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(async () => fake.close());

  it("keeps the model's valid questions, each linked to a passage of the source, and drops the ones that break a rule", async () => {
    fake.behave({ kind: "answer", content: () => JSON.stringify({ notes: "", items: [...good, ...bad] }) });
    const result = await generatePracticeWithModel(model(), { source: photosynthesisPassage, kind: "quiz", count: 10, maxRetries: 0 });
    expect(result.items.map((i) => i.kind)).toEqual(["multiple-choice", "cloze", "fix-the-sentence"]);
    expect(result.dropped).toBe(4);
    expect(result.problem).toBeUndefined();
    for (const item of result.items) {
      expect(validateQuizItem(item)).toBeNull();
      expect(item.source?.origin).toBe("source");
      expect(photosynthesisPassage.replace(/\s+/g, " ")).toContain(item.source!.text);
    }
    expect(result.items[0]).toMatchObject({ prompt: "Who grew a willow tree in a pot in 1648?", answerIndex: 1, explanation: "Van Helmont weighed the soil." });
  });

  it("sends the source and the count, and asks for structured output", async () => {
    fake.behave({ kind: "answer", content: () => JSON.stringify({ notes: "", items: good }) });
    const before = fake.requests.length;
    await generatePracticeWithModel(model(), { source: photosynthesisPassage, kind: "quiz", count: 3, maxRetries: 0 });
    const request = fake.requests[before]!;
    const sent = request.messages.map((m) => m.content).join("\n");
    expect(sent).toContain("Write 3 quiz questions");
    expect(sent).toContain("In 1648, Jan van Helmont grew a willow tree");
    expect(JSON.stringify(request.body.response_format)).toContain("json_schema");
  });

  it("keeps at most the count asked for", async () => {
    fake.behave({ kind: "answer", content: () => JSON.stringify({ notes: "", items: good }) });
    expect((await generatePracticeWithModel(model(), { source: photosynthesisPassage, kind: "quiz", count: 2, maxRetries: 0 })).items).toHaveLength(2);
  });

  it("makes cards that quote the source and drops a card without its passage", async () => {
    const cards = [
      { front: "Stomata", back: "The tiny openings on the underside of a leaf.", passage: "The tiny openings on the underside of a leaf are called stomata." },
      { front: "Xylem", back: "Narrow tubes that carry water up from the roots.", passage: "Water travels up from the roots through narrow tubes known as xylem." },
      { front: "Mitochondria", back: "The powerhouse of the cell.", passage: "Mitochondria are the powerhouse of the cell." },
      { front: "Empty", back: "", passage: "Glucose is a simple sugar that the plant uses for energy and for building new cells." },
    ];
    fake.behave({ kind: "answer", content: () => JSON.stringify({ notes: "", cards }) });
    const result = await generatePracticeWithModel(model(), { source: photosynthesisPassage, kind: "deck", maxRetries: 0 });
    expect(result.items.map((c) => c.front)).toEqual(["Stomata", "Xylem"]);
    expect(result.dropped).toBe(2);
    for (const card of result.items) expect(validateFlashcard(card)).toBeNull();
  });

  it("on a topic, has the model write notes and holds the cards to quoting them", async () => {
    const notes = "The water cycle moves water between the sea, the air and the land. Evaporation turns liquid water into vapour when the sun warms it.";
    const cards = [
      { front: "Evaporation", back: "Liquid water turning into vapour as the sun warms it.", passage: "Evaporation turns liquid water into vapour when the sun warms it." },
      { front: "Condensation", back: "Vapour cooling into droplets.", passage: "Condensation turns vapour into droplets." },
    ];
    fake.behave({ kind: "answer", content: () => JSON.stringify({ notes, cards }) });
    const before = fake.requests.length;
    const result = await generatePracticeWithModel(model(), { source: "The water cycle", kind: "deck", count: 5, maxRetries: 0 });
    expect(result.notes).toBe(notes);
    expect(result.items.map((c) => c.front)).toEqual(["Evaporation"]);
    expect(fake.requests[before]!.messages.map((m) => m.content).join("\n")).toContain("The source is only a topic. First write notes");
  });

  it("says so when nothing the model wrote holds up", async () => {
    fake.behave({ kind: "answer", content: () => JSON.stringify({ notes: "", items: bad.slice(0, 3) }) });
    const result = await generatePracticeWithModel(model(), { source: photosynthesisPassage, kind: "quiz", maxRetries: 0 });
    expect(result.items).toEqual([]);
    expect(result.problem?.code).toBe("nothing-found");
  });

  it("fails when the model service does", async () => {
    fake.behave({ kind: "http-error", status: 500, message: "overloaded" });
    await expect(generatePracticeWithModel(model(), { source: photosynthesisPassage, kind: "quiz", maxRetries: 0 })).rejects.toThrow();
  });
});
