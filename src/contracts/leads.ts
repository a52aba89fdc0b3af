import { z } from "zod";

export const leadTypes = ["get-started", "enterprise"] as const;
export type LeadType = (typeof leadTypes)[number];

export const positions = ["Student", "TA", "Teacher", "Staff", "Administration", "Other"] as const;
export type Position = (typeof positions)[number];

export const leadMessages = {
  required: "Please fill in all required fields",
  seats: "Please specify the number of interested seats",
  failed: "Something went wrong. Please try again or contact us directly.",
  success: "Thank you! We'll be in touch soon.",
} as const;

/** Name, school and seats are single lines (the form's inputs are): a line break from the API would reach the mail. */
export const oneLine = (text: string) => !/[\r\n\u2028\u2029]/.test(text);
export const oneLineMessage = "Keep this on one line";

const requiredText = (max: number) =>
  z
    .string({ error: leadMessages.required })
    .trim()
    .min(1, leadMessages.required)
    .max(max, `Keep this within ${max} characters`)
    .refine(oneLine, oneLineMessage);

/** A client's clock may run a little ahead; a time beyond that is a typo or a forged "received" time in the mail. */
const clockSkewMs = 5 * 60 * 1000;

/**
 * The lead form, shared by the dialog and POST /api/leads.
 * Every required field reports the spec's single message; seats are required only for enterprise.
 */
export const createLeadInput = z
  .object({
    type: z.enum(leadTypes, { error: "Choose get-started or enterprise" }),
    name: requiredText(200),
    email: z
      .string({ error: leadMessages.required })
      .trim()
      .min(1, leadMessages.required)
      .max(254, "Keep this within 254 characters")
      .pipe(z.email("Enter a valid email address, like name@school.org")),
    school: requiredText(200),
    // Missing is the spec's required message; a value not in the list (only the API can send one) names the list.
    position: z.enum(positions, { error: (issue) => (issue.input === undefined || issue.input === "" ? leadMessages.required : `Choose one of: ${positions.join(", ")}`) }),
    seats: z.string().trim().max(50, "Keep this within 50 characters").refine(oneLine, oneLineMessage).optional().default(""),
    submitted_at: z.iso
      .datetime({ offset: true, error: "submitted_at must be an ISO timestamp" })
      .refine((time) => !(Date.parse(time) > Date.now() + clockSkewMs), "submitted_at cannot be in the future: send the time the form was sent, or leave it out")
      .optional(),
  })
  .superRefine((lead, ctx) => {
    if (lead.type === "enterprise" && lead.seats.length === 0) {
      ctx.addIssue({ code: "custom", path: ["seats"], message: leadMessages.seats });
    }
  });
export type CreateLeadInput = z.input<typeof createLeadInput>;
export type CreateLead = z.output<typeof createLeadInput>;

export const createdResponse = z.object({ id: z.string() });
export type CreatedResponse = z.infer<typeof createdResponse>;
