//! Serving connections with limits a public-facing server would have: a client must send its
//! request's headers within [`ConnectionLimits::header_read`] (within
//! [`HEADER_READ_WHEN_BUSY`] once the server is over half full; its body within
//! `http::BODY_READ`), a request gets [`REQUEST_DEADLINE`] in all, and a connection with
//! nothing moving for [`ConnectionLimits::idle`] is closed (even with a request stuck on it).
//! When the server is full, or an address holds its share ([`ConnectionLimits::per_address`]),
//! a new connection closes the oldest quiet one (no request in flight; one that never showed
//! a valid key first) rather than being refused, and a share of the slots
//! ([`ConnectionLimits::keyed_share`]) is only ever held by connections that showed a valid
//! key. Only when every connection it could close has a request in flight does a new one get
//! a 503 with `Retry-After`. So idle or slow sockets, from one address or from the team's own
//! (a classroom behind one NAT), cannot hold the server against the team.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// How long clients may take, and how many may be connected at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConnectionLimits {
    pub header_read: Duration,
    pub idle: Duration,
    pub max_connections: usize,
    /// Connections one address may hold at once.
    pub per_address: usize,
    /// Slots only connections that showed a valid key may hold.
    pub keyed_share: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_read: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            max_connections: 256,
            per_address: 64,
            keyed_share: 64,
        }
    }
}

/// How long one request may take in all, its body and its answer included.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(60);
/// How long a connection closing as idle may take to finish a request stuck on it.
const STUCK_GRACE: Duration = Duration::from_secs(5);

const LATE: &str =
    "{\"statusCode\":503,\"message\":\"The request took too long. Try again in 1 seconds.\"}";

/// How long a connection may take to send its first request's headers once the server is
/// over half full.
pub const HEADER_READ_WHEN_BUSY: Duration = Duration::from_secs(3);

/// What the server knows of one connection while it lasts.
#[derive(Default)]
pub struct ConnectionFlags {
    /// Requests in flight on it.
    busy: AtomicUsize,
    /// A request on it showed a valid subscription key.
    keyed: AtomicBool,
    /// Its first request's headers arrived.
    headers_seen: AtomicBool,
    /// When bytes last moved, in milliseconds since it opened.
    last: AtomicU64,
}

impl ConnectionFlags {
    /// Said by the key check: this connection's request carried a valid key.
    pub fn showed_a_valid_key(&self) {
        self.keyed.store(true, Ordering::Relaxed);
    }
}

struct Entry {
    address: std::net::IpAddr,
    opened: Instant,
    flags: Arc<ConnectionFlags>,
    close: Arc<tokio::sync::Notify>,
}

impl Entry {
    fn quiet_since(&self) -> Instant {
        self.opened + Duration::from_millis(self.flags.last.load(Ordering::Relaxed))
    }
}

/// Every open connection, so a new one can close a quiet one rather than be refused.
#[derive(Default)]
struct Registry {
    open: std::sync::Mutex<std::collections::HashMap<u64, Entry>>,
    next: AtomicU64,
}

/// One connection's place in the [`Registry`], given back when it ends.
struct Ticket {
    registry: Arc<Registry>,
    id: u64,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.registry
            .open
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&self.id);
    }
}

