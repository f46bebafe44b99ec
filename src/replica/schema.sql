-- The offline copy of a portal's cases: each case as the service sent it, and a full-text
-- index over what staff type into the search box (names, phones, emails, case numbers).
CREATE TABLE cases (
    id INTEGER PRIMARY KEY,
    case_number TEXT NOT NULL UNIQUE,
    kind INTEGER NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    body TEXT NOT NULL
);

CREATE VIRTUAL TABLE case_text USING fts5(
    case_number, names, phones, emails,
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TABLE meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
