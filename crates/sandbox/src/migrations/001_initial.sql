-- Version 1 of the sandbox schema. Every record belongs to one portal; queries always filter by it.

CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE portals (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    api_user_id INTEGER
);

CREATE TABLE api_keys (key TEXT PRIMARY KEY, label TEXT NOT NULL);
CREATE TABLE api_key_portals (
    key TEXT NOT NULL REFERENCES api_keys(key) ON DELETE CASCADE,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    PRIMARY KEY (key, portal_id)
);

CREATE TABLE communities (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    name TEXT NOT NULL,
    name_unique TEXT NOT NULL,
    abbreviation TEXT NOT NULL,
    color TEXT NOT NULL,
    address_id INTEGER NOT NULL,
    UNIQUE (portal_id, name_unique)
);

CREATE TABLE type_values (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    list INTEGER NOT NULL,
    name TEXT NOT NULL,
    master_id INTEGER NOT NULL,
    master_name TEXT NOT NULL,
    sort_order INTEGER NOT NULL,
    date_created TEXT NOT NULL
);
CREATE INDEX type_values_list ON type_values (portal_id, list);

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    time_zone_id INTEGER NOT NULL,
    password_hash TEXT,
    date_created TEXT NOT NULL,
    last_login_date TEXT,
    activation_sent INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX users_email ON users (portal_id, email COLLATE NOCASE);
CREATE TABLE user_communities (
    user_id INTEGER NOT NULL REFERENCES users(id),
    community_id INTEGER NOT NULL REFERENCES communities(id),
    PRIMARY KEY (user_id, community_id)
);

CREATE TABLE cases (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    primary_individual_id INTEGER
);
CREATE INDEX cases_portal ON cases (portal_id);

CREATE TABLE individuals (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    case_id INTEGER NOT NULL REFERENCES cases(id),
    type_id INTEGER NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    home_phone TEXT NOT NULL DEFAULT '',
    mobile_phone TEXT NOT NULL DEFAULT '',
    work_phone TEXT NOT NULL DEFAULT '',
    status_id INTEGER NOT NULL,
    assigned_user_id INTEGER NOT NULL REFERENCES users(id),
    relationship_type_id INTEGER,
    relationship_type TEXT,
    is_primary_contact INTEGER NOT NULL DEFAULT 0,
    integration_id TEXT,
    date_created TEXT NOT NULL
);
CREATE INDEX individuals_case ON individuals (case_id);
CREATE INDEX individuals_portal_name ON individuals (portal_id, last_name COLLATE NOCASE, first_name COLLATE NOCASE);
CREATE INDEX individuals_email ON individuals (portal_id, email COLLATE NOCASE);
CREATE INDEX individuals_integration ON individuals (portal_id, integration_id);

-- Full-text index for Search `q`: names, email and phones (with a digits-only copy of each phone).
CREATE VIRTUAL TABLE individuals_fts USING fts5 (
    names, email, phones, content = '', contentless_delete = 1, tokenize = 'unicode61'
);

CREATE TABLE individual_communities (
    individual_id INTEGER NOT NULL REFERENCES individuals(id),
    community_id INTEGER NOT NULL REFERENCES communities(id),
    PRIMARY KEY (individual_id, community_id)
);

CREATE TABLE addresses (
    id INTEGER PRIMARY KEY,
    individual_id INTEGER NOT NULL REFERENCES individuals(id),
    kind TEXT NOT NULL,
    line1 TEXT NOT NULL,
    line2 TEXT,
    city TEXT NOT NULL,
    state TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    country TEXT NOT NULL
);
CREATE INDEX addresses_individual ON addresses (individual_id);

CREATE TABLE individual_notes (
    id INTEGER PRIMARY KEY,
    individual_id INTEGER NOT NULL REFERENCES individuals(id),
    message TEXT NOT NULL,
    date_created TEXT NOT NULL
);

CREATE TABLE lists (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    name TEXT NOT NULL
);
CREATE TABLE list_members (
    list_id INTEGER NOT NULL REFERENCES lists(id),
    individual_id INTEGER NOT NULL REFERENCES individuals(id),
    PRIMARY KEY (list_id, individual_id)
);

CREATE TABLE campaigns (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    name TEXT NOT NULL,
    date_created TEXT NOT NULL,
    is_active INTEGER NOT NULL,
    starts TEXT NOT NULL,
    ends TEXT NOT NULL
);

