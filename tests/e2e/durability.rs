//! Every acknowledged write survives the sandbox process being killed mid-burst.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use leasedesk::api::model::*;
use leasedesk::sandbox::{DEMO_KEY, DEMO_PORTAL};

use crate::support::{client_for, local_only};

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn start(db: &std::path::Path, port: u16) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_leasedesk"))
        .args(["sandbox", "--addr", &format!("127.0.0.1:{port}"), "--db"])
        .arg(db)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the leasedesk binary starts");
    let server = Server(child);
    let client = client_for(&format!("http://127.0.0.1:{port}"), DEMO_KEY, DEMO_PORTAL);
    for _ in 0..600 {
        if client.communities().await.is_ok() {
            return server;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the sandbox did not come up");
}

#[tokio::test]
async fn acknowledged_writes_survive_a_kill() {
    let _ = local_only!();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("durable.db");
    let port = free_port();
    let mut server = start(&db, port).await;
    let client = client_for(&format!("http://127.0.0.1:{port}"), DEMO_KEY, DEMO_PORTAL);
    let person = NewIndividual::new(IndividualType::Prospect, "Durable", "Writer");
    let individual = client
        .create_individuals(vec![person])
        .await
        .unwrap()
        .individuals[0]
        .individual_id;
    let kind = client
        .types(&TypeQuery::list(TypeList::ACTIVITY_TYPE))
        .await
        .unwrap()[0]
        .id;

    // Writers run until the process dies under them; the killer waits for some acknowledgements.
    let acknowledged = std::sync::Arc::new(std::sync::Mutex::new(Vec::<i64>::new()));
    let mut writers = Vec::new();
    for w in 0..4 {
        let (client, acknowledged) = (client.clone(), acknowledged.clone());
        writers.push(tokio::spawn(async move {
            for n in 0..2000 {
                let mut activity = NewActivity::new(kind, chrono::Utc::now().fixed_offset());
                activity.individual_id = Some(individual);
                activity.description = Some(format!("burst {w}-{n}"));
                match client.create_activities(vec![activity]).await {
                    Ok(created) => acknowledged.lock().unwrap().extend(created.activity_ids),
                    Err(_) => break,
                }
            }
        }));
    }
    while acknowledged.lock().unwrap().len() < 150 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.0.kill().unwrap();
    server.0.wait().unwrap();
    for writer in writers {
        writer.await.unwrap();
    }
    let acknowledged = acknowledged.lock().unwrap().clone();

    let _server = start(&db, port).await;
    let stored = client
        .activities(&ActivityQuery {
            individual_id: Some(individual),
            page_size: Some(5000),
            ..Default::default()
        })
        .await
        .unwrap();
    let stored: std::collections::HashSet<i64> = stored.iter().map(|a| a.id).collect();
    let lost: Vec<&i64> = acknowledged
        .iter()
        .filter(|id| !stored.contains(id))
        .collect();
    assert!(
        lost.is_empty(),
        "{} acknowledged activities were lost: {lost:?}",
        lost.len()
    );
    assert!(
        acknowledged.len() < 4 * 2000,
        "the process died while writers were still writing ({} acknowledged)",
        acknowledged.len()
    );
}
