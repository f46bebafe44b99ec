-- Activities a correction logged on their case says were logged by mistake (the service cannot
-- delete an activity): their `state` column is 4, so nothing counts them as done. Ids only.
CREATE TABLE IF NOT EXISTS voided (
    id INTEGER PRIMARY KEY,
    case_key INTEGER NOT NULL
);

-- Email addresses and phone numbers typed in a message on this desk, which the service cannot
-- add to a person: one sealed row per case, found by the case's keyed hash.
CREATE TABLE IF NOT EXISTS typed_contacts (
    case_key INTEGER PRIMARY KEY,
    body BLOB NOT NULL
);
