//! The accept loop: every TCP connection counts against its client address's cap (beyond it
//! the connection is closed at once), has `TCP_NODELAY`, and must send its request headers
//! within the header-read timeout; HTTP/1 with upgrades (WebSockets) and a graceful stop.

use axum::Router;
use axum::extract::ConnectInfo;
use axum::serve::Listener;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::{Pin, pin};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;
use tracing::debug;

use crate::gauge::{Gauge, Opened};
use crate::slots::{Slot, Slots, client_net};

/// How connections are let in.
#[derive(Clone, Debug)]
pub struct Edge {
    /// Most connections open at once from one client address (0: no cap).
    pub per_address: usize,
    /// Time a client has to send a request's headers, also the longest an idle keep-alive
    /// connection is kept (`None`: no limit).
    pub header_read_timeout: Option<Duration>,
    /// Counts the connections open (`/metrics`).
    pub open: Gauge,
}

/// Serves `app` on `listener` until `shutdown` completes, then lets the requests in progress
/// finish.
pub async fn serve(
    mut listener: TcpListener,
    app: Router,
    edge: Edge,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let per_address: Slots<IpAddr> = Slots::new(edge.per_address);
    let (stop_tx, stop_rx) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, addr) = tokio::select! {
            accepted = Listener::accept(&mut listener) => accepted,
            () = &mut shutdown => break,
        };
        let Some(slot) = per_address.take(client_net(addr.ip())) else {
            debug!(%addr, "connection closed: too many open from this address");
            continue;
        };
        // Small frames must leave at once: without TCP_NODELAY, Nagle's algorithm and
        // delayed ACKs add tens of milliseconds to every exchange.
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Held {
            _slot: slot,
            _open: edge.open.open(),
            stream,
        });
        let service = TowerToHyperService::new(app.clone().map_request(
            move |mut request: hyper::Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(addr));
                request.map(axum::body::Body::new)
            },
        ));
        let mut stop = stop_rx.clone();
        let header_read_timeout = edge.header_read_timeout;
        tokio::spawn(async move {
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(header_read_timeout);
            let mut conn = pin!(builder.serve_connection(io, service).with_upgrades());
            let result = tokio::select! {
                result = conn.as_mut() => result,
                _ = stop.changed() => {
                    conn.as_mut().graceful_shutdown();
                    conn.await
                }
            };
            if let Err(e) = result {
                debug!(%addr, error = %e, "connection ended");
            }
            drop(stop);
        });
    }
    drop(listener);
    drop(stop_rx);
    let _ = stop_tx.send(());
    // Every connection task holds a receiver until it is done.
    stop_tx.closed().await;
}

/// A connection's socket with its place in its address's allowance: the place is given back
/// when the socket closes, which for a WebSocket is long after its HTTP request ended.
struct Held {
    /// The place it holds (first, so that it is given back before the socket closes).
    _slot: Slot<IpAddr>,
    /// Counted as open while it lives.
    _open: Opened,
    /// The socket.
    stream: TcpStream,
}

impl AsyncRead for Held {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Held {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
