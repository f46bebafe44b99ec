//! A seat's portal from the scenario's image: re-dated to the class's day, renumbered to the
//! seat's portal, with the seat's keys and login; and the scenario hash that proves a copy is
//! the story, whatever day it was made on.

use std::path::Path;

use rusqlite::{Connection, MAIN_DB, Transaction, params};
use sha2::{Digest, Sha256};

use super::ClassError;
use super::seats::Seat;
use crate::seed::{SCENARIO_PORTAL, new_jwt_secret};

/// Tables whose rows are not the story: secrets, keys, and the search index (rebuilt from the
/// individuals, which are hashed).
fn is_story_table(name: &str) -> bool {
    !(name.starts_with("sqlite_")
        || name.starts_with("individuals_fts")
        || matches!(name, "meta" | "api_keys" | "api_key_portals"))
}

fn tables(tx: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt =
        tx.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")?;
    let names = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(names.into_iter().filter(|n| is_story_table(n)).collect())
}

/// (column name, declared type) of a table.
fn columns(tx: &Connection, table: &str) -> rusqlite::Result<Vec<(String, String)>> {
    let mut stmt = tx.prepare(&format!("PRAGMA table_info(\"{table}\")"))?;
    stmt.query_map([], |r| Ok((r.get::<_, String>(1)?, r.get::<_, String>(2)?)))?
        .collect()
}

const MOMENT: &str =
    "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z";
const DAY: &str = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]";

/// The zone the scenario's clock times are kept in (its communities are all Eastern): a move by
/// days keeps 10 am at 10 am across a change of daylight saving time.
const STORY_ZONE: chrono_tz::Tz = chrono_tz::America::New_York;

/// `moment` (the store's RFC 3339 UTC text) moved by `days` on the story's wall clock.
fn moved(moment: &str, days: i64) -> Option<String> {
    use chrono::{DateTime, Duration, Utc};
    let at = DateTime::parse_from_rfc3339(moment)
        .ok()?
        .with_timezone(&STORY_ZONE);
    let local = at.naive_local() + Duration::days(days);
    // A wall-clock time the change of hour skips (2:30 am in March) is read an hour later.
    let there = local
        .and_local_timezone(STORY_ZONE)
        .earliest()
        .or_else(|| {
            (local + Duration::hours(1))
                .and_local_timezone(STORY_ZONE)
                .earliest()
        })?;
    Some(crate::time::store(there.with_timezone(&Utc)))
}

/// Moves every stored moment and day by `days` (the store keeps RFC 3339 UTC text with
/// milliseconds, and plain days), so the story keeps its clock times on any day.
pub fn redate(tx: &Transaction<'_>, days: i64) -> rusqlite::Result<()> {
    if days == 0 {
        return Ok(());
    }
    tx.create_scalar_function(
        "story_moved",
        2,
        rusqlite::functions::FunctionFlags::SQLITE_UTF8
            | rusqlite::functions::FunctionFlags::SQLITE_DETERMINISTIC,
        |ctx| {
            let moment: String = ctx.get(0)?;
            let days: i64 = ctx.get(1)?;
            Ok(moved(&moment, days).unwrap_or(moment))
        },
    )?;
    let shift = format!("{days:+} days");
    for table in tables(tx)? {
        for (column, kind) in columns(tx, &table)? {
            if !kind.eq_ignore_ascii_case("TEXT") {
                continue;
            }
            tx.execute(
                &format!(
                    "UPDATE \"{table}\" SET \"{column}\" = story_moved(\"{column}\", ?1) WHERE \"{column}\" GLOB ?2"
                ),
                params![days, MOMENT],
            )?;
            tx.execute(
                &format!(
                    "UPDATE \"{table}\" SET \"{column}\" = date(\"{column}\", ?1) WHERE \"{column}\" GLOB ?2"
                ),
                params![shift, DAY],
            )?;
        }
    }
    tx.remove_function("story_moved", 2)?;
    Ok(())
}

/// Gives every row of portal `from` to portal `to`.
pub fn renumber(tx: &Transaction<'_>, from: i64, to: i64) -> rusqlite::Result<()> {
    for table in tables(tx)? {
        if columns(tx, &table)?.iter().any(|(c, _)| c == "portal_id") {
            tx.execute(
                &format!("UPDATE \"{table}\" SET portal_id = ?1 WHERE portal_id = ?2"),
                params![to, from],
            )?;
        }
    }
    tx.execute(
        "UPDATE portals SET id = ?1 WHERE id = ?2",
        params![to, from],
    )?;
    Ok(())
}

/// What makes a copy a seat's own, besides its days.
pub struct Own<'a> {
    pub seat: &'a Seat,
    pub trainer_key: &'a str,
    pub password_hash: &'a str,
}

