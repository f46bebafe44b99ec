-- The offline copy of a portal's cases: each case as the service sent it, and a full-text
-- index over what staff type into the search box (names, phones, emails, case numbers). The
-- index keeps no copy of the text (contentless) and only which case holds a word (detail=none):
-- search asks only "which cases have words starting so", and the copy stays small. Prefixes
-- of up to six letters are indexed too, so a word being typed is one lookup, not a merge.
CREATE TABLE cases (
    id INTEGER PRIMARY KEY,
    case_number TEXT NOT NULL UNIQUE,
    kind INTEGER NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    -- The case's JSON, deflated.
    body BLOB NOT NULL
);

CREATE VIRTUAL TABLE case_text USING fts5(
    case_number, names, phones, emails,
    content = '', contentless_delete = 1, detail = none, prefix = '1 2 3 4 5 6',
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TABLE meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- What each screen last read from the service (units, activities, campaigns, type lists...),
-- keyed by what was asked, so a screen opens at once on what is known and still shows it when
-- the service cannot be reached.
CREATE TABLE answers (
    key TEXT PRIMARY KEY,
    -- The answer's JSON, deflated.
    body BLOB NOT NULL,
    fetched_at TEXT NOT NULL
);
