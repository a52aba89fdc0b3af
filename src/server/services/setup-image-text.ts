import { and, eq, like } from "drizzle-orm";
import type { SetupImageTextInput, SetupImageTextResponse } from "../../contracts/assistant";
import type { Db } from "../db/client";
import { storedFiles } from "../db/schema";
import { notFound } from "../http/app-error";
import { isUuid } from "../http/validation";

/**
 * The teacher's confirmed (or corrected) text of an image they uploaded to the setup chat. Until this is called, a
 * model's transcription is not used; afterwards the chat reads this text wherever the image is attached.
 */
export async function confirmSetupImageText(db: Db, teacherId: string, fileId: string, input: SetupImageTextInput): Promise<SetupImageTextResponse> {
  if (!isUuid(fileId)) throw notFound("That image");
  const [row] = await db
    .update(storedFiles)
    .set({ extractedText: input.text })
    // Only the teacher's own images: another teacher's file, or a document that is not an image, answers 404.
    .where(and(eq(storedFiles.id, fileId), eq(storedFiles.teacherId, teacherId), like(storedFiles.mimeType, "image/%")))
    .returning({ id: storedFiles.id, text: storedFiles.extractedText });
  if (!row) throw notFound("That image");
  return { url: `/api/documents/${row.id}`, text: row.text ?? "" };
}
