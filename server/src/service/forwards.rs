//! Several servers on one database: a player's action is played by the server that holds the
//! game's lease while that server lives (one writer per game), not by whichever server the
//! player's connection reached. The asking server hands the action over on the store's
//! notification channel (`!fwd <holder> <json>`), the holder's actor plays and commits it, and
//! answers (`!fwd-re <asker> <json>`); the asker then follows the commit as it follows any
//! other server's, and tells its player. Without an answer within [`LOOK_AFTER`] the asker
//! asks the database whether the holder still has a connection (a killed server's sessions
//! end with its sockets); a holder gone, or silent for [`PATIENCE`], is taken for gone: the
//! asker takes the lease itself (as every write did before forwarding), and sends nothing to
//! that server for [`SILENT_FOR`].
//!
//! Why forwarding: with a game's two players on two servers, taking the lease for every write
//! moved it on every action, and both servers wrote at once whenever both players acted at the
//! same sequence number (simultaneous orders): one write refused, a reload, a choice made again
//! (`docs/operations.md`, "Several servers").

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::time::Instant;
use tracing::{debug, warn};

use super::actor::{Answer, Command, ForwardedAct, Outcome, Reply};
use super::{Account, Inner};

/// How long an asking server waits for the holder's answer before asking the database
/// whether the holder still lives (again at most this often per holder, while it waits).
pub const LOOK_AFTER: Duration = Duration::from_millis(40);

/// The longest an asking server waits for a holder that lives: well above a busy holder's
/// answer (hundreds of milliseconds on an overloaded machine), as a holder taken for gone
/// while alive costs a refused write and a reload (the fence keeps the game right either way).
pub const PATIENCE: Duration = Duration::from_secs(2);

/// How long a holder that did not answer gets nothing forwarded (its games' leases are taken
/// over by the servers their players use).
const SILENT_FOR: Duration = Duration::from_secs(10);

/// The longest payload a notification carries (PostgreSQL's limit is 8,000 bytes); a longer
/// action (a long order text) is played by taking the lease instead.
const MAX_PAYLOAD: usize = 7_900;

/// An action handed to the game's lease holder.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Forwarded {
    /// The asking server, where the answer goes.
    pub from: String,
    /// The asking server's number for this request.
    pub req: u64,
    pub game: String,
    /// The acting player's account id and name (checked by the asking server's token).
    pub account: String,
    pub name: String,
    /// The sequence number the player chose at.
    pub seq: u64,
    pub action: Value,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Answered {
    req: u64,
    outcome: Outcome,
}

/// The forwarded actions this server waits on, the holders it stopped asking, and what it
/// last learnt of their lives.
#[derive(Default)]
pub struct Forwards {
    next: AtomicU64,
    waiting: Mutex<HashMap<u64, oneshot::Sender<Outcome>>>,
    silent: Mutex<HashMap<String, Instant>>,
    /// Whether each holder waited on had a connection to the database, and when that was
    /// asked.
    looked: Mutex<HashMap<String, (Instant, bool)>>,
}

impl Forwards {
    /// Whether actions may be handed to `holder` (it answered lately, or was never asked).
    pub fn may_ask(&self, holder: &str) -> bool {
        let mut silent = self.silent.lock().expect("forwards lock");
        match silent.get(holder) {
            Some(until) if *until > Instant::now() => false,
            Some(_) => {
                silent.remove(holder);
                true
            }
            None => true,
        }
    }

