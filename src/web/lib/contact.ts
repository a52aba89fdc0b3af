export const supportEmail = "support@markwise.app";
export const privacyEmail = "privacy@markwise.app";

/** A mail draft to support with a subject about an inquiry and a greeting to start from. */
export const contactMailto = `mailto:${supportEmail}?subject=${encodeURIComponent("Inquiry about Markwise")}&body=${encodeURIComponent(
  "Hello Markwise team,\n\n",
)}`;
