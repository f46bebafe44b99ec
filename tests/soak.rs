//! Soak: the sandbox (on a database file) under sustained mixed load for a bounded time, then a
//! check that what is stored matches exactly what was acknowledged. Not part of `cargo test`:
//!
//!     LEASEDESK_SOAK_SECS=300 cargo test --release --test soak -- --ignored --nocapture
//!
//! (60 seconds when the variable is not set).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use leasedesk::api::model::{
    ActivityFilter, ActivityQuery, CampaignIndividualAdd, CampaignMember, CampaignQuery,
    CampaignStatus, IndividualType, NewActivity, NewIndividual, SearchQuery, TypeList, TypeQuery,
};
use leasedesk::api::{Client, Connection, Secret};
use leasedesk::sandbox::{Sandbox, SandboxConfig, Storage};

#[derive(Default)]
struct Acknowledged {
    individuals: Vec<i64>,
    activities: Vec<(i64, i64)>,
    /// The last status acknowledged for each (campaign, individual).
    memberships: std::collections::HashMap<(i64, i64), CampaignStatus>,
    reads: usize,
    failures: Vec<String>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long-running; see the module docs"]
async fn sustained_mixed_load_keeps_every_acknowledged_write() {
    let seconds: u64 = std::env::var("LEASEDESK_SOAK_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let dir = tempfile::tempdir().unwrap();
    let sandbox = Sandbox::start(SandboxConfig {
        storage: Storage::File(dir.path().join("soak.db")),
        ..SandboxConfig::default()
    })
    .await
    .unwrap();
    let client = Client::new(Connection {
        base_url: sandbox.base_url.clone(),
        subscription_key: Secret::new(sandbox.key.as_str()),
        portal_id: sandbox.portal_id,
    })
    .unwrap();
    let before = client.search(&SearchQuery::default()).await.unwrap().total;
    let kind = client
        .types(&TypeQuery::list(TypeList::ACTIVITY_TYPE))
        .await
        .unwrap()[0]
        .id;
    let campaign = client.campaigns(&CampaignQuery::default()).await.unwrap()[0].id;

    let acked = Arc::new(Mutex::new(Acknowledged::default()));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut workers = Vec::new();
    for w in 0..8usize {
        let (client, acked) = (client.clone(), acked.clone());
        workers.push(tokio::spawn(async move {
            let mut n = 0usize;
            while Instant::now() < deadline {
                n += 1;
                let result: Result<(), String> = match (w + n) % 5 {
                    0 => {
                        let person = NewIndividual::new(
                            IndividualType::Prospect,
                            "Soak",
                            &format!("Tester{w}x{n}"),
                        );
                        client.create_individuals(vec![person]).await.map(|r| {
                            let mut a = acked.lock().unwrap();
                            a.individuals
                                .extend(r.individuals.iter().map(|i| i.individual_id));
                        })
                    }
                    1 => {
                        let who = acked.lock().unwrap().individuals.last().copied();
                        match who {
                            None => Ok(()),
                            Some(id) => {
                                let mut activity =
                                    NewActivity::new(kind, chrono::Utc::now().fixed_offset());
                                activity.individual_id = Some(id);
                                client.create_activities(vec![activity]).await.map(|r| {
                                    let mut a = acked.lock().unwrap();
                                    a.activities.extend(r.activity_ids.iter().map(|x| (id, *x)));
                                })
                            }
                        }
                    }
                    2 => {
                        let who = acked.lock().unwrap().individuals.first().copied();
                        match who {
                            None => Ok(()),
                            Some(id) => {
                                let status = [
                                    CampaignStatus::Invited,
                                    CampaignStatus::Rsvp,
                                    CampaignStatus::Attended,
                                ][n % 3];
                                // One writer per member, so "last acknowledged" is well defined.
                                if w != 2 {
                                    Ok(())
                                } else {
                                    client
                                        .add_campaign_individuals(&CampaignIndividualAdd {
                                            campaign_id: campaign,
                                            individuals: vec![CampaignMember {
                                                individual_id: id,
                                                campaign_status_id: status,
                                            }],
                                        })
                                        .await
                                        .map(|_| {
                                            acked
                                                .lock()
                                                .unwrap()
                                                .memberships
                                                .insert((campaign, id), status);
                                        })
                                }
                            }
                        }
                    }
                    3 => client
                        .search(&SearchQuery {
                            q: Some("an".into()),
                            page_size: Some(50),
                            ..Default::default()
                        })
                        .await
                        .map(|_| acked.lock().unwrap().reads += 1),
                    _ => client
                        .activities(&ActivityQuery {
                            filter: Some(ActivityFilter::OverDue),
                            page_size: Some(100),
                            ..Default::default()
                        })
                        .await
                        .map(|_| acked.lock().unwrap().reads += 1),
                }
                .map_err(|e| e.to_string());
                if let Err(e) = result {
                    acked.lock().unwrap().failures.push(e);
                }
            }
        }));
    }
    for w in workers {
        w.await.unwrap();
    }

    let acked = std::mem::take(&mut *acked.lock().unwrap());
    println!(
        "soak {seconds}s: {} individuals, {} activities, {} campaign writes acknowledged; {} reads; {} failures",
        acked.individuals.len(),
        acked.activities.len(),
        acked.memberships.len(),
        acked.reads,
        acked.failures.len()
    );
    assert!(
        acked.failures.is_empty(),
        "{:?}",
        &acked.failures[..acked.failures.len().min(5)]
    );
    let after = client.search(&SearchQuery::default()).await.unwrap().total;
    assert_eq!(
        after - before,
        acked.individuals.len() as i64,
        "individuals"
    );
    let people: HashSet<i64> = acked.activities.iter().map(|(p, _)| *p).collect();
    let mut stored = HashSet::new();
    for person in people {
        let list = client
            .activities(&ActivityQuery {
                individual_id: Some(person),
                page_size: Some(5000),
                ..Default::default()
            })
            .await
            .unwrap();
        stored.extend(list.into_iter().map(|a| a.id));
    }
    let expected: HashSet<i64> = acked.activities.iter().map(|(_, a)| *a).collect();
    assert_eq!(stored, expected, "activities");
    let members = client.campaign_individuals(campaign).await.unwrap();
    for ((_, id), status) in &acked.memberships {
        let m = members.iter().find(|m| m.individual_id == *id).unwrap();
        assert_eq!(m.status(), Some(*status), "membership of {id}");
    }
}
