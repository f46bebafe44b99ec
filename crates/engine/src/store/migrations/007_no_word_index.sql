-- The blind index goes (docs/decisions.md, "Search in the store: no index in the file"): its
-- keyed terms were the same for the same word, so the file alone said which cases shared a
-- surname, phone or email word and how often each first letter began a name. Each case's
-- words are now sealed in a row of their own (`case_words`, by the case's row id; filled from
-- the case's sealed JSON as this step runs) and searched in memory. They are not a column of
-- `cases`, whose rows stay as small as the reads that stream every case need them. The store is
-- rewritten (VACUUM) after this step so no page of the old index stays in the file.
DROP TABLE case_terms;
CREATE TABLE case_words (
    id INTEGER PRIMARY KEY,
    words BLOB NOT NULL
);