    /// Hands `account`'s action in `game` to `holder` and waits for its answer; `None` when
    /// the asker must write it itself (the holder did not answer, or the action is too long
    /// to hand over).
    pub async fn ask(
        &self,
        inner: &Inner,
        holder: &str,
        game: &str,
        account: &Account,
        seq: u64,
        action: &Value,
    ) -> Option<Outcome> {
        let req = self.next.fetch_add(1, Ordering::Relaxed);
        let forwarded = Forwarded {
            from: inner.node.clone(),
            req,
            game: game.to_string(),
            account: account.id.clone(),
            name: account.name.clone(),
            seq,
            action: action.clone(),
        };
        let payload = format!(
            "!fwd {holder} {}",
            serde_json::to_string(&forwarded).expect("forwarded actions serialise")
        );
        if payload.len() > MAX_PAYLOAD {
            return None;
        }
        let (tx, mut rx) = oneshot::channel();
        self.waiting.lock().expect("forwards lock").insert(req, tx);
        let told = inner.store.tell(payload).await;
        let mut outcome = None;
        let mut gone = false;
        if told.is_ok() {
            let given_up = Instant::now() + PATIENCE;
            loop {
                let wait = LOOK_AFTER.min(given_up.saturating_duration_since(Instant::now()));
                match tokio::time::timeout(wait, &mut rx).await {
                    Ok(answer) => {
                        outcome = answer.ok();
                        break;
                    }
                    Err(_) if Instant::now() >= given_up => break,
                    Err(_) if !self.lives(inner, holder).await => {
                        gone = true;
                        break;
                    }
                    Err(_) => {}
                }
            }
        }
        self.waiting.lock().expect("forwards lock").remove(&req);
        if outcome.is_none() && told.is_ok() {
            match gone {
                true => warn!(%game, %holder, "the game's lease holder is gone: taking the lease"),
                false => {
                    warn!(%game, %holder, "the game's lease holder did not answer: taking the lease")
                }
            }
            self.silent
                .lock()
                .expect("forwards lock")
                .insert(holder.to_string(), Instant::now() + SILENT_FOR);
        }
        outcome
    }

    /// Whether `holder` still has a connection to the database, as last asked (at most once
    /// per [`LOOK_AFTER`] per holder, whoever waits on it); a store that does not answer is
    /// taken to mean the holder lives (the wait then ends at [`PATIENCE`]).
    async fn lives(&self, inner: &Inner, holder: &str) -> bool {
        let known = self
            .looked
            .lock()
            .expect("forwards lock")
            .get(holder)
            .copied();
        if let Some((at, alive)) = known
            && at + LOOK_AFTER > Instant::now()
        {
            return alive;
        }
        let alive = inner.store.node_alive(holder).await.unwrap_or(true);
        self.looked
            .lock()
            .expect("forwards lock")
            .insert(holder.to_string(), (Instant::now(), alive));
        alive
    }

    /// An answer to one of this server's forwarded actions (`json` of `!fwd-re <me> <json>`).
    fn answered(&self, json: &str) {
        let Ok(answered) = serde_json::from_str::<Answered>(json) else {
            warn!(%json, "a malformed answer to a forwarded action");
            return;
        };
        let waiting = self
            .waiting
            .lock()
            .expect("forwards lock")
            .remove(&answered.req);
        // Nobody waits when the asker gave up meanwhile.
        if let Some(tx) = waiting {
            let _ = tx.send(answered.outcome);
        }
    }
}