/// Writes the seat's portal, `days` after the anchor, to `path` (whole or not at all).
pub fn write_seat(image: &[u8], own: &Own<'_>, days: i64, path: &Path) -> Result<(), ClassError> {
    let mut conn = Connection::open_in_memory()?;
    conn.deserialize_read_exact(MAIN_DB, image, image.len(), false)?;
    // The portal's number changes under its rows, all in one transaction.
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    let tx = conn.transaction()?;
    redate(&tx, days)?;
    renumber(&tx, SCENARIO_PORTAL, own.seat.portal)?;
    tx.execute("UPDATE portals SET name = ?1", [own.seat.portal_name()])?;
    tx.execute("DELETE FROM api_key_portals", [])?;
    tx.execute("DELETE FROM api_keys", [])?;
    for (key, label) in [
        (own.seat.key.as_str(), "seat"),
        (own.trainer_key, "trainer"),
    ] {
        tx.execute(
            "INSERT OR IGNORE INTO api_keys (key, label) VALUES (?1, ?2)",
            params![key, label],
        )?;
        tx.execute(
            "INSERT OR IGNORE INTO api_key_portals (key, portal_id) VALUES (?1, ?2)",
            params![key, own.seat.portal],
        )?;
    }
    tx.execute(
        "UPDATE users SET email = ?1, password_hash = ?2 WHERE id = (SELECT api_user_id FROM portals)",
        params![own.seat.login, own.password_hash],
    )?;
    tx.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('jwt_secret', ?1)",
        [new_jwt_secret()],
    )?;
    tx.commit()?;
    let bytes = conn.serialize(MAIN_DB)?;
    let folder = path.parent().unwrap_or(Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(folder)?;
    std::io::Write::write_all(&mut file, &bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    crate::paths::restrict_to_user(path);
    Ok(())
}

/// The story's hash: every row of every story table in a stable order, leaving out what makes
/// a copy a seat's own (its login's address and password, the portal's name).
pub fn story_hash(conn: &Connection) -> rusqlite::Result<String> {
    let mut hasher = Sha256::new();
    for table in tables(conn)? {
        let skip: &[&str] = match table.as_str() {
            "users" => &["email", "password_hash", "last_login_date"],
            "portals" => &["name"],
            _ => &[],
        };
        let kept: Vec<String> = columns(conn, &table)?
            .into_iter()
            .map(|(c, _)| c)
            .filter(|c| !skip.contains(&c.as_str()))
            .map(|c| format!("\"{c}\""))
            .collect();
        let mut stmt = conn.prepare(&format!("SELECT {} FROM \"{table}\"", kept.join(", ")))?;
        let mut rows: Vec<String> = stmt
            .query_map([], |r| {
                let cells: Vec<String> = (0..kept.len())
                    .map(|i| format!("{:?}", r.get_ref(i)))
                    .collect();
                Ok(cells.join("|"))
            })?
            .collect::<rusqlite::Result<_>>()?;
        rows.sort_unstable();
        hasher.update(table.as_bytes());
        for row in rows {
            hasher.update(row.as_bytes());
            hasher.update(b"\n");
        }
    }
    let digest = hasher.finalize();
    Ok(digest[..8].iter().map(|b| format!("{b:02x}")).collect())
}

/// The hash of a seat's portal as the story it was made from: a copy moved back to the anchor
/// and to the scenario's portal number first.
pub fn seat_hash(image: &[u8], portal: i64, days: i64) -> rusqlite::Result<String> {
    let mut conn = Connection::open_in_memory()?;
    conn.deserialize_read_exact(MAIN_DB, image, image.len(), false)?;
    // The portal's number changes under its rows, all in one transaction.
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    let tx = conn.transaction()?;
    redate(&tx, -days)?;
    renumber(&tx, portal, SCENARIO_PORTAL)?;
    tx.commit()?;
    story_hash(&conn)
}

#[cfg(test)]
mod tests {
    use super::moved;

    #[test]
    fn a_move_by_days_keeps_the_wall_clock_across_daylight_saving() {
        // 10 am Eastern in January (15:00 UTC) is 10 am Eastern in July (14:00 UTC).
        assert_eq!(
            moved("2026-01-13T15:00:00.000Z", 180).as_deref(),
            Some("2026-07-12T14:00:00.000Z")
        );
        assert_eq!(
            moved("2026-07-12T14:00:00.000Z", -180).as_deref(),
            Some("2026-01-13T15:00:00.000Z")
        );
        // Within one season it is a whole number of days in UTC too.
        assert_eq!(
            moved("2026-01-13T15:00:00.000Z", 7).as_deref(),
            Some("2026-01-20T15:00:00.000Z")
        );
        // 2:30 am on the night the clocks go forward does not exist: read as 3:30 am.
        assert_eq!(
            moved("2026-01-08T07:30:00.000Z", 59).as_deref(),
            Some("2026-03-08T07:30:00.000Z")
        );
        assert_eq!(moved("not a time", 3), None);
    }
}