-- Activities keep times in UTC (RFC 3339); reads convert them to the API user's zone.
CREATE TABLE activities (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    individual_id INTEGER NOT NULL REFERENCES individuals(id),
    case_id INTEGER NOT NULL REFERENCES cases(id),
    community_id INTEGER NOT NULL REFERENCES communities(id),
    type_value_id INTEGER NOT NULL REFERENCES type_values(id),
    status_value_id INTEGER,
    status_master_id INTEGER NOT NULL,
    result_value_id INTEGER,
    market_source_value_id INTEGER,
    campaign_id INTEGER REFERENCES campaigns(id),
    assigned_user_id INTEGER NOT NULL REFERENCES users(id),
    description TEXT NOT NULL,
    sale_stage TEXT NOT NULL,
    due TEXT NOT NULL,
    due_end TEXT NOT NULL,
    all_day INTEGER NOT NULL,
    completed_at TEXT,
    cancelled INTEGER NOT NULL DEFAULT 0,
    no_show INTEGER NOT NULL DEFAULT 0,
    rescheduled INTEGER NOT NULL DEFAULT 0,
    reinquiry INTEGER NOT NULL DEFAULT 0,
    date_created TEXT NOT NULL,
    date_updated TEXT
);
CREATE INDEX activities_portal_due ON activities (portal_id, due DESC, id DESC);
CREATE INDEX activities_user_due ON activities (portal_id, assigned_user_id, due DESC, id DESC);
CREATE INDEX activities_individual ON activities (individual_id, due DESC);
CREATE INDEX activities_open ON activities (portal_id, completed_at, due);

CREATE TABLE activity_notes (
    id INTEGER PRIMARY KEY,
    activity_id INTEGER NOT NULL REFERENCES activities(id),
    message TEXT NOT NULL,
    date_created TEXT NOT NULL
);
CREATE INDEX activity_notes_activity ON activity_notes (activity_id);

CREATE TABLE units (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    community_id INTEGER NOT NULL REFERENCES communities(id),
    number TEXT NOT NULL,
    name TEXT NOT NULL,
    care_group_value_id INTEGER NOT NULL REFERENCES type_values(id),
    floor_plan_value_id INTEGER REFERENCES type_values(id),
    square_feet REAL,
    capacity INTEGER NOT NULL,
    base_monthly REAL,
    base_entrance REAL,
    date_created TEXT NOT NULL,
    date_updated TEXT NOT NULL,
    UNIQUE (community_id, number)
);

CREATE TABLE housing_contracts (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    unit_id INTEGER NOT NULL REFERENCES units(id),
    individual_id INTEGER NOT NULL REFERENCES individuals(id),
    move_in TEXT NOT NULL,
    move_out TEXT,
    monthly_fee REAL,
    entrance_fee REAL,
    deposit REAL,
    is_repayable INTEGER NOT NULL DEFAULT 0,
    is_transfer INTEGER NOT NULL DEFAULT 0,
    is_waitlist INTEGER NOT NULL DEFAULT 0,
    active INTEGER NOT NULL,
    date_created TEXT NOT NULL,
    date_updated TEXT
);
CREATE INDEX contracts_unit ON housing_contracts (unit_id, active);
CREATE INDEX contracts_individual ON housing_contracts (individual_id);
CREATE INDEX contracts_portal ON housing_contracts (portal_id);

CREATE TABLE transactions (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    individual_id INTEGER NOT NULL REFERENCES individuals(id),
    housing_contract_id INTEGER NOT NULL REFERENCES housing_contracts(id),
    unit_id INTEGER NOT NULL REFERENCES units(id),
    campaign_id INTEGER,
    type_value_id INTEGER NOT NULL REFERENCES type_values(id),
    description TEXT NOT NULL,
    status TEXT NOT NULL,
    amount REAL NOT NULL,
    units REAL NOT NULL,
    date_created TEXT NOT NULL,
    effective_date TEXT NOT NULL
);
CREATE INDEX transactions_contract ON transactions (housing_contract_id);
CREATE INDEX transactions_individual ON transactions (individual_id);
CREATE INDEX transactions_unit ON transactions (unit_id);

CREATE TABLE campaign_members (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    individual_id INTEGER NOT NULL REFERENCES individuals(id),
    community_id INTEGER REFERENCES communities(id),
    status_id INTEGER NOT NULL,
    response TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (campaign_id, individual_id)
);

-- Requirement templates per community, and their instance per case (AdmissionMetId).
CREATE TABLE admission_requirements (
    id INTEGER PRIMARY KEY,
    community_id INTEGER NOT NULL REFERENCES communities(id),
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    activity_type_value_id INTEGER NOT NULL REFERENCES type_values(id),
    date_created TEXT NOT NULL
);
CREATE TABLE admission_met (
    id INTEGER PRIMARY KEY,
    requirement_id INTEGER NOT NULL REFERENCES admission_requirements(id),
    case_id INTEGER NOT NULL REFERENCES cases(id),
    is_met INTEGER NOT NULL DEFAULT 0,
    user_id INTEGER NOT NULL REFERENCES users(id),
    activity_id INTEGER REFERENCES activities(id),
    dismiss INTEGER NOT NULL DEFAULT 0,
    date_created TEXT NOT NULL,
    date_updated TEXT NOT NULL,
    UNIQUE (requirement_id, case_id)
);

CREATE TABLE plugin_endpoints (
    portal_id INTEGER NOT NULL REFERENCES portals(id),
    community_id INTEGER NOT NULL DEFAULT 0,
    endpoint TEXT NOT NULL,
    date_updated TEXT NOT NULL,
    PRIMARY KEY (portal_id, community_id)
);
