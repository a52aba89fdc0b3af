import { z } from "zod";
import { safeJson } from "../safe-json";
import { PlatformServiceError, platformRefusal } from "./platform-errors";

export interface ScoreToPost {
  subject: string;
  scoreGiven: number;
  scoreMaximum: number;
  comment: string | null;
}

const lineItem = z.object({ id: z.url(), scoreMaximum: z.number().optional(), label: z.string().optional(), resourceLinkId: z.string().optional() });

/** `<line item>/scores`, keeping the line item's query string where it belongs (AGS 2.0, section 3.4). */
export function scoresUrlOf(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/$/, "")}/scores`;
  return url.toString();
}

async function call(fetcher: typeof fetch, url: string, init: RequestInit, what: string): Promise<string> {
  const response = await fetcher(url, { ...init, signal: AbortSignal.timeout(15_000) }).catch(() => {
    throw new PlatformServiceError(`The platform's grade service could not be reached (${what}).`);
  });
  const text = await response.text();
  if (!response.ok) throw platformRefusal(what, response.status, text, "gradebook (AGS) settings");
  return text;
}

const lineItemMedia = "application/vnd.ims.lis.v2.lineitem+json";

/**
 * The line item of a resource link: the one the launch named, else the course's line item for this resource link,
 * else a new one made for it (a Moodle activity added by hand comes without one). With the line item scope, a line
 * item whose maximum is not the rubric total gets it (a PUT, AGS 2.0 section 3.2): one made when the assignment was
 * picked in Deep Linking, before it had a rubric, says "out of 100" and the platform would scale every score to it.
 */
export async function findOrCreateLineItem(
  fetcher: typeof fetch,
  accessToken: string,
  link: { lineItemUrl: string | null; lineItemsUrl: string | null; resourceLinkId: string; canManageLineItems: boolean },
  create: { label: string; scoreMaximum: number; resourceId: string },
): Promise<string> {
  const auth = { authorization: `Bearer ${accessToken}` };
  if (link.lineItemUrl) {
    if (link.canManageLineItems) {
      const named = lineItem.loose().safeParse(safeJson(await call(fetcher, link.lineItemUrl, { headers: { ...auth, accept: lineItemMedia } }, "to read the line item")));
      if (named.success) await matchScoreMaximum(fetcher, accessToken, named.data, create.scoreMaximum);
    }
    return link.lineItemUrl;
  }
  if (!link.lineItemsUrl) throw new PlatformServiceError("The platform gave this link no gradebook column (no AGS line item). Allow Markwise to post grades in the platform's tool settings, then launch the link again.");
  const listUrl = new URL(link.lineItemsUrl);
  listUrl.searchParams.set("resource_link_id", link.resourceLinkId);
  const listed = safeJson(await call(fetcher, listUrl.toString(), { headers: { ...auth, accept: "application/vnd.ims.lis.v2.lineitemcontainer+json" } }, "to list its line items"));
  const existing = z.array(lineItem.loose()).safeParse(listed);
  if (existing.success && existing.data[0]) {
    await matchScoreMaximum(fetcher, accessToken, existing.data[0], create.scoreMaximum);
    return existing.data[0].id;
  }
  const created = lineItem.safeParse(
    safeJson(
      await call(
        fetcher,
        link.lineItemsUrl,
        {
          method: "POST",
          headers: { ...auth, "content-type": lineItemMedia, accept: lineItemMedia },
          body: JSON.stringify({ label: create.label, scoreMaximum: create.scoreMaximum, resourceId: create.resourceId, resourceLinkId: link.resourceLinkId, tag: "markwise" }),
        },
        "to create a line item",
      ),
    ),
  );
  if (!created.success) throw new PlatformServiceError("The platform's answer to creating a line item has no id.");
  return created.data.id;
}

/** Sets the line item's maximum to the rubric total when it differs; the PUT carries the item as read, as AGS asks. */
async function matchScoreMaximum(fetcher: typeof fetch, accessToken: string, item: z.infer<typeof lineItem> & Record<string, unknown>, scoreMaximum: number): Promise<void> {
  if (item.scoreMaximum === scoreMaximum) return;
  await call(
    fetcher,
    item.id,
    { method: "PUT", headers: { authorization: `Bearer ${accessToken}`, "content-type": lineItemMedia, accept: lineItemMedia }, body: JSON.stringify({ ...item, scoreMaximum }) },
    `to change the gradebook column's maximum to ${scoreMaximum} points`,
  );
}

/** Posts one student's score and comment to a line item (AGS Score publish service). */
export async function postScore(fetcher: typeof fetch, accessToken: string, lineItemUrl: string, score: ScoreToPost, timestamp: Date): Promise<void> {
  const body = {
    userId: score.subject,
    scoreGiven: score.scoreGiven,
    scoreMaximum: score.scoreMaximum,
    ...(score.comment ? { comment: score.comment } : {}),
    timestamp: timestamp.toISOString(),
    activityProgress: "Completed",
    gradingProgress: "FullyGraded",
  };
  await publishScore(fetcher, accessToken, lineItemUrl, body, `a score for user ${score.subject}`);
}

/**
 * Takes a score back (AGS: a score with no scoreGiven, not ready for grading, clears the user's grade in the line
 * item): the work it was for has been put under another student since it was sent.
 */
export async function clearScore(fetcher: typeof fetch, accessToken: string, lineItemUrl: string, subject: string, timestamp: Date): Promise<void> {
  const body = { userId: subject, timestamp: timestamp.toISOString(), activityProgress: "Initialized", gradingProgress: "NotReady" };
  await publishScore(fetcher, accessToken, lineItemUrl, body, `to take back the score of user ${subject}`);
}

/** One score to the line item's scores endpoint (AGS Score publish service): a grade, or a grade taken back. */
async function publishScore(fetcher: typeof fetch, accessToken: string, lineItemUrl: string, body: Record<string, unknown>, what: string): Promise<void> {
  await call(
    fetcher,
    scoresUrlOf(lineItemUrl),
    { method: "POST", headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/vnd.ims.lis.v1.score+json" }, body: JSON.stringify(body) },
    what,
  );
}
