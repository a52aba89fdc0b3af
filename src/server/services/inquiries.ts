import type { Logger } from "pino";
import type { CreateLead } from "../../contracts/leads";
import type { CreateVideoRequest } from "../../contracts/video-requests";
import type { Db } from "../db/client";
import { leads, videoRequests } from "../db/schema";
import type { Mailer } from "../integrations/mail/mailer";

export interface InquiryDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
}

/**
 * Stores the lead, then tells the team. The row is written first and kept even if the notification fails:
 * a school's inquiry must never be lost because a mail server was down.
 */
export async function createLead(deps: InquiryDeps, lead: CreateLead, notifyTo: string[]): Promise<{ id: string }> {
  const submittedAt = lead.submitted_at ? new Date(lead.submitted_at) : new Date();
  const [row] = await deps.db
    .insert(leads)
    .values({ type: lead.type, name: lead.name, email: lead.email, school: lead.school, position: lead.position, seats: lead.seats, submittedAt })
    .returning({ id: leads.id });
  const heading = lead.type === "enterprise" ? "Enterprise inquiry" : "Get-started inquiry";
  await notify(deps, {
    to: notifyTo,
    subject: `${heading} from ${lead.name}, ${lead.school}`,
    text: [
      `${heading} received ${submittedAt.toISOString()}`,
      `Name: ${lead.name}`,
      `Email: ${lead.email}`,
      `School: ${lead.school}`,
      `Position: ${lead.position}`,
      ...(lead.type === "enterprise" ? [`Seats: ${lead.seats}`] : []),
      `Lead id: ${row!.id}`,
    ].join("\n"),
  });
  return { id: row!.id };
}

export async function createVideoRequest(deps: InquiryDeps, request: CreateVideoRequest, notifyTo: string[]): Promise<{ id: string }> {
  const submittedAt = new Date();
  const [row] = await deps.db
    .insert(videoRequests)
    .values({ ...request, submittedAt })
    .returning({ id: videoRequests.id });
  await notify(deps, {
    to: notifyTo,
    subject: `Video request: ${request.topic.slice(0, 80)}`,
    text: [
      `Video request received ${submittedAt.toISOString()}`,
      `Topic: ${request.topic}`,
      `Style: ${request.style}`,
      `Duration: ${request.duration}`,
      `Voice: ${request.voice}`,
      `Reply to: ${request.email}`,
      `Notes: ${request.notes || "(none)"}`,
      `Request id: ${row!.id}`,
    ].join("\n"),
  });
  return { id: row!.id };
}

async function notify(deps: InquiryDeps, message: { to: string[]; subject: string; text: string }): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.logger.error({ err: error, subject: message.subject }, "notification failed; the request is stored");
  }
}
