//! Several servers on one database: the games other servers moved on, as PostgreSQL tells
//! them (`store/postgres/nodes.rs`), handed to this server's actor of each game if it has
//! one in memory (a game nobody here plays or watches is read afresh when asked for).

use std::sync::{Arc, Weak};

use super::Inner;
use super::actor::{Command, Refresh};

/// This server's name among the servers on one database (in the games' lease column): random
/// per process, so that a restarted server is a new holder.
pub(super) fn node_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// Listens for changed games, if the store is shared, until the service is gone.
pub(super) fn follow_changes(inner: &Arc<Inner>) {
    let Some(mut changes) = inner.store.changes() else {
        return;
    };
    let weak: Weak<Inner> = Arc::downgrade(inner);
    tokio::spawn(async move {
        while let Some(payload) = changes.recv().await {
            let Some(inner) = weak.upgrade() else { return };
            // "<game id> <seq> <node>": a change this server made itself needs nothing.
            // "<game id> chat <channel> <seq>": a chat message.
            let parts: Vec<&str> = payload.split(' ').collect();
            let game = parts[0];
            let chat = match parts.get(1..4) {
                Some(["chat", channel, seq]) => {
                    seq.parse().ok().map(|seq: i64| (channel.to_string(), seq))
                }
                _ => None,
            };
            if chat.is_none() && parts.get(2) == Some(&inner.node.as_str()) {
                continue;
            }
            let handles: Vec<_> = {
                let actors = inner.actors.lock().expect("hub lock");
                if game == "*" {
                    actors.values().cloned().collect()
                } else {
                    actors.get(game).cloned().into_iter().collect()
                }
            };
            drop(inner);
            for handle in handles {
                // An actor that left meanwhile is read afresh by whoever asks next.
                let refresh = Refresh { chat: chat.clone() };
                let _ = handle.tx.send(Command::Refresh(refresh)).await;
            }
        }
    });
}
