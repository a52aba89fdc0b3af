import { z } from "zod";

export const avatarLimits = { maxBytes: 512 * 1024, maxSide: 4096, mimeTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"] } as const;

export const avatarUploadInput = z.object({
  file: z.instanceof(File, { error: "Choose an image file to upload" }),
});

export const avatarResponse = z.object({ image: z.string() });
