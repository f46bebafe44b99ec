-- The activity read filters on the date last updated (the offline copy's sync reads a month at a
-- time, then only what changed): without this index every page scanned the whole portal.
CREATE INDEX IF NOT EXISTS activities_updated ON activities (portal_id, date_updated);
