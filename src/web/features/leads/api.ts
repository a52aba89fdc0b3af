import type { CreateLead } from "../../../contracts/leads";
import { postJson } from "../../lib/api";

/** Sends an inquiry. Any OK answer is success; the body is not read. */
export async function submitLead(lead: CreateLead): Promise<void> {
  await postJson("/api/leads", {
    type: lead.type,
    name: lead.name,
    email: lead.email,
    school: lead.school,
    position: lead.position,
    seats: lead.seats,
    submitted_at: lead.submitted_at ?? new Date().toISOString(),
  });
}
