-- Units and housing contracts as rows, so the census forecast is counted from plain columns and
-- only the contracts of residents moving during the forecast are opened. A unit says nothing
-- about a person (its community, care group, number, beds and rent): its columns are plain and
-- it has no body. A contract's resident, case and fees stay sealed in `body`; beside it only
-- its unit, its days and whether its lease is on. Filled from the inventory answer at the next
-- sync ("inventory_rows" in meta says when they were last written whole).
CREATE TABLE units (
    id INTEGER PRIMARY KEY,
    community_name TEXT NOT NULL,
    care_group TEXT NOT NULL,
    number TEXT NOT NULL,
    capacity INTEGER NOT NULL,
    base_monthly REAL,
    digest INTEGER NOT NULL
);
CREATE TABLE contracts (
    id INTEGER PRIMARY KEY,
    unit_id INTEGER NOT NULL,
    -- Days from 0001-01-01 (day 1) of the move-in and move-out, as the service dates them.
    move_in INTEGER NOT NULL,
    move_out INTEGER,
    active INTEGER NOT NULL,
    digest INTEGER NOT NULL,
    body BLOB NOT NULL
);
-- Covering, so the forecast reads no contract row but those it names: the leases on during its
-- days, and each unit's last move-out before them.
CREATE INDEX contracts_on ON contracts (active, move_in, move_out, unit_id);
CREATE INDEX contracts_last_out ON contracts (unit_id, move_out) WHERE move_out IS NOT NULL;
