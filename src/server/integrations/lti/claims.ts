import { z } from "zod";

/** The LTI 1.3 claim names (IMS LTI Core 1.3, Deep Linking 2.0, AGS 2.0, NRPS 2.0). */
const lti = "https://purl.imsglobal.org/spec/lti/claim/";
export const ltiClaim = {
  messageType: `${lti}message_type`,
  version: `${lti}version`,
  deploymentId: `${lti}deployment_id`,
  targetLinkUri: `${lti}target_link_uri`,
  resourceLink: `${lti}resource_link`,
  roles: `${lti}roles`,
  context: `${lti}context`,
  custom: `${lti}custom`,
  deepLinkingSettings: "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings",
  contentItems: "https://purl.imsglobal.org/spec/lti-dl/claim/content_items",
  deepLinkingData: "https://purl.imsglobal.org/spec/lti-dl/claim/data",
  ags: "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint",
  nrps: "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice",
} as const;

export const ltiScopes = {
  lineItem: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  lineItemReadOnly: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  memberships: "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
} as const;

export const launchMessageTypes = ["LtiResourceLinkRequest", "LtiDeepLinkingRequest"] as const;

/** The parts of a verified id_token Markwise reads; anything else the platform sends is ignored. */
export const launchClaims = z.object({
  sub: z.string().min(1, "The id_token has no subject (sub): the platform must say who is launching."),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email: z.string().optional(),
  [ltiClaim.messageType]: z.enum(launchMessageTypes, { error: "The message type must be LtiResourceLinkRequest or LtiDeepLinkingRequest." }),
  [ltiClaim.version]: z.literal("1.3.0", { error: "The LTI version claim must be 1.3.0." }),
  [ltiClaim.deploymentId]: z.string({ error: "The id_token has no deployment_id claim." }).min(1),
  [ltiClaim.roles]: z.array(z.string(), { error: "The id_token has no roles claim." }),
  [ltiClaim.resourceLink]: z.object({ id: z.string().min(1), title: z.string().optional() }).optional(),
  [ltiClaim.context]: z.object({ id: z.string(), title: z.string().optional(), label: z.string().optional() }).optional(),
  [ltiClaim.custom]: z.record(z.string(), z.unknown()).optional(),
  [ltiClaim.deepLinkingSettings]: z
    .object({ deep_link_return_url: z.url(), accept_types: z.array(z.string()).optional(), data: z.string().optional() })
    .optional(),
  [ltiClaim.ags]: z.object({ scope: z.array(z.string()).default([]), lineitem: z.url().optional(), lineitems: z.url().optional() }).optional(),
  [ltiClaim.nrps]: z.object({ context_memberships_url: z.url() }).optional(),
});

export type LaunchClaims = z.infer<typeof launchClaims>;

/** What Markwise needs from a launch, under plain names. */
export interface Launch {
  subject: string;
  name: string | null;
  email: string | null;
  messageType: (typeof launchMessageTypes)[number];
  deploymentId: string;
  isInstructor: boolean;
  resourceLinkId: string | null;
  contextId: string | null;
  contextTitle: string | null;
  customAssignmentId: string | null;
  deepLinking: { returnUrl: string; data: string | null; acceptsResourceLinks: boolean } | null;
  lineItemUrl: string | null;
  lineItemsUrl: string | null;
  agsScopes: string[];
  membershipsUrl: string | null;
}

/**
 * Teachers are instructors, course designers and administrators (context or institution roles, full URIs or the
 * short forms Moodle and older platforms send); everyone else is treated as a learner.
 */
export function isInstructorRole(roles: readonly string[]): boolean {
  return roles.some((role) => /(#|\/|^)(Instructor|ContentDeveloper|Administrator|TeachingAssistant)$/.test(role));
}

export function toLaunch(claims: LaunchClaims): Launch {
  const settings = claims[ltiClaim.deepLinkingSettings];
  const ags = claims[ltiClaim.ags];
  const context = claims[ltiClaim.context];
  const custom = claims[ltiClaim.custom];
  const fullName = claims.name ?? [claims.given_name, claims.family_name].filter(Boolean).join(" ");
  const customAssignment = custom?.markwise_assignment_id;
  return {
    subject: claims.sub,
    name: fullName.trim() || null,
    email: claims.email?.trim().toLowerCase() || null,
    messageType: claims[ltiClaim.messageType],
    deploymentId: claims[ltiClaim.deploymentId],
    isInstructor: isInstructorRole(claims[ltiClaim.roles]),
    resourceLinkId: claims[ltiClaim.resourceLink]?.id ?? null,
    contextId: context?.id ?? null,
    contextTitle: context?.title ?? context?.label ?? null,
    customAssignmentId: typeof customAssignment === "string" ? customAssignment : null,
    deepLinking: settings
      ? { returnUrl: settings.deep_link_return_url, data: settings.data ?? null, acceptsResourceLinks: !settings.accept_types || settings.accept_types.includes("ltiResourceLink") }
      : null,
    lineItemUrl: ags?.lineitem ?? null,
    lineItemsUrl: ags?.lineitems ?? null,
    agsScopes: ags?.scope ?? [],
    membershipsUrl: claims[ltiClaim.nrps]?.context_memberships_url ?? null,
  };
}
