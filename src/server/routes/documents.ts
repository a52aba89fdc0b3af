import { z } from "zod";
import { documentLimits, documentUploadInput, uploadedDocument } from "../../contracts/documents";
import { errorBody } from "../../contracts/errors";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { documentMessages } from "../integrations/documents";
import { findTeacherFile, storeTeacherDocument } from "../services/stored-files";

export function registerDocumentRoutes(router: ApiRouter, deps: AppDeps): void {
  const storeDeps = { db: deps.database.db, storage: deps.storage };

  router.route(
    {
      method: "post",
      path: "/api/documents",
      summary: "Upload a .txt, .doc, .docx or .pdf document; its text is extracted and the original kept",
      tag: "Documents",
      access: "session",
      bodyType: "multipart",
      body: documentUploadInput,
      // The multipart envelope adds a little to the 10 MB file limit; the file itself is checked exactly.
      maxBodyBytes: documentLimits.maxBytes + 256 * 1024,
      tooLargeMessage: documentMessages.tooLarge(documentLimits.maxBytes),
      responses: {
        201: { description: "Stored; the extracted text", schema: uploadedDocument },
        413: { description: "Larger than 10 MB", schema: errorBody },
        415: { description: "Not a .txt, .doc, .docx or .pdf document", schema: errorBody },
        422: { description: "Empty, damaged, password-protected or image-only", schema: errorBody },
      },
    },
    async (c, { body }) => {
      const bytes = new Uint8Array(await body.file.arrayBuffer());
      const stored = await storeTeacherDocument(storeDeps, requireUser(c).id, { bytes, originalName: body.file.name });
      return c.json({ fileId: stored.fileId, fileName: stored.fileName, kind: stored.document.kind, text: stored.document.text }, 201);
    },
  );

  router.route(
    {
      method: "get",
      path: "/api/documents/:fileId",
      summary: "Download an uploaded original (only its owner may)",
      tag: "Documents",
      access: "session",
      params: z.object({ fileId: z.string() }),
      responses: { 200: { description: "The original bytes" }, 404: { description: "Not found", schema: errorBody } },
    },
    async (c, { params }) => {
      const { row, bytes } = await findTeacherFile(storeDeps, requireUser(c).id, params.fileId);
      c.header("Content-Type", row.mimeType);
      c.header("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(row.originalName)}`);
      c.header("Cache-Control", "private, no-store");
      return c.body(new Uint8Array(bytes));
    },
  );
}
