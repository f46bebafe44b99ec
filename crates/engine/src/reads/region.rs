//! The regional roll-up: each portal's rows worked out from that portal's own store on this
//! desk (the open one, or another opened to be read and closed again), one at a time, so a
//! portal costs no more than its store's read. Stores are set side by side, never merged.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::Backend;
use crate::api::ApiError;
use crate::domain::benchmarks::published;
use crate::domain::funnel::STAGE_OF_TYPE;
use crate::domain::region::{PortalFigures, RegionRow, rows};
use crate::domain::report::FORECAST_DAYS;
use crate::domain::speed_to_lead::LeadRules;
use crate::domain::team_board::team_board;
use crate::secrets::{SecretKind, SecretStore};
use crate::store::{SealKey, Store, StoreError};

/// Days of the team board the roll-up scores.
use crate::service::region::BOARD_DAYS;

/// What a portal's rows were worked out for: the day, the office hours and target, and the
/// store's activities and inventory stamps (a sync changes them).
type RowsKey = (NaiveDate, LeadRules, DateTime<Utc>, DateTime<Utc>);

/// Each portal's last rows by store key: a portal whose store did not change since (another
/// portal's, not syncing while it is not in use) is not read again.
#[derive(Default, Clone)]
pub(super) struct KeptRows(Arc<Mutex<RowsByStore>>);

type RowsByStore = HashMap<String, (RowsKey, Vec<RegionRow>)>;

impl KeptRows {
    fn rows(&self, key: &str, wanted: &RowsKey) -> Option<Vec<RegionRow>> {
        let kept = self.0.lock().ok()?;
        kept.get(key)
            .filter(|(known, _)| known == wanted)
            .map(|(_, rows)| rows.clone())
    }

    fn keep(&self, key: &str, made: RowsKey, rows: &[RegionRow]) {
        if let Ok(mut kept) = self.0.lock() {
            kept.insert(key.to_owned(), (made, rows.to_vec()));
        }
    }
}

/// A portal the roll-up reads: its name, and its store's key (`sandbox-4300`,
/// `<profile>-<portal>`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RegionPortal {
    pub label: String,
    pub store_key: String,
}

/// The roll-up: every portal's rows, and for each portal how many rows or why none.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Region {
    pub rows: Vec<RegionRow>,
    pub portals: Vec<(RegionPortal, Result<usize, Unread>)>,
}

/// Why a portal of the region has no rows on this desk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unread {
    /// No keyring: the key of another portal's copy is not kept.
    NoKeyring,
    /// This desk keeps no offline copy of it.
    NotKept,
    /// Its copy is there but could not be opened.
    NotOpened,
    /// Its copy is still filling (the first sync).
    Filling,
    /// Its copy could not be read.
    NotRead,
}

impl std::fmt::Display for Unread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Unread::NoKeyring => {
                "this computer has no keyring to hold the key of another portal's offline copy, \
                 so only the portal in use is read: connect to it to see its figures"
            }
            Unread::NotKept => {
                "no offline copy of it on this desk: connect to it once, with \"Keep an offline \
                 copy\" ticked, and let the first sync finish"
            }
            Unread::NotOpened => {
                "its offline copy on this desk could not be opened: connect to it to refresh it"
            }
            Unread::Filling => "its offline copy is still filling (the first sync)",
            Unread::NotRead => "its offline copy could not be read: connect to it to refresh it",
        })
    }
}

