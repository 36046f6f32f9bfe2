//! Several servers on one database: what the other servers tell this one, as PostgreSQL
//! delivers it (`store/postgres/nodes.rs`) — games moved on and chat posted (handed to this
//! server's actor of the game, if it has one in memory: a game nobody here plays or watches
//! is read afresh when asked for), who is connected to a game there
//! (`service/node_presence.rs`), and tokens revoked there (this server's WebSockets opened
//! with them close).

use std::sync::{Arc, Weak};

use super::actor::{Command, Refresh, Told};
use super::forwards;
use super::node_presence::{self, BEAT};
use super::revoked::{Revoked, RevokedTokens};
use super::{Inner, Service};

/// This server's name among the servers on one database (in the games' lease column): random
/// per process, so that a restarted server is a new holder.
pub(super) fn node_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// The notification telling the other servers of a revocation by server `node`:
/// `"!revoked <node> <account> one|others <token id>"` (ids only, never a token).
pub(super) fn revoked_payload(node: &str, revoked: &Revoked) -> String {
    let (which, token) = match &revoked.tokens {
        RevokedTokens::One(id) => ("one", id.as_str()),
        RevokedTokens::AllBut(id) => ("others", id.as_str()),
        RevokedTokens::Unknown => ("unknown", "-"),
    };
    format!("!revoked {node} {} {which} {token}", revoked.account)
}

/// A revocation another server told (`None`: malformed, or told by this server).
fn parse_revoked(parts: &[&str], me: &str) -> Option<Revoked> {
    let [node, account, which, token] = parts else {
        return None;
    };
    if *node == me {
        return None;
    }
    let tokens = match *which {
        "one" => RevokedTokens::One(token.to_string()),
        "others" => RevokedTokens::AllBut(token.to_string()),
        "unknown" => RevokedTokens::Unknown,
        _ => return None,
    };
    Some(Revoked {
        account: account.to_string(),
        tokens,
    })
}

/// Listens for what the other servers tell, if the store is shared, until the service is
/// gone; sends what this server tells them, in order, and says its presence again at every
/// [`BEAT`].
pub(super) fn follow_changes(inner: &Arc<Inner>) {
    let Some(mut changes) = inner.store.changes() else {
        return;
    };
    let (outbox, mut told) = tokio::sync::mpsc::unbounded_channel::<String>();
    inner.node_presence.start(outbox);
    let store = inner.store.clone();
    tokio::spawn(async move {
        while let Some(payload) = told.recv().await {
            if let Err(e) = store.tell(payload).await {
                tracing::warn!(error = ?e, "not told to the other servers; said again at the next beat");
            }
        }
    });
    let weak: Weak<Inner> = Arc::downgrade(inner);
    {
        let weak = weak.clone();
        tokio::spawn(async move {
            let mut beat = tokio::time::interval(BEAT);
            beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                beat.tick().await;
                let Some(inner) = weak.upgrade() else { return };
                let now = inner.clock.now();
                for (game, said) in inner.node_presence.all_local() {
                    inner
                        .node_presence
                        .tell(said.payload(&game, &inner.node, now));
                }
                for (game, node) in inner.node_presence.lapse() {
                    inner.notifier.presence().clear_on(&node, &game);
                    poke(&inner, &game, Refresh::presence()).await;
                }
            }
        });
    }
    tokio::spawn(async move {
        while let Some(payload) = changes.recv().await {
            let Some(inner) = weak.upgrade() else { return };
            heard(inner, &payload).await;
        }
    });
}