impl Registry {
    fn len(&self) -> usize {
        self.open.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Takes a new connection from `address`, closing a quiet one if the server or the address
    /// is full; `None` when every one it could close is busy.
    fn admit(
        self: &Arc<Self>,
        address: std::net::IpAddr,
        limits: &ConnectionLimits,
    ) -> Option<(Ticket, Arc<ConnectionFlags>, Arc<tokio::sync::Notify>)> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let from_address = open.values().filter(|e| e.address == address).count();
        let unkeyed = open
            .values()
            .filter(|e| !e.flags.keyed.load(Ordering::Relaxed))
            .count();
        let keyed_share = limits.keyed_share.min(limits.max_connections);
        // Which connections a newcomer may close, if it must close one.
        let must: Option<fn(&Entry, std::net::IpAddr) -> bool> =
            if from_address >= limits.per_address {
                Some(|e, address| e.address == address)
            } else if open.len() >= limits.max_connections {
                Some(|_, _| true)
            } else if unkeyed >= limits.max_connections - keyed_share {
                // The keyed share is kept: a newcomer (not keyed yet) takes an unkeyed one's place.
                Some(|e, _| !e.flags.keyed.load(Ordering::Relaxed))
            } else {
                None
            };
        if let Some(may_close) = must {
            let victim = open
                .iter()
                .filter(|(_, e)| may_close(e, address) && e.flags.busy.load(Ordering::Relaxed) == 0)
                // Never keyed first, then the longest quiet.
                .min_by_key(|(_, e)| (e.flags.keyed.load(Ordering::Relaxed), e.quiet_since()))
                .map(|(id, _)| *id)?;
            if let Some(closed) = open.remove(&victim) {
                closed.close.notify_one();
            }
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let flags = Arc::new(ConnectionFlags::default());
        let close = Arc::new(tokio::sync::Notify::new());
        open.insert(
            id,
            Entry {
                address,
                opened: Instant::now(),
                flags: flags.clone(),
                close: close.clone(),
            },
        );
        Some((
            Ticket {
                registry: self.clone(),
                id,
            },
            flags,
            close,
        ))
    }
}

/// Counts a request in flight on its connection while it lives.
struct InFlight(Arc<ConnectionFlags>);

impl InFlight {
    fn start(flags: &Arc<ConnectionFlags>) -> InFlight {
        flags.busy.fetch_add(1, Ordering::Relaxed);
        flags.headers_seen.store(true, Ordering::Relaxed);
        InFlight(flags.clone())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::Relaxed);
    }
}

const BUSY: &str =
    "{\"statusCode\":503,\"message\":\"Too many connections. Try again in 1 seconds.\"}";

/// Serves `app` on `listener` until `stop` changes; then lets requests in flight finish.
/// Binds `addr` and serves `app` in the background (paths folded as the service reads them,
/// answers gzipped for a client that asks, as a service behind API Management does when its
/// backend compresses) until the returned sender is used or dropped.
pub(crate) async fn bind_and_spawn(
    addr: std::net::SocketAddr,
    app: Router,
    limits: ConnectionLimits,
    tls: Option<tokio_rustls::TlsAcceptor>,
) -> std::io::Result<(
    std::net::SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
)> {
    use tower::Layer;
    let listener = TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    let app = tower::util::MapRequestLayer::new(crate::http::fold_path).layer(app);
    // Answers are gzipped as the hosted service's are; at the fastest level, as the sandbox
    // serves a whole team (and every app test) from one process, and the bytes stay on loopback.
    let app = tower_http::compression::CompressionLayer::new()
        .gzip(true)
        .quality(tower_http::CompressionLevel::Fastest)
        .layer(app);
    let (shutdown, stopped) = tokio::sync::oneshot::channel::<()>();
    let (stop, stopping) = watch::channel(false);
    let task = tokio::spawn(async move {
        tokio::spawn(async move {
            let _ = stopped.await;
            let _ = stop.send(true);
        });
        serve(
            listener,
            Router::new().fallback_service(app),
            limits,
            tls,
            stopping,
        )
        .await;
    });
    Ok((bound, shutdown, task))
}

pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    tls: Option<tokio_rustls::TlsAcceptor>,
    mut stop: watch::Receiver<bool>,
) {
    let registry = Arc::new(Registry::default());
    let live = Arc::new(AtomicUsize::new(0));
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
        let Some((ticket, flags, close)) = registry.admit(peer.ip(), &limits) else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let app = app.clone();
        let closing = closing.subscribe();
        let (registry, live) = (registry.clone(), live.clone());
        live.fetch_add(1, Ordering::SeqCst);
        let tls = tls.clone();
        tokio::spawn(async move {
            let _ticket = ticket;
            let _live = Live(live);
            let started = Instant::now();
            let watched = Watched {
                inner: stream,
                flags: flags.clone(),
                started,
            };
            let one = One {
                app,
                peer,
                flags,
                started,
                limits,
                closing,
                close,
                registry,
            };
            match tls {
                None => one.drive(watched).await,
                // The handshake has the time a request's headers have: a client that opens a
                // connection and says nothing holds no slot longer over TLS.
                Some(acceptor) => {
                    match tokio::time::timeout(limits.header_read, acceptor.accept(watched)).await {
                        Ok(Ok(stream)) => one.drive(stream).await,
                        Ok(Err(e)) => tracing::debug!(error = %e, "a TLS handshake failed"),
                        Err(_) => tracing::debug!("a TLS handshake took too long"),
                    }
                }
            }
        });
    }
    let _ = closing.send(true);
    // Every connection ends (gracefully) before the server says it stopped.
    while live.load(Ordering::SeqCst) > 0 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// One admitted connection, served until it ends, idles out or is closed to make room.
