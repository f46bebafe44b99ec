-- Activities in the order they are kept, each found by its id through a small unique index.
-- Keyed by the id itself, the first fill's months (each holding ids from every month: an old
-- activity is updated again) were written into pages all over the table, and each page was
-- written again for every month. The rows are read again by the next sync (the "complete"
-- mark is the answers row with an empty body).
DROP TABLE activities;
CREATE TABLE activities (
    row INTEGER PRIMARY KEY,
    id INTEGER NOT NULL UNIQUE,
    -- Unix seconds of the due date.
    due INTEGER NOT NULL,
    -- The day the service last updated it, in the activity's own zone ("2026-11-23").
    updated_day TEXT,
    -- Its case's number, as the cases table keeps it.
    case_key INTEGER NOT NULL,
    community_id INTEGER NOT NULL,
    -- The staff member it is assigned to.
    assigned TEXT NOT NULL,
    -- Its type ("Tour", "Call Out") and whether it is open (0), completed (1), cancelled (2)
    -- or a no-show (3).
    type_name TEXT NOT NULL,
    state INTEGER NOT NULL,
    digest INTEGER NOT NULL,
    body BLOB NOT NULL,
    -- A catalog market source ("Google Ads"), never personal.
    source TEXT,
    created INTEGER,
    -- A lost-lead record (domain::lost_leads).
    lost INTEGER NOT NULL DEFAULT 0,
    -- The day it falls on in its own zone (days from 0001-01-01, that day being 1).
    day INTEGER
);
CREATE INDEX activities_due ON activities (due);
CREATE INDEX activities_case ON activities (case_key);
CREATE INDEX activities_community ON activities (community_id, due);
CREATE INDEX activities_assigned ON activities (assigned, due);
CREATE INDEX activities_updated ON activities (updated_day);
CREATE INDEX activities_funnel ON activities (type_name, state, case_key, due);
CREATE INDEX activities_source ON activities (case_key, due) WHERE source IS NOT NULL;
CREATE INDEX activities_lost ON activities (lost) WHERE lost = 1;
CREATE INDEX activities_days ON activities (day, due, assigned, community_id, type_name, state);
CREATE INDEX activities_open ON activities (day, due, assigned, community_id, type_name) WHERE state = 0;
DELETE FROM answers WHERE length(body) = 0;
