-- The privacy notice's version is now derived from the privacy page (its highest material version, an integer):
-- consent given to the notice of 2026-11-23 is consent to version 1, the same text, so nobody is asked again for it.
UPDATE "consents" SET "notice_version" = '1' WHERE "notice_version" = '2026-11-23';