/// Handles a notification about forwarding, if `payload` is one addressed to this server:
/// an action to play (as the holder) or an answer (as the asker). Whether it was one.
pub fn heard(inner: &Arc<Inner>, payload: &str) -> bool {
    let mut parts = payload.splitn(3, ' ');
    let (Some(kind), Some(to), Some(json)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    match kind {
        "!fwd" if to == inner.node => {
            match serde_json::from_str::<Forwarded>(json) {
                Ok(forwarded) => {
                    tokio::spawn(play_forwarded(inner.clone(), forwarded));
                }
                Err(e) => warn!(error = %e, "a malformed forwarded action"),
            }
            true
        }
        "!fwd-re" if to == inner.node => {
            inner.forwards.answered(json);
            true
        }
        "!fwd" | "!fwd-re" => true,
        _ => false,
    }
}

/// Plays a forwarded action on this server's actor of the game, if it has one, and answers.
async fn play_forwarded(inner: Arc<Inner>, forwarded: Forwarded) {
    let handle = inner
        .actors
        .lock()
        .expect("hub lock")
        .get(&forwarded.game)
        .cloned();
    let outcome = match handle {
        None => Outcome::NotHere,
        Some(handle) => {
            let (reply, answer) = Reply::channel();
            let act = ForwardedAct {
                account: Account {
                    id: forwarded.account,
                    name: forwarded.name,
                    token_id: String::new(),
                },
                seq: forwarded.seq,
                action: forwarded.action,
                reply,
            };
            if handle.tx.send(Command::Forwarded(act)).await.is_err() {
                Outcome::NotHere
            } else {
                match answer.await {
                    Ok(Answer::Done(Ok(Some((seq, events))))) => Outcome::Played { seq, events },
                    Ok(Answer::Done(Ok(None))) | Ok(Answer::Retry) | Err(_) => Outcome::NotHere,
                    Ok(Answer::Done(Err(e))) => Outcome::Refused(e),
                }
            }
        }
    };
    debug!(game = %forwarded.game, ?outcome, "answering a forwarded action");
    let answered = Answered {
        req: forwarded.req,
        outcome,
    };
    let payload = format!(
        "!fwd-re {} {}",
        forwarded.from,
        serde_json::to_string(&answered).expect("answers serialise")
    );
    if let Err(e) = inner.store.tell(payload).await {
        warn!(error = ?e, "the answer to a forwarded action was not told; its asker takes the lease");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use adjutant_protocol::{ApiError, ErrorCode};

    #[test]
    fn a_forwarded_action_and_its_answers_cross_as_they_left() {
        let forwarded = Forwarded {
            from: "n1".into(),
            req: 7,
            game: "g".into(),
            account: "acc".into(),
            name: "Ann Lee".into(),
            seq: 12,
            action: serde_json::json!({"order": "hold the ford", "to": [1, 2]}),
        };
        let text = serde_json::to_string(&forwarded).unwrap();
        assert_eq!(serde_json::from_str::<Forwarded>(&text).unwrap(), forwarded);
        for outcome in [
            Outcome::Played { seq: 13, events: 7 },
            Outcome::NotHere,
            Outcome::Refused(ApiError::new(ErrorCode::StaleSeq, "the game has moved on")),
        ] {
            let answered = Answered { req: 7, outcome };
            let text = serde_json::to_string(&answered).unwrap();
            assert_eq!(serde_json::from_str::<Answered>(&text).unwrap(), answered);
        }
    }

    #[test]
    fn an_answer_reaches_the_one_waiting_and_a_late_one_nobody() {
        let forwards = Forwards::default();
        let (tx, mut rx) = oneshot::channel();
        forwards.waiting.lock().unwrap().insert(3, tx);
        forwards.answered(r#"{"req":4,"outcome":"not_here"}"#);
        assert!(rx.try_recv().is_err(), "another request's answer");
        forwards.answered(r#"{"req":3,"outcome":{"played":{"seq":9,"events":1}}}"#);
        assert_eq!(
            rx.try_recv().unwrap(),
            Outcome::Played { seq: 9, events: 1 }
        );
        assert!(forwards.waiting.lock().unwrap().is_empty());
        forwards.answered("not json");
    }

    #[test]
    fn a_silent_holder_is_asked_again_only_after_a_while() {
        let forwards = Forwards::default();
        assert!(forwards.may_ask("n2"));
        let silence = |until| forwards.silent.lock().unwrap().insert("n2".into(), until);
        silence(Instant::now() + SILENT_FOR);
        assert!(!forwards.may_ask("n2"));
        assert!(forwards.may_ask("n3"), "only the silent one");
        // Its silence over.
        silence(Instant::now());
        assert!(forwards.may_ask("n2"));
        assert!(forwards.silent.lock().unwrap().is_empty(), "and forgotten");
    }
}
