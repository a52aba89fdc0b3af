import { clozeBlank, type Flashcard, type QuizItem } from "../types.js";

/** A quiz and a deck with every kind of item and the characters that break careless exports. */
export const trickyTitle = `Unit 3 / "Cells" & <Energy>`;
export const trickyItems: QuizItem[] = [
  { kind: "multiple-choice", prompt: `Which is true when x < 5 & y > 2? Say "yes" or 'no'.`, options: ["A & B", "<b>bold</b>", `"quoted"`, "café ü 😀"], answerIndex: 1, explanation: "Because <b> is a tag & not bold here." },
  { kind: "cloze", sentence: `Plants take in ${clozeBlank} through their leaves & stems.`, answer: "carbon dioxide", alsoAccepted: ["CO2", "CO*2"] },
  { kind: "fix-the-sentence", prompt: "Correct the spelling in this sentence.", original: "i recieved the \"award\"\non monday.", answer: "I received the \"award\"\non Monday.", explanation: "“recieved” is spelled “received”." },
];
export const trickyDeck: Flashcard[] = [
  { front: "Photosynthesis", back: "How plants make food, using light" },
  { front: `A "quoted" term`, back: "Line one\nline two" },
  { front: "Tab\there", back: "  padded  " },
  { front: "café & ü", back: "😀" },
];
