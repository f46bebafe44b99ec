-- What the service cannot hold: which activity was followed up here, and reminders sent.
CREATE TABLE follow_ups (
    activity_id INTEGER PRIMARY KEY,
    outcome_id INTEGER,
    next_id INTEGER,
    at TEXT NOT NULL
);

CREATE TABLE reminders_sent (
    activity_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    sent_at TEXT NOT NULL,
    PRIMARY KEY (activity_id, kind)
);