impl Backend {
    /// Each portal's rows as of `today`, from its store on this desk.
    pub async fn region(
        &self,
        portals: Vec<RegionPortal>,
        today: NaiveDate,
        now: DateTime<Utc>,
        rules: LeadRules,
    ) -> Result<Arc<Region>, ApiError> {
        let (open_key, dir, secrets) = self.stores_of_this_desk();
        let current = self.store();
        let zone = self.connection().zone();
        let kept = self.inner.reads.region.clone();
        let worked = self
            .one_at_a_time("region", move || {
                let mut region = Region::default();
                for portal in portals {
                    let store = match (&current, &open_key) {
                        (Some(store), Some(key)) if *key == portal.store_key => Ok(store.clone()),
                        _ => other_store(dir.clone(), secrets.clone(), &portal.store_key),
                    };
                    let answer = store.and_then(|store| {
                        let stamps = store
                            .activities_kept_at()
                            .zip(store.inventory_kept_at())
                            .map(|((activities, _), inventory)| {
                                (today, rules.clone(), activities, inventory)
                            });
                        if let Some(rows) = stamps
                            .as_ref()
                            .and_then(|made| kept.rows(&portal.store_key, made))
                        {
                            return Ok(relabelled(rows, &portal.label));
                        }
                        let rows = portal_rows(&store, &portal.label, today, now, &rules, zone)?;
                        if let Some(made) = stamps {
                            kept.keep(&portal.store_key, made, &rows);
                        }
                        Ok(rows)
                    });
                    match answer {
                        Ok(found) => {
                            region.portals.push((portal, Ok(found.len())));
                            region.rows.extend(found);
                        }
                        Err(why) => region.portals.push((portal, Err(why))),
                    }
                }
                region
            })
            .await;
        worked.map(Arc::new).map_err(|e| {
            tracing::error!(error = %e, "the regional roll-up failed");
            ApiError::Internal
        })
    }
}

/// Rows kept under a portal's store key, with the portal's name as asked now.
fn relabelled(mut rows: Vec<RegionRow>, label: &str) -> Vec<RegionRow> {
    for r in &mut rows {
        label.clone_into(&mut r.portal);
    }
    rows
}

/// A store of this desk other than the open one, opened to be read.
fn other_store(
    dir: Option<PathBuf>,
    secrets: Option<Arc<SecretStore>>,
    key: &str,
) -> Result<Arc<Store>, Unread> {
    const NOT_KEPT: Unread = Unread::NotKept;
    let secrets = secrets
        .filter(|s| s.is_persistent())
        .ok_or(Unread::NoKeyring)?;
    let path = dir
        .map(|dir| Store::path_for(&dir, key))
        .filter(|p| p.exists())
        .ok_or(NOT_KEPT)?;
    let seal = secrets
        .read(key, SecretKind::OfflineCopyKey)
        .ok()
        .flatten()
        .and_then(|s| SealKey::from_hex(s.expose()))
        .ok_or(NOT_KEPT)?;
    Store::open_to_read(&path, seal).map(Arc::new).map_err(|e| {
        tracing::warn!(error = %e, "a portal's store could not be opened for the roll-up");
        Unread::NotOpened
    })
}

/// One portal's rows from its store, or why there are none (public for the benchmark).
pub fn portal_rows(
    store: &Store,
    label: &str,
    today: NaiveDate,
    now: DateTime<Utc>,
    rules: &LeadRules,
    zone: chrono_tz::Tz,
) -> Result<Vec<RegionRow>, Unread> {
    if store.is_empty()
        || store.activities_kept_at().is_none()
        || store.inventory_kept_at().is_none()
    {
        return Err(Unread::Filling);
    }
    let worked = (|| -> Result<Option<Vec<RegionRow>>, StoreError> {
        let types: Vec<&str> = STAGE_OF_TYPE.iter().map(|(name, _)| *name).collect();
        let figures = store.funnel_figures(&types, &[], today)?;
        let Some(forecast) = store.forecast(today, FORECAST_DAYS + 1)? else {
            return Ok(None);
        };
        let moves = store.moves_since(today - chrono::Days::new(90), today)?;
        let times = store.contact_times(now)?;
        let board = team_board(
            &store.board_input()?,
            (now - Duration::days(BOARD_DAYS), now),
            now,
            rules,
            zone,
        );
        Ok(Some(rows(
            &PortalFigures {
                portal: label,
                journeys: &figures.journeys,
                facts: &figures.facts,
                times: Some(&times),
                forecast: &forecast,
                moves: &moves,
                board: &board,
                rules,
                zone,
                today,
            },
            published(),
        )))
    })();
    match worked {
        Ok(Some(rows)) => Ok(rows),
        Ok(None) => Err(Unread::Filling),
        Err(e) => {
            tracing::warn!(error = %e, "a portal's store could not give the roll-up");
            Err(Unread::NotRead)
        }
    }
}
