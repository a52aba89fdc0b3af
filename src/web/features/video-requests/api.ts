import type { CreateVideoRequest } from "../../../contracts/video-requests";
import { postJson } from "../../lib/api";

/** Sends a video request. Any OK answer is success; the body is not read. */
export async function submitVideoRequest(request: CreateVideoRequest): Promise<void> {
  await postJson("/api/video-requests", {
    topic: request.topic,
    style: request.style,
    duration: request.duration,
    voice: request.voice,
    notes: request.notes,
    email: request.email,
  });
}
