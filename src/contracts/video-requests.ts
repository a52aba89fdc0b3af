import { z } from "zod";
import { oneLine, oneLineMessage } from "./leads";

export const videoStyles = ["Engaging", "Hyper", "Inspirational", "Documentary", "Jazz", "Lofi", "Dramatic", "None"] as const;
export const videoDurations = ["2 min", "1 min", "30 sec"] as const;
export const videoVoices = ["Solo Female", "Solo Male"] as const;

export const videoDefaults = { style: "Engaging", duration: "1 min", voice: "Solo Female" } as const;

export const videoMessages = {
  missingTitle: "Missing fields",
  missing: "Please provide a topic and your email.",
  successTitle: "Request sent",
  success: "You'll receive a response at your email.",
  fallbackError: "Please contact support.",
} as const;

/** The video request form, shared by /videos and POST /api/video-requests. */
export const createVideoRequestInput = z.object({
  topic: z.string({ error: videoMessages.missing }).trim().min(1, videoMessages.missing).max(300, "Keep the topic within 300 characters").refine(oneLine, oneLineMessage),
  style: z.enum(videoStyles, { error: `Choose one of: ${videoStyles.join(", ")}` }).default(videoDefaults.style),
  duration: z.enum(videoDurations, { error: `Choose one of: ${videoDurations.join(", ")}` }).default(videoDefaults.duration),
  voice: z.enum(videoVoices, { error: `Choose one of: ${videoVoices.join(", ")}` }).default(videoDefaults.voice),
  notes: z.string().trim().max(4000, "Keep the notes within 4000 characters").optional().default(""),
  email: z
    .string({ error: videoMessages.missing })
    .trim()
    .min(1, videoMessages.missing)
    .max(254, "Keep this within 254 characters")
    .pipe(z.email("Enter a valid email address, like name@school.org")),
});
export type CreateVideoRequestInput = z.input<typeof createVideoRequestInput>;
export type CreateVideoRequest = z.output<typeof createVideoRequestInput>;