struct One {
    app: Router,
    peer: std::net::SocketAddr,
    flags: Arc<ConnectionFlags>,
    started: Instant,
    limits: ConnectionLimits,
    closing: watch::Receiver<bool>,
    close: Arc<tokio::sync::Notify>,
    registry: Arc<Registry>,
}

impl One {
    async fn drive<S>(self, stream: S)
    where
        S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let One {
            app,
            peer,
            flags,
            started,
            limits,
            mut closing,
            close,
            registry,
        } = self;
        let io = TokioIo::new(stream);
        let on_connection = flags.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
            let in_flight = InFlight::start(&on_connection);
            request.extensions_mut().insert(ConnectInfo(peer));
            request.extensions_mut().insert(on_connection.clone());
            let answer = app.clone().oneshot(request.map(axum::body::Body::new));
            async move {
                let _in_flight = in_flight;
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
        let mut tick = tokio::time::interval(
            limits
                .idle
                .min(HEADER_READ_WHEN_BUSY)
                .min(Duration::from_secs(1)),
        );
        loop {
            tokio::select! {
                done = connection.as_mut() => {
                    if let Err(e) = done {
                        tracing::debug!(error = %e, "a sandbox connection ended");
                    }
                    return;
                }
                _ = closing.changed() => connection.as_mut().graceful_shutdown(),
                // Closed to make room: it had nothing in flight (and finishes what came since).
                _ = close.notified() => connection.as_mut().graceful_shutdown(),
                _ = tick.tick() => {
                    let quiet = started.elapsed().saturating_sub(Duration::from_millis(
                        flags.last.load(Ordering::Relaxed),
                    ));
                    if quiet >= limits.idle + STUCK_GRACE {
                        // A request stuck on it (a body that never comes): dropped.
                        return;
                    }
                    if quiet >= limits.idle {
                        connection.as_mut().graceful_shutdown();
                    }
                    let silent = !flags.headers_seen.load(Ordering::Relaxed)
                        && started.elapsed() >= HEADER_READ_WHEN_BUSY;
                    if silent && registry.len() > limits.max_connections / 2 {
                        // Room is short: a connection that said nothing yet goes.
                        return;
                    }
                }
            }
        }
    }
}

/// Counts a connection's task while it lives.
struct Live(Arc<AtomicUsize>);

impl Drop for Live {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
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
    /// Bytes moving on the socket, under TLS when there is any.
    inner: TcpStream,
    flags: Arc<ConnectionFlags>,
    started: Instant,
}

impl Watched {
    fn touch(&self) {
        let ms = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.flags.last.store(ms, Ordering::Relaxed);
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

/// A TLS acceptor from PEM files: the certificate chain (the server's first) and its private key.
pub fn tls_from_files(
    certificate: &std::path::Path,
    key: &std::path::Path,
) -> Result<tokio_rustls::TlsAcceptor, String> {
    use tokio_rustls::rustls::pki_types::pem::PemObject;
    use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let read = |path: &std::path::Path| {
        std::fs::read(path).map_err(|e| format!("{} could not be read: {e}", path.display()))
    };
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&read(certificate)?)
        .collect::<Result<_, _>>()
        .map_err(|e| {
            format!(
                "{} is not a PEM certificate chain: {e}",
                certificate.display()
            )
        })?;
    if chain.is_empty() {
        return Err(format!("{} holds no certificate", certificate.display()));
    }
    let key = PrivateKeyDer::from_pem_slice(&read(key)?)
        .map_err(|e| format!("{} is not a PEM private key: {e}", key.display()))?;
    let config = tokio_rustls::rustls::ServerConfig::builder()
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(|e| format!("the certificate and key do not make a TLS server: {e}"))?;
    Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
}
