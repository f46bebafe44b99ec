-- Each case's words are kept person by person, so a search finds a case when one of its people
-- has every typed word, as the service's search does (before, words of two people together
-- matched: "walter hoff" found Walter Smith's case for his daughter Ann Hoff). The rows are
-- sealed again from each case's JSON as this step runs (`cases::seal_words_of_kept_cases`).
DELETE FROM case_words;
