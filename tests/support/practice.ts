import { expect } from "vitest";
import type { TestClient } from "./http";

/** A lesson with definitions and repeated key terms: what a teacher pastes. */
export const practiceLesson = [
  "Photosynthesis is the process by which green plants turn light energy into chemical energy stored in glucose.",
  "Chlorophyll is the green pigment in chloroplasts that absorbs red and blue light for photosynthesis.",
  "A chloroplast is the organelle in a plant cell where photosynthesis takes place.",
  "Stomata are small openings on the underside of a leaf that let carbon dioxide in and oxygen out.",
  "Glucose is a simple sugar that the plant uses for energy and to build cellulose.",
  "Cellulose is the tough carbohydrate that makes up the walls of plant cells.",
  "Respiration is the process by which cells release the energy stored in glucose, using oxygen.",
  "Transpiration is the loss of water vapour from the leaves through the stomata.",
  "The light-dependent reactions take place in the thylakoid membranes and split water molecules, releasing oxygen.",
  "The Calvin cycle uses carbon dioxide from the air and energy from the light-dependent reactions to make glucose.",
  "Without chlorophyll, a leaf cannot absorb enough light, and photosynthesis slows down.",
  "Gardeners know that plants kept in the dark turn yellow because they stop making chlorophyll.",
].join(" ");

/**
 * The teacher's own scores on the two-criterion rubric (Thesis, Evidence) per student: the offline grader scores a
 * short made-up class set much alike, and practice for a class needs stronger and weaker work on each criterion.
 */
export async function gradeByHand(client: TestClient, assignmentId: string, scores: Record<string, [number, number]>) {
  const list: { id: string; studentName: string }[] = (await client.get(`/api/assignments/${assignmentId}/submissions`)).data;
  for (const [name, [thesis, evidence]] of Object.entries(scores)) {
    const id = list.find((item) => item.studentName === name)!.id;
    const graded = await client.put(`/api/submissions/${id}/grade`, { criteriaScores: { "criterion-1": thesis, "criterion-2": evidence }, feedback: "Graded by hand." });
    expect(graded.status, graded.text).toBe(200);
  }
}
