-- When each activity was entered (Unix seconds): the team board's trend counts, as of each
-- week's end, only what had been entered by then. Rows kept before have none until a sync
-- writes them again; the board then takes them as entered when due.
ALTER TABLE activities ADD COLUMN created INTEGER;
