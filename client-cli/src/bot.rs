//! A player that picks legal actions: for solo practice, for tests and for load. It plays
//! over the WebSocket door in patch mode, as a live client would.

use adjutant_protocol::{ClientMessage, ErrorCode, GameStatus, ServerMessage, UpdateMode, patch};
use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};
use serde_json::Value;
use std::time::{Duration, Instant};

use crate::client::ClientError;
use crate::live::Live;

/// How long a bot the server found too fast waits before sending again.
const RATE_LIMITED_PAUSE: Duration = Duration::from_millis(250);

/// Notes a bot writes into free-text fields.
const NOTES: [&str; 4] = [
    "Hold the line until relieved.",
    "Advance at first light; keep the road open.",
    "Send word if the enemy appears in force.",
    "Press them hard.",
];

/// Picks one of the offered actions at random and fills its free-text fields (offered as
/// empty strings) with a short note. `None` if nothing is offered.
pub fn choose(actions: &[Value], rng: &mut impl Rng) -> Option<Value> {
    if actions.is_empty() {
        return None;
    }
    let mut action = actions[rng.random_range(0..actions.len())].clone();
    fill_text(&mut action, NOTES[rng.random_range(0..NOTES.len())]);
    Some(action)
}

/// Puts `text` into every empty string field of an action (its free-text fields).
pub fn fill_text(action: &mut Value, text: &str) {
    if let Value::Object(map) = action {
        for (key, value) in map.iter_mut() {
            if key != "label" && value.as_str() == Some("") {
                *value = Value::String(text.to_string());
            }
        }
    }
}

/// What a bot did.
#[derive(Clone, Debug, Default)]
pub struct BotStats {
    /// Actions accepted.
    pub actions: u64,
    /// Time from sending each accepted action to its `acted` reply.
    pub latencies: Vec<Duration>,
    /// Whether the game reached its end.
    pub finished: bool,
    /// When each accepted action was sent (beside `latencies`).
    pub sent_at: Vec<Instant>,
    /// The sequence number of the last accepted action (0: none).
    pub last_acked: u64,
    /// When the action waiting for its reply was sent, if one is.
    pub in_flight: Option<Instant>,
    /// An action sent on a connection that broke before its reply: the next accepted
    /// action's latency counts from it (the player's wait across the reconnection).
    pub carried: Option<Instant>,
}

/// Plays one seat of one game over `live` until the game ends or `deadline` passes.
/// `seed` makes the bot's choices repeatable.
pub async fn play(
    live: &mut Live,
    game_id: &str,
    seed: u64,
    deadline: Option<Instant>,
) -> Result<BotStats, ClientError> {
    play_watched(live, game_id, seed, deadline, Duration::ZERO, &mut |_| {}).await
}

/// [`play`], pausing about `think` before each action (between half and one and a half times
/// it, at random, so that many paced games do not act in step), as a player reading the board
/// would: the load generator's paced games, many live games at a player's pace.
/// The latency measured is still from sending the action to its `acted` reply.
pub async fn play_paced(
    live: &mut Live,
    game_id: &str,
    seed: u64,
    deadline: Option<Instant>,
    think: Duration,
) -> Result<BotStats, ClientError> {
    play_watched(live, game_id, seed, deadline, think, &mut |_| {}).await
}

/// [`play`], telling `on_action` the game's sequence number after each of the bot's actions
/// is accepted (for a progress bar).
pub async fn play_watched(
    live: &mut Live,
    game_id: &str,
    seed: u64,
    deadline: Option<Instant>,
    think: Duration,
    on_action: &mut (dyn FnMut(u64) + Send),
) -> Result<BotStats, ClientError> {
    let mut stats = BotStats::default();
    play_into(live, game_id, seed, deadline, think, &mut stats, on_action).await?;
    Ok(stats)
}

