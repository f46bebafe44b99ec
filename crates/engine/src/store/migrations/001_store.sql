-- The offline copy of a portal, on disk and asked rather than held. No resident's or family
-- member's name, phone, email, address or note is stored in plain text: each row's JSON is
-- deflated and sealed (AES-256-GCM, bound to its table and key) in `body`; the columns beside
-- it are what the screens sort and filter by and say nothing about a person (dates,
-- communities, staff, and keyed hashes of case numbers and of what was asked). See docs/decisions.md ("The local store").

-- Settings of the copy: when it was synced (text), the key check (a sealed row).
CREATE TABLE meta (
    name TEXT PRIMARY KEY,
    value NOT NULL
);

CREATE TABLE cases (
    id INTEGER PRIMARY KEY,
    -- The case number, as a keyed hash (rows are found by it; it is not kept readable).
    number_key INTEGER NOT NULL UNIQUE,
    kind INTEGER NOT NULL,
    -- A keyed hash of the case's JSON: a sync rewrites only the cases that changed.
    digest INTEGER NOT NULL,
    body BLOB NOT NULL
);

-- Search by what staff type (names, phones, emails, case numbers) through a blind index:
-- each word's prefixes, each as a keyed hash ("t" + 16 hex digits), so the index holds no
-- text. Contentless and without positions: search only asks which cases hold every term.
CREATE VIRTUAL TABLE case_terms USING fts5(
    terms,
    content = '', contentless_delete = 1, detail = none, tokenize = 'ascii'
);

-- What each screen last read from the service, keyed by what was asked, so a screen opens
-- at once on what is known and still shows it when the service cannot be reached.
CREATE TABLE answers (
    -- What was asked (the inventory, a case's activities), as a keyed hash.
    key INTEGER PRIMARY KEY,
    -- A keyed hash of the answer: the same answer again is not written again.
    digest INTEGER NOT NULL,
    body BLOB NOT NULL,
    fetched_at TEXT NOT NULL
);

-- Everyone's activities, one row each, so a sync writes only what changed.
CREATE TABLE activities (
    id INTEGER PRIMARY KEY,
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
    -- or a no-show (3): what the funnel and My day count by.
    type_name TEXT NOT NULL,
    state INTEGER NOT NULL,
    digest INTEGER NOT NULL,
    body BLOB NOT NULL
);
CREATE INDEX activities_due ON activities (due);
CREATE INDEX activities_case ON activities (case_key);
CREATE INDEX activities_community ON activities (community_id, due);
CREATE INDEX activities_assigned ON activities (assigned, due);
CREATE INDEX activities_updated ON activities (updated_day);
-- Covering: the funnel's first completed date per case and type never opens a row.
CREATE INDEX activities_funnel ON activities (type_name, state, case_key, due);