/// Handles one notification from the store.
async fn heard(inner: Arc<Inner>, payload: &str) {
    // "<game id> <seq> <node>": a change this server made itself needs nothing ("… a": the
    // change was actions).
    // "<game id> chat <channel> <seq>": a chat message.
    // "<game id> presence <node> …": who is connected there; "<game id> presence? <node>":
    // a server asks who is connected to the game (it just loaded it).
    // "!revoked <node> …": tokens revoked.
    // "!fwd <node> …", "!fwd-re <node> …": an action handed to its game's lease holder, and
    // the answer (`service/forwards.rs`).
    if forwards::heard(&inner, payload) {
        return;
    }
    let parts: Vec<&str> = payload.split(' ').collect();
    let game = parts[0];
    match parts.get(1) {
        Some(&"presence") => {
            let Some((node, presence, looking)) = node_presence::parse(&parts[2..]) else {
                return;
            };
            if node == inner.node {
                return;
            }
            let now = inner.clock.now();
            let notifier = inner.notifier.presence();
            notifier.clear_on(&node, game);
            for (account, secs) in looking {
                notifier.set_on(&node, game, &account, Some(now + secs));
            }
            if inner.node_presence.heard(game, &node, presence) {
                poke(&inner, game, Refresh::presence()).await;
            }
            return;
        }
        Some(&"presence?") => {
            if parts.get(2) != Some(&inner.node.as_str())
                && let Some(said) = inner.node_presence.local(game)
            {
                let now = inner.clock.now();
                inner
                    .node_presence
                    .tell(said.payload(game, &inner.node, now));
            }
            return;
        }
        _ => {}
    }
    if game == "!revoked" {
        if let Some(revoked) = parse_revoked(&parts[1..], &inner.node) {
            Service { inner }.forget_tokens_here(revoked);
        }
        return;
    }
    if game == "*" {
        // Listening again after a lost connection: revocations told meanwhile were missed,
        // so every WebSocket asks the store whether its token still stands.
        Service {
            inner: inner.clone(),
        }
        .forget_tokens_here(Revoked {
            account: String::new(),
            tokens: RevokedTokens::Unknown,
        });
    }
    let chat = match parts.get(1..4) {
        Some(["chat", channel, seq]) => seq.parse().ok().map(|seq: i64| (channel.to_string(), seq)),
        _ => None,
    };
    if chat.is_none() && parts.get(2) == Some(&inner.node.as_str()) {
        return;
    }
    let holder = match chat {
        None => parts.get(2).map(|node| node.to_string()),
        Some(_) => None,
    };
    let moved_to = match parts.get(1..4) {
        Some([seq, _, "a"]) if chat.is_none() => seq.parse().ok(),
        _ => None,
    };
    // "<game id> <seq> <node> a <side> <fingerprint> <action JSON>": the action, told.
    let told = moved_to
        .and_then(|_| payload.splitn(5, ' ').nth(4))
        .and_then(Told::parse);
    poke(
        &inner,
        game,
        Refresh {
            chat,
            presence: false,
            holder,
            moved_to,
            told,
        },
    )
    .await;
}

/// Hands `refresh` to this server's actor of `game` (every actor for `"*"`), if in memory.
async fn poke(inner: &Inner, game: &str, refresh: Refresh) {
    let handles: Vec<_> = {
        let actors = inner.actors.lock().expect("hub lock");
        if game == "*" {
            actors.values().cloned().collect()
        } else {
            actors.get(game).cloned().into_iter().collect()
        }
    };
    for handle in handles {
        // An actor that left meanwhile is read afresh by whoever asks next.
        let _ = handle.tx.send(Command::Refresh(refresh.clone())).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revocation_crosses_servers_as_ids_and_comes_back_as_it_left() {
        for tokens in [
            RevokedTokens::One("t1".into()),
            RevokedTokens::AllBut("t2".into()),
        ] {
            let revoked = Revoked {
                account: "acc".into(),
                tokens,
            };
            let text = revoked_payload("n1", &revoked);
            let parts: Vec<&str> = text.split(' ').collect();
            assert_eq!(parts[0], "!revoked");
            assert_eq!(parse_revoked(&parts[1..], "n2"), Some(revoked.clone()));
            assert_eq!(parse_revoked(&parts[1..], "n1"), None, "its own");
        }
        assert_eq!(parse_revoked(&["n1", "acc", "all", "t"], "n2"), None);
        assert_eq!(parse_revoked(&["n1", "acc"], "n2"), None);
    }
}
