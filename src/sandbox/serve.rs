//! Serving connections with limits a public-facing server would have: a client must send its
//! request's headers within [`ConnectionLimits::header_read`], a connection with nothing going
//! on for [`ConnectionLimits::idle`] is closed, and past [`ConnectionLimits::max_connections`]
//! a new connection gets a 503 with `Retry-After` and is closed. A handful of idle sockets can
//! then no longer hold the sandbox's memory and file handles for ever.

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
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_read: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            max_connections: 256,
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
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let app = app.clone();
        let mut closing = closing.subscribe();
        tokio::spawn(async move {
            let _permit = permit;
            let last = Arc::new(AtomicU64::new(0));
            let started = Instant::now();
            let io = TokioIo::new(Watched {
                inner: stream,
                last: last.clone(),
                started,
            });
            let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                app.clone().oneshot(request.map(axum::body::Body::new))
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
