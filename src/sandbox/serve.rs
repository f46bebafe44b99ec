//! Serving connections with limits a public-facing server would have: a client must send its
//! request's headers within [`ConnectionLimits::header_read`] (and its body within
//! `http::BODY_READ`), a request gets [`REQUEST_DEADLINE`] in all, a connection with nothing
//! moving for [`ConnectionLimits::idle`] is closed (even with a request stuck on it), and past
//! [`ConnectionLimits::max_connections`], or past [`ConnectionLimits::per_address`] from one
//! address, a new connection gets a 503 with `Retry-After` and is closed. One client's idle or
//! slow sockets can then no longer hold the sandbox for the rest of the team.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tower::ServiceExt;

/// How long clients may take, and how many may be connected at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConnectionLimits {
    pub header_read: Duration,
    pub idle: Duration,
    pub max_connections: usize,
    /// Connections one address may hold at once.
    pub per_address: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_read: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            max_connections: 256,
            per_address: 64,
        }
    }
}

/// How long one request may take in all, its body and its answer included.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(60);
/// How long a connection closing as idle may take to finish a request stuck on it.
const STUCK_GRACE: Duration = Duration::from_secs(5);

const LATE: &str =
    "{\"statusCode\":503,\"message\":\"The request took too long. Try again in 1 seconds.\"}";

/// Connections open per address.
#[derive(Default)]
struct PerAddress(std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>);

impl PerAddress {
    /// Counts one more from `address`, unless it holds `limit` already.
    fn enter(self: &Arc<Self>, address: std::net::IpAddr, limit: usize) -> Option<Seat> {
        let mut open = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let count = open.entry(address).or_default();
        if *count >= limit {
            return None;
        }
        *count += 1;
        Some(Seat {
            table: self.clone(),
            address,
        })
    }
}

/// One connection's place in [`PerAddress`], given back when it ends.
struct Seat {
    table: Arc<PerAddress>,
    address: std::net::IpAddr,
}

impl Drop for Seat {
    fn drop(&mut self) {
        let mut open = self.table.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = open.get_mut(&self.address) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

const BUSY: &str =
    "{\"statusCode\":503,\"message\":\"Too many connections. Try again in 1 seconds.\"}";

/// Serves `app` on `listener` until `stop` changes; then lets requests in flight finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    mut stop: watch::Receiver<bool>,
) {
    let permits = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = Arc::new(PerAddress::default());
    let (closing, _) = watch::channel(false);
    let closing = Arc::new(closing);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file handles and the like: wait a moment rather than spin.
                    tracing::warn!(error = %e, "the sandbox could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stop.changed() => break,
        };
        let Some(seat) = per_address.enter(peer.ip(), limits.per_address) else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let app = app.clone();
        let mut closing = closing.subscribe();
        tokio::spawn(async move {
            let (_permit, _seat) = (permit, seat);
            let last = Arc::new(AtomicU64::new(0));
            let started = Instant::now();
            let io = TokioIo::new(Watched {
                inner: stream,
                last: last.clone(),
                started,
            });
            let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                let answer = app.clone().oneshot(request.map(axum::body::Body::new));
                async move {
                    match tokio::time::timeout(REQUEST_DEADLINE, answer).await {
                        Ok(answer) => answer,
                        Err(_) => Ok(late()),
                    }
                }
            });
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read)
                .serve_connection(io, service);
            tokio::pin!(connection);
            let mut tick = tokio::time::interval(limits.idle.min(Duration::from_secs(1)));
            loop {
                tokio::select! {
                    done = connection.as_mut() => {
                        if let Err(e) = done {
                            tracing::debug!(error = %e, "a sandbox connection ended");
                        }
                        return;
                    }
                    _ = closing.changed() => connection.as_mut().graceful_shutdown(),
                    _ = tick.tick() => {
                        let quiet = started.elapsed().saturating_sub(Duration::from_millis(
                            last.load(Ordering::Relaxed),
                        ));
                        if quiet >= limits.idle + STUCK_GRACE {
                            // A request stuck on it (a body that never comes): dropped.
                            return;
                        }
                        if quiet >= limits.idle {
                            connection.as_mut().graceful_shutdown();
                        }
                    }
                }
            }
        });
    }
    let _ = closing.send(true);
    // Every connection gives its permit back when it ends.
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    let _ = permits.acquire_many(all).await;
}

/// The answer to a request past [`REQUEST_DEADLINE`].
fn late() -> axum::response::Response {
    axum::response::Response::builder()
        .status(503)
        .header("content-type", "application/json")
        .header("retry-after", "1")
        .header("connection", "close")
        .body(axum::body::Body::from(LATE))
        .unwrap_or_default()
}

/// A connection over the cap: a 503 it can read, then closed.
async fn refuse(mut stream: TcpStream) {
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{BUSY}",
        BUSY.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// A socket that notes when bytes last moved (milliseconds since `started`).
struct Watched {
    inner: TcpStream,
    last: Arc<AtomicU64>,
    started: Instant,
}

impl Watched {
    fn touch(&self) {
        let ms = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last.store(ms, Ordering::Relaxed);
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.touch();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        polled
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
