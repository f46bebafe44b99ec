-- A family's word on being contacted (an opt-out or consent, an activity whose description is
-- `Contact preference: …`) has `lost` = 3, so the lists that offer contact find them without
-- opening every row. Rows kept before are marked when the store opens (their bodies opened once).
CREATE INDEX IF NOT EXISTS activities_words ON activities (lost) WHERE lost = 3;
