import { z } from "zod";
import { profileTextInput, profileTextResponse } from "../../contracts/auth";
import { errorBody } from "../../contracts/errors";
import { avatarLimits, avatarResponse, avatarUploadInput } from "../../contracts/profile";
import { formatBytes, type ApiRouter } from "../http/api-router";
import { AppError, notFound } from "../http/app-error";
import type { AppDeps } from "../http/context";
import { sniffImageType } from "../integrations/files/sniff-image";
import { deleteAvatar, findAvatar, findProfileText, saveAvatar, saveProfileText } from "../services/profiles";
import { requireUser } from "../http/require-user";
import { isCompleteImage } from "../integrations/files/image-complete";
import { readImageDimensions } from "../integrations/ocr/image-dimensions";

const avatarTooLarge = `The image is too large. Choose one under ${formatBytes(avatarLimits.maxBytes)}.`;

/**
 * A picture shown 40 pixels wide: a cut-off file, or one whose header claims 20000 x 20000 pixels (which a browser
 * tab decodes into gigabytes, and a small PNG of one colour can), is refused with what to do instead.
 */
function refuseUnusableAvatar(bytes: Uint8Array, mimeType: Parameters<typeof isCompleteImage>[1]): void {
  const size = readImageDimensions(bytes);
  if (!size || !isCompleteImage(bytes, mimeType)) {
    throw new AppError("unprocessable", "The image looks damaged or incomplete. Save it again (or take a screenshot of it) and upload the new copy.", { file: "Damaged or incomplete image" });
  }
  if (size.width > avatarLimits.maxSide || size.height > avatarLimits.maxSide) {
    const message = `The image is ${size.width} x ${size.height} pixels; an avatar can be at most ${avatarLimits.maxSide} pixels on each side. Resize it and upload it again.`;
    throw new AppError("unprocessable", message, { file: message });
  }
}

const unauthorized = { description: "Not signed in", schema: errorBody };

export function registerProfileRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;

  router.route(
    {
      method: "get",
      path: "/api/profile-text",
      summary: "Read the signed-in teacher's bio",
      tag: "Profile",
      access: "session",
      responses: { 200: { description: "The bio (empty when never saved)", schema: profileTextResponse }, 401: unauthorized },
    },
    async (c) => c.json(await findProfileText(db, requireUser(c).id)),
  );

  router.route(
    {
      method: "put",
      path: "/api/profile-text",
      summary: "Save the signed-in teacher's bio (updates the row or creates it)",
      tag: "Profile",
      access: "session",
      body: profileTextInput,
      responses: { 200: { description: "The saved bio", schema: profileTextResponse }, 400: { description: "Invalid bio", schema: errorBody }, 401: unauthorized },
    },
    async (c, { body }) => c.json(await saveProfileText(db, requireUser(c).id, body.bio)),
  );

  router.route(
    {
      method: "put",
      path: "/api/profile/avatar",
      summary: "Upload an avatar image (PNG, JPEG, WebP or GIF)",
      tag: "Profile",
      access: "session",
      bodyType: "multipart",
      body: avatarUploadInput,
      maxBodyBytes: avatarLimits.maxBytes + 64 * 1024,
      tooLargeMessage: avatarTooLarge,
      responses: {
        200: { description: "The new image address", schema: avatarResponse },
        413: { description: "Image too large", schema: errorBody },
        415: { description: "Not an image", schema: errorBody },
        401: unauthorized,
      },
    },
    async (c, { body }) => {
      const bytes = new Uint8Array(await body.file.arrayBuffer());
      if (bytes.byteLength > avatarLimits.maxBytes) {
        throw new AppError("payload_too_large", avatarTooLarge, { file: avatarTooLarge });
      }
      const mimeType = sniffImageType(bytes);
      if (!mimeType) throw new AppError("unsupported_media_type", "That file is not a PNG, JPEG, WebP or GIF image.", { file: "Choose a PNG, JPEG, WebP or GIF image" });
      refuseUnusableAvatar(bytes, mimeType);
      return c.json(await saveAvatar(db, requireUser(c).id, mimeType, bytes));
    },
  );

  router.route(
    {
      method: "delete",
      path: "/api/profile/avatar",
      summary: "Remove the avatar image",
      tag: "Profile",
      access: "session",
      responses: { 204: { description: "Removed" }, 401: unauthorized },
    },
    async (c) => {
      await deleteAvatar(db, requireUser(c).id);
      return c.body(null, 204);
    },
  );

  router.route(
    {
      method: "get",
      path: "/api/profile/avatar/:userId",
      summary: "The avatar image (only its owner may read it)",
      tag: "Profile",
      access: "session",
      params: z.object({ userId: z.string() }),
      responses: { 200: { description: "The image bytes" }, 404: { description: "No such avatar", schema: errorBody }, 401: unauthorized },
    },
    async (c, { params }) => {
      if (params.userId !== requireUser(c).id) throw notFound("That image");
      const avatar = await findAvatar(db, params.userId);
      if (!avatar) throw notFound("That image");
      c.header("Cache-Control", "private, max-age=86400");
      c.header("Content-Type", avatar.mimeType);
      return c.body(new Uint8Array(avatar.bytes));
    },
  );
}
