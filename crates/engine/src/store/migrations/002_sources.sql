-- Each activity's market source (a catalog name such as "Google Ads", never personal): the
-- funnel's "by source" takes a case's first one, found without opening a row.
ALTER TABLE activities ADD COLUMN source TEXT;
CREATE INDEX activities_source ON activities (case_key, due) WHERE source IS NOT NULL;
-- Rows kept before had no source: the next sync fills them again (the "complete" mark is the
-- answers row with an empty body).
DELETE FROM activities;
DELETE FROM answers WHERE length(body) = 0;
