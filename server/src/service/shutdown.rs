//! A clean stop: no new work, WebSockets told to come back, every game actor drained, the
//! store's last writes committed and its WAL folded in.

use adjutant_protocol::{ApiError, ErrorCode};
use tokio::sync::oneshot;
use tracing::info;

use super::Service;
use super::actor::{Command, Stop};

/// The answer to a request that comes while the server stops.
pub(super) fn stopping() -> ApiError {
    ApiError::new(
        ErrorCode::Internal,
        "the server is shutting down; try again in a moment",
    )
}

impl Service {
    /// Whether [`Service::shutdown`] has begun.
    pub fn is_stopping(&self) -> bool {
        *self.inner.stopping.borrow()
    }

    /// A receiver that sees `true` once the server stops (WebSockets close on it).
    pub fn stopping_signal(&self) -> tokio::sync::watch::Receiver<bool> {
        self.inner.stopping.subscribe()
    }

    /// Stops the service: game requests are refused from now on, WebSockets close with
    /// 1001 ("going away") so that clients reconnect to the next server, every actor answers
    /// the commands it already holds and leaves, and the store commits what it was sent.
    /// Nothing acknowledged before is lost either way (every commit is durable first); this
    /// spares the next start a WAL recovery and the players a request that hangs.
    pub async fn shutdown(&self) {
        let actors: Vec<_> = {
            let mut hub = self.inner.actors.lock().expect("hub lock");
            self.inner.stopping.send_replace(true);
            hub.drain().map(|(_, handle)| handle).collect()
        };
        let count = actors.len();
        for handle in actors {
            let (done, stopped) = oneshot::channel();
            if handle.tx.send(Command::Stop(Stop { done })).await.is_ok() {
                let _ = stopped.await;
            }
        }
        self.inner.store.close().await;
        info!(actors = count, "every game drained and the store closed");
    }
}
