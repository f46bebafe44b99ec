-- Whether an activity is a lost-lead record (domain::lost_leads): My day, the colours and the
-- team board leave those leads out without opening a row. Rows kept before are marked when
-- the store opens (the records are read from their sealed bodies once).
ALTER TABLE activities ADD COLUMN lost INTEGER NOT NULL DEFAULT 0;
CREATE INDEX activities_lost ON activities (lost) WHERE lost = 1;