/// [`play_watched`], adding to `stats` as it goes, so that what was done before a failure is
/// kept: the load generator plays on over a new connection (to another server) after one
/// broke, with the same `stats`.
pub async fn play_into(
    live: &mut Live,
    game_id: &str,
    seed: u64,
    deadline: Option<Instant>,
    think: Duration,
    stats: &mut BotStats,
    on_action: &mut (dyn FnMut(u64) + Send),
) -> Result<(), ClientError> {
    let mut rng = StdRng::seed_from_u64(seed);
    // The pauses' own generator, so pacing leaves the choices as they are.
    let mut pace = StdRng::seed_from_u64(seed ^ 0x9ace);
    stats.in_flight = None;
    live.send(&ClientMessage::Subscribe {
        game_id: game_id.to_string(),
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::Patch,
        id: None,
    })
    .await?;
    let mut view = Value::Null;
    let mut seq = 0u64;
    let mut status = GameStatus::Open;
    let mut sent: Option<Instant> = None;
    // Offered actions the server refused at this sequence number: an action with a typed
    // parameter the bot cannot fill (a written order's destination hex) is refused on
    // arrival, and the bot then chooses among the others.
    let mut refused: Vec<Value> = Vec::new();
    let mut refused_at = u64::MAX;
    let mut last: Option<Value> = None;
    loop {
        if status == GameStatus::Finished {
            stats.finished = true;
            return Ok(());
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(());
        }
        if refused_at != seq {
            refused.clear();
            refused_at = seq;
        }
        if sent.is_none() && view["prompt"].is_string() {
            let actions: Vec<Value> = view["actions"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .filter(|a| !refused.contains(a))
                .collect();
            if actions.is_empty() && !refused.is_empty() {
                return Err(ClientError::Transport(format!(
                    "the server refused every action offered to the bot in game {game_id} at action {seq}"
                )));
            }
            if let Some(i) = (!actions.is_empty()).then(|| rng.random_range(0..actions.len())) {
                if !think.is_zero() {
                    tokio::time::sleep(think.mul_f64(pace.random_range(0.5..1.5))).await;
                }
                last = Some(actions[i].clone());
                let mut action = actions[i].clone();
                fill_text(&mut action, NOTES[rng.random_range(0..NOTES.len())]);
                live.send(&ClientMessage::Act {
                    game_id: game_id.to_string(),
                    seq,
                    action,
                    id: None,
                })
                .await?;
                sent = Some(Instant::now());
                stats.in_flight = sent;
            }
        }
        let quiet = Duration::from_secs(30);
        let wait = deadline.map_or(quiet, |d| {
            d.saturating_duration_since(Instant::now()).min(quiet)
        });
        let frame = match live.next_within(wait).await {
            Some(frame) => frame?,
            None if deadline.is_some_and(|d| Instant::now() >= d) => return Ok(()),
            None => {
                return Err(ClientError::Transport(format!(
                    "the server went quiet in game {game_id} at action {seq} (to act: {}, waiting for a reply: {})",
                    view["to_act"],
                    sent.is_some()
                )));
            }
        };
        if frame_game(&frame).is_some_and(|g| g != game_id) {
            continue;
        }
        match frame {
            ServerMessage::Subscribed {
                view: v,
                seq: s,
                status: st,
                ..
            } => {
                view = v;
                seq = s;
                status = st;
            }
            ServerMessage::Started {
                view: v, seq: s, ..
            } => {
                view = v;
                seq = s;
                status = GameStatus::Active;
            }
            ServerMessage::Update {
                seq: s,
                status: st,
                view: v,
                patch: p,
                ..
            } => {
                if let Some(v) = v {
                    view = v;
                } else if let Some(ops) = p {
                    patch::apply(&mut view, &ops).map_err(|e| {
                        ClientError::Transport(format!("a patch did not apply: {e}"))
                    })?;
                }
                seq = s;
                status = st;
            }
            ServerMessage::Acted { seq: acked, .. } => {
                if let Some(at) = sent.take() {
                    let from = stats.carried.take().map_or(at, |c| c.min(at));
                    stats.in_flight = None;
                    stats.latencies.push(from.elapsed());
                    stats.sent_at.push(from);
                    stats.last_acked = stats.last_acked.max(acked);
                    stats.actions += 1;
                    on_action(seq);
                }
            }
            ServerMessage::Error {
                code: ErrorCode::StaleSeq | ErrorCode::NotYourTurn,
                ..
            } => {
                sent = None;
                stats.in_flight = None;
            }
            // Faster than the server lets one connection send: back off, then choose again
            // (the action was not taken).
            ServerMessage::Error {
                code: ErrorCode::RateLimited,
                ..
            } if sent.is_some() => {
                tokio::time::sleep(RATE_LIMITED_PAUSE).await;
                sent = None;
                stats.in_flight = None;
            }
            ServerMessage::Error {
                code: ErrorCode::IllegalAction,
                ..
            } if sent.is_some() && last.is_some() => {
                refused.extend(last.take());
                sent = None;
                stats.in_flight = None;
            }
            ServerMessage::Error { code, message, .. } => {
                return Err(ClientError::Transport(format!(
                    "the server refused the bot's action: {message} ({code})"
                )));
            }
            _ => {}
        }
    }
}

/// The game a frame is about, if it names one.
pub fn frame_game(frame: &ServerMessage) -> Option<&str> {
    match frame {
        ServerMessage::Subscribed { game_id, .. }
        | ServerMessage::Unsubscribed { game_id, .. }
        | ServerMessage::Update { game_id, .. }
        | ServerMessage::Started { game_id, .. }
        | ServerMessage::Presence { game_id, .. }
        | ServerMessage::Acted { game_id, .. }
        | ServerMessage::Events { game_id, .. } => Some(game_id),
        ServerMessage::Error { game_id, .. } => game_id.as_deref(),
        _ => None,
    }
}
