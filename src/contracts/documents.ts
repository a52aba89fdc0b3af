import { z } from "zod";

export const documentLimits = { maxBytes: 10 * 1024 * 1024, extensions: [".txt", ".doc", ".docx", ".pdf"] } as const;

export const documentUploadInput = z.object({
  file: z.instanceof(File, { error: "Choose a .txt, .doc, .docx or .pdf file to upload" }),
});

export const uploadedDocument = z.object({
  fileId: z.string(),
  fileName: z.string(),
  kind: z.enum(["txt", "html", "doc", "docx", "odt", "pdf"]),
  text: z.string(),
});
export type UploadedDocument = z.infer<typeof uploadedDocument>;
