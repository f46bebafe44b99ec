-- The blind index goes (docs/decisions.md, "Search in the store: no index in the file"): its
-- keyed terms were the same for the same word, so the file alone said which cases shared a
-- surname, phone or email word and how often each first letter began a name. Each case's
-- words are now sealed in its own row (`words`, filled from its sealed JSON as this step runs)
-- and searched in memory. The store is rewritten (VACUUM) after this step so no page of the
-- old index stays in the file.
DROP TABLE case_terms;
ALTER TABLE cases ADD COLUMN words BLOB;
