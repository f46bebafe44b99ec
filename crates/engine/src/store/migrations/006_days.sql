-- The day each activity falls on in its own time zone (days from 0001-01-01, that day being 1),
-- as the calendar places it: a view of everyone's days counts them per day and opens only the
-- first few of each, in time order, without opening a row to learn its day. Covering, so the
-- counts and the choice of rows read the index alone. Rows kept before have no day: they are
-- read again (the "complete" mark is the answers row with an empty body), as in 002.
ALTER TABLE activities ADD COLUMN day INTEGER;
CREATE INDEX activities_days ON activities (day, due, assigned, community_id, type_name, state);
DELETE FROM activities;
DELETE FROM answers WHERE length(body) = 0;
-- Everyone's open items before a view's first day (the overdue): counted on the index alone.
CREATE INDEX activities_open ON activities (day, due, assigned, community_id, type_name) WHERE state = 0;
