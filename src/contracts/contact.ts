/** Where people write to us; the site, the privacy page and the server's mails name the same addresses. */
export const supportEmail = "support@markwise.app";
export const privacyEmail = "privacy@markwise.app";
