-- Feedback mails to students kept in the outbox (a server without SMTP_URL) never reached them (decision 019,
-- addendum of 2026-11-29): their links stop saying "E-mailed to", found by the SHA-256 of the link each mail held.
UPDATE "feedback_links" SET "emailed_at" = NULL
FROM "outbox"
WHERE "feedback_links"."emailed_at" IS NOT NULL
  AND "feedback_links"."token_hash" = encode(sha256(convert_to(substring("outbox"."text" from '/feedback/([A-Za-z0-9_-]{43})'), 'UTF8')), 'hex');--> statement-breakpoint
-- Those mails held each student's link in plain text, which the database otherwise keeps only as a fingerprint.
DELETE FROM "outbox" WHERE "text" ~ '/feedback/[A-Za-z0-9_-]{43}';
