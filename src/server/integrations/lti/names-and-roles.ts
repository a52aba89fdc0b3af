import { z } from "zod";
import { safeJson } from "../safe-json";
import { PlatformServiceError, platformRefusal } from "./platform-errors";

const member = z.object({
  user_id: z.string().min(1),
  roles: z.array(z.string()).default([]),
  status: z.string().default("Active"),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email: z.string().optional(),
  lis_person_sourcedid: z.string().optional(),
});
const membershipContainer = z.object({ members: z.array(member) });

export interface CourseMember {
  subject: string;
  name: string;
  email: string | null;
  /** The school's id for the student (SIS), when the platform shares it. */
  sourcedId: string | null;
  isLearner: boolean;
  isActive: boolean;
}

const maxPages = 50;

/** Reads a course's membership (NRPS 2.0), following `Link: <...>; rel="next"` pages. */
export async function fetchCourseMembers(membershipsUrl: string, accessToken: string, fetcher: typeof fetch = fetch): Promise<CourseMember[]> {
  const members: CourseMember[] = [];
  let next: string | null = membershipsUrl;
  for (let page = 0; next && page < maxPages; page += 1) {
    const response: Response = await fetcher(next, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/vnd.ims.lti-nrps.v2.membershipcontainer+json" },
      signal: AbortSignal.timeout(15_000),
    }).catch(() => {
      throw new PlatformServiceError("The platform's membership service could not be reached.");
    });
    const text = await response.text();
    if (!response.ok) throw platformRefusal("to give the course's members", response.status, text, "names and roles (NRPS) settings");
    const parsed = membershipContainer.safeParse(safeJson(text));
    if (!parsed.success) throw new PlatformServiceError("The platform's membership answer is not an NRPS membership container.");
    for (const item of parsed.data.members) {
      const name = item.name?.trim() || [item.given_name, item.family_name].filter(Boolean).join(" ").trim() || item.email?.trim() || item.user_id;
      members.push({
        subject: item.user_id,
        name,
        email: item.email?.trim().toLowerCase() || null,
        sourcedId: item.lis_person_sourcedid?.trim() || null,
        isLearner: item.roles.some((role) => /(#|\/|^)Learner$/.test(role)),
        isActive: item.status === "Active",
      });
    }
    next = nextPageOf(response.headers.get("link"));
  }
  return members;
}

function nextPageOf(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(",")) {
    const match = part.match(/<([^>]+)>\s*;\s*rel="?next"?/);
    if (match) return match[1]!;
  }
  return null;
}
