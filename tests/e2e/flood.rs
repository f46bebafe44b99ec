//! One client cannot deny the training server to the team: idle or slow connections from one
//! address, and wrong subscription keys guessed from one, leave the others served (loopback
//! only: the attacker speaks from 127.0.0.2–4, the team from 127.0.0.1).

#![cfg(target_os = "linux")]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use leasedesk::sandbox::{ConnectionLimits, RunningSandbox, Sandbox, SandboxConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::support::client_for;

async fn sandbox(limits: ConnectionLimits) -> RunningSandbox {
    Sandbox::start(SandboxConfig {
        limits,
        ..Default::default()
    })
    .await
    .unwrap()
}

/// A connection to `to` from the loopback address `from` (127.0.0.x).
async fn connect_from(from: [u8; 4], to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.connect(to).await
}

/// How long the team's keyed read takes, while whatever the test set up goes on.
async fn the_team_is_answered(sandbox: &RunningSandbox) -> Duration {
    let client = client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id);
    let started = Instant::now();
    client.communities().await.expect("the team is answered");
    started.elapsed()
}

/// Reads what the server says until it closes (or `within` passes: `None`).
async fn answer_within(stream: &mut TcpStream, within: Duration) -> Option<String> {
    let mut answer = Vec::new();
    let read = tokio::time::timeout(within, stream.read_to_end(&mut answer)).await;
    match read {
        Ok(_) => Some(String::from_utf8_lossy(&answer).into_owned()),
        Err(_) => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_from_one_address_leave_room_for_the_team() {
    let limits = ConnectionLimits::default();
    let sandbox = sandbox(limits).await;
    // 256 connections that send nothing, as many as the whole server takes.
    let mut held = Vec::new();
    for _ in 0..limits.max_connections {
        held.push(connect_from([127, 0, 0, 2], sandbox.addr).await.unwrap());
    }
    // Past the address's share, each newcomer closes the oldest of them: the share stays.
    let mut closed = 0;
    for stream in held.iter_mut() {
        if answer_within(stream, Duration::from_millis(50))
            .await
            .is_some()
        {
            closed += 1;
        }
    }
    assert!(
        closed >= limits.max_connections - limits.per_address,
        "{closed} closed"
    );
    let took = the_team_is_answered(&sandbox).await;
    assert!(took < Duration::from_secs(2), "answered in {took:?}");
}

/// A trainee: a client of their own (its own connections), from the classroom's address.
fn trainee(sandbox: &RunningSandbox) -> leasedesk::api::Client {
    client_for(&sandbox.base_url, &sandbox.key, sandbox.portal_id)
}

/// Every trainee's read at once; each must be answered within `within`.
async fn the_class_is_answered(class: &[leasedesk::api::Client], within: Duration) {
    let reads = class.iter().map(|client| async move {
        let started = Instant::now();
        let answer = client.communities().await;
        (answer.map(|_| ()), started.elapsed())
    });
    for (n, (answer, took)) in futures_util::future::join_all(reads)
        .await
        .into_iter()
        .enumerate()
    {
        assert!(answer.is_ok(), "trainee {n}: {answer:?}");
        assert!(took < within, "trainee {n} waited {took:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_trainees_are_served_beside_idle_sockets_and_wrong_keys_from_every_address() {
    let limits = ConnectionLimits::default();
    let sandbox = sandbox(limits).await;
    let class: Vec<_> = (0..30).map(|_| trainee(&sandbox)).collect();
    // The class at work before the attack: their key has worked from their address.
    the_class_is_answered(&class, Duration::from_secs(10)).await;
    // 64 idle sockets from each of four addresses, and 64 from the classroom's own (one NAT).
    let mut idle = Vec::new();
    for from in [
        [127, 0, 0, 2],
        [127, 0, 0, 3],
        [127, 0, 0, 4],
        [127, 0, 0, 5],
        [127, 0, 0, 1],
    ] {
        for _ in 0..limits.per_address {
            if let Ok(stream) = connect_from(from, sandbox.addr).await {
                idle.push(stream);
            }
        }
    }
    // And wrong keys guessed from the classroom's address past its limit.
    for n in 0..=leasedesk::sandbox::logins::KEY_GUESSES {
        let mut stream = connect_from([127, 0, 0, 1], sandbox.addr).await.unwrap();
        let guess = format!(
            "GET /v3/Community?PortalId={} HTTP/1.1\r\nHost: 127.0.0.1\r\nOcp-Apim-Subscription-Key: guess-{n}\r\nConnection: close\r\n\r\n",
            sandbox.portal_id
        );
        stream.write_all(guess.as_bytes()).await.unwrap();
        let answer = answer_within(&mut stream, Duration::from_secs(5))
            .await
            .unwrap();
        assert!(
            answer.starts_with("HTTP/1.1 401") || answer.starts_with("HTTP/1.1 429"),
            "{answer}"
        );
    }
    // The whole class at once, beside all of it: every read answered.
    the_class_is_answered(&class, Duration::from_secs(10)).await;
    // Fresh clients (new connections) of the class too.
    let fresh: Vec<_> = (0..30).map(|_| trainee(&sandbox)).collect();
    the_class_is_answered(&fresh, Duration::from_secs(10)).await;
    drop(idle);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_that_never_come_are_cut_off_and_leave_room_for_the_team() {
    let limits = ConnectionLimits {
        idle: Duration::from_secs(2),
        ..ConnectionLimits::default()
    };
    let sandbox = sandbox(limits).await;
    let post = format!(
        "POST /v3/Activity?PortalId={} HTTP/1.1\r\nHost: 127.0.0.1\r\nOcp-Apim-Subscription-Key: {}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
        sandbox.portal_id, sandbox.key
    );
    let mut slow = Vec::new();
    for _ in 0..limits.per_address {
        let mut stream = connect_from([127, 0, 0, 3], sandbox.addr).await.unwrap();
        stream.write_all(post.as_bytes()).await.unwrap();
        slow.push(stream);
    }
    let took = the_team_is_answered(&sandbox).await;
    assert!(took < Duration::from_secs(2), "answered in {took:?}");
    // A request stuck on its body does not keep its connection past the idle time (and a
    // little grace), nor its slot.
    let started = Instant::now();
    let answer = answer_within(&mut slow[0], Duration::from_secs(20))
        .await
        .expect("the stuck connection is closed");
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
    assert!(started.elapsed() < Duration::from_secs(15));
    drop(slow);
    let took = the_team_is_answered(&sandbox).await;
    assert!(took < Duration::from_secs(2), "answered in {took:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_keys_guessed_from_one_address_are_slowed_and_others_are_not() {
    let sandbox = sandbox(ConnectionLimits::default()).await;
    let guess = |n: usize| {
        format!(
            "GET /v3/Community?PortalId={} HTTP/1.1\r\nHost: 127.0.0.1\r\nOcp-Apim-Subscription-Key: guess-{n}\r\nConnection: close\r\n\r\n",
            sandbox.portal_id
        )
    };
    let ask = |from: [u8; 4], request: String| {
        let addr = sandbox.addr;
        async move {
            let mut stream = connect_from(from, addr).await.unwrap();
            stream.write_all(request.as_bytes()).await.unwrap();
            answer_within(&mut stream, Duration::from_secs(5))
                .await
                .unwrap()
        }
    };
    for n in 0..leasedesk::sandbox::logins::KEY_GUESSES {
        let answer = ask([127, 0, 0, 4], guess(n)).await;
        assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
    }
    let answer = ask([127, 0, 0, 4], guess(999)).await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(answer.to_lowercase().contains("retry-after:"), "{answer}");
    // The team's address is not held back, wrong key or right.
    let answer = ask([127, 0, 0, 1], guess(1000)).await;
    assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
    let took = the_team_is_answered(&sandbox).await;
    assert!(took < Duration::from_secs(2));
}
