//! The game record: set-up, seed commitment, every action with its rolls and events. A
//! finished record carries the seed, so [`verify`] can replay the game and check every roll.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;

use crate::dice::Seed;
use crate::dynamic::{DynMatch, Registry};
use crate::rules::Outcome;
use crate::setup::Setup;
use crate::side::{PerSide, Side};

/// The format tag written into every record.
pub const RECORD_FORMAT: &str = "adjutant-record/1";

/// A game record, complete once the game is over, redacted for its reader before.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// The server's id of the game, where it has one.
    #[serde(default)]
    pub game_id: Option<String>,
    /// Game id (`mississippi-fortress`).
    pub game: String,
    /// Scenario id.
    pub scenario: String,
    /// Public options, complete.
    pub options: Map<String, Value>,
    /// Each side's secret choices; `null` where the reader may not see them yet.
    pub secret_choices: PerSide<Option<Map<String, Value>>>,
    /// SHA-256 of the seed, public from the start.
    pub seed_commitment: String,
    /// The seed, published once the game is over.
    pub seed: Option<String>,
    /// The players' account names.
    pub players: PerSide<Option<String>>,
    /// Every action, in order.
    pub actions: Vec<RecordedAction>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// The correspondence clock as the server that played the game had it last (its
    /// settings, each side's bank, pause and bot seats: the server's wire form), where the
    /// game had one. Not part of the game: a verifier ignores it; an import keeps it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Value>,
}

/// One action of a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedAction {
    /// Its sequence number (1, 2, ...).
    pub seq: u64,
    /// Who acted.
    pub side: Side,
    /// The action; `null` where the reader may not see it yet.
    pub action: Option<Value>,
    /// The dice it rolled; `null` where the reader may not see them yet.
    pub rolls: Option<Vec<u32>>,
    /// Its events, as the reader may see them.
    pub events: Vec<Value>,
    /// When it was played (Unix seconds), where the server that played it says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<i64>,
    /// The server's bot played it for a player whose time ran out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_bot: bool,
}

/// Why a record did not verify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// Not a record this version reads.
    Format(String),
    /// The seed is not published (the game is not over) or is not 64 hex digits.
    NoSeed,
    /// The seed does not hash to the commitment.
    Commitment { expected: String, actual: String },
    /// The game or scenario is unknown, or the set-up is refused.
    Setup(String),
    /// A recorded action is hidden, out of order, or not legal when replayed.
    Action { seq: u64, why: String },
    /// A recorded roll differs from the one the seed gives.
    Roll {
        seq: u64,
        recorded: Vec<u32>,
        replayed: Vec<u32>,
    },
    /// A recorded event differs from the replay.
    Events { seq: u64 },
    /// The recorded result differs from the replay's.
    Outcome {
        recorded: Option<Outcome>,
        replayed: Option<Outcome>,
    },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Format(why) => write!(f, "not a game record: {why}"),
            VerifyError::NoSeed => {
                f.write_str("the record has no seed: only a finished game's record can be verified")
            }
            VerifyError::Commitment { expected, actual } => write!(
                f,
                "the seed does not match its commitment (commitment {expected}, seed hashes to {actual})"
            ),
            VerifyError::Setup(why) => write!(f, "the game cannot be set up again: {why}"),
            VerifyError::Action { seq, why } => write!(f, "action {seq} does not replay: {why}"),
            VerifyError::Roll {
                seq,
                recorded,
                replayed,
            } => write!(
                f,
                "action {seq} records the rolls {recorded:?} but the seed gives {replayed:?}"
            ),
            VerifyError::Events { seq } => {
                write!(
                    f,
                    "the events recorded for action {seq} differ from the replay"
                )
            }
            VerifyError::Outcome { recorded, replayed } => write!(
                f,
                "the record's result ({}) differs from the replay's ({})",
                summary(recorded),
                summary(replayed)
            ),
        }
    }
}

fn summary(outcome: &Option<Outcome>) -> &str {
    outcome.as_ref().map_or("none", |o| o.summary.as_str())
}

impl std::error::Error for VerifyError {}

/// What a successful verification checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Actions replayed.
    pub actions: u64,
    /// Rolls checked.
    pub rolls: u64,
    /// The result.
    pub outcome: Option<Outcome>,
}

/// Replays a complete record (seed and every action visible) and returns the match.
pub fn replay(registry: &Registry, record: &Record) -> Result<Box<dyn DynMatch>, VerifyError> {
    replay_checked(registry, record).map(|replayed| replayed.game)
}

/// Checks a finished record: the seed against its commitment, every action against the
/// rules, every roll and event against the replay, and the result.
pub fn verify(registry: &Registry, record: &Record) -> Result<Verified, VerifyError> {
    verify_canonical(registry, record).map(|(verified, _)| verified)
}

/// Checks a finished record as [`verify`] does and returns it in canonical form: each action
/// as the rules parsed it, serialised again (a field the rules do not know, or a `label`, is
/// dropped), so that what is stored holds nothing the game did not read.
pub fn verify_canonical(
    registry: &Registry,
    record: &Record,
) -> Result<(Verified, Record), VerifyError> {
    let replayed = replay_checked(registry, record)?;
    let outcome = replayed.game.outcome();
    if outcome != record.outcome {
        return Err(VerifyError::Outcome {
            recorded: record.outcome.clone(),
            replayed: outcome,
        });
    }
    let mut canonical = record.clone();
    for (entry, action) in canonical.actions.iter_mut().zip(replayed.actions) {
        entry.action = Some(action);
    }
    let verified = Verified {
        actions: replayed.game.seq(),
        rolls: replayed.rolls,
        outcome,
    };
    Ok((verified, canonical))
}

/// A record replayed: the match at its end, the rolls checked and each action as recorded by
/// the match (canonical form).
struct Replayed {
    game: Box<dyn DynMatch>,
    rolls: u64,
    actions: Vec<Value>,
}

fn replay_checked(registry: &Registry, record: &Record) -> Result<Replayed, VerifyError> {
    if record.format != RECORD_FORMAT {
        return Err(VerifyError::Format(format!(
            "format {:?}, expected {RECORD_FORMAT:?}",
            record.format
        )));
    }
    let seed = record
        .seed
        .as_deref()
        .and_then(Seed::from_hex)
        .ok_or(VerifyError::NoSeed)?;
    if seed.commitment() != record.seed_commitment {
        return Err(VerifyError::Commitment {
            expected: record.seed_commitment.clone(),
            actual: seed.commitment(),
        });
    }
    let game = registry.get(&record.game).ok_or_else(|| {
        VerifyError::Setup(format!(
            "this program does not know the game {:?}",
            record.game
        ))
    })?;
    let secret = |side: Side| {
        record.secret_choices.get(side).clone().ok_or_else(|| {
            VerifyError::Setup(format!(
                "the {side} player's secret choices are not in the record"
            ))
        })
    };
    let setup = Setup {
        scenario: record.scenario.clone(),
        options: record.options.clone(),
        secret_choices: PerSide {
            union: secret(Side::Union)?,
            confederate: secret(Side::Confederate)?,
        },
    };
    let mut replayed = game
        .start(&setup, &seed)
        .map_err(|e| VerifyError::Setup(e.to_string()))?;
    let mut rolls = 0u64;
    let mut actions = Vec::with_capacity(record.actions.len());
    for entry in &record.actions {
        let action = entry.action.as_ref().ok_or_else(|| VerifyError::Action {
            seq: entry.seq,
            why: "the action is hidden".to_string(),
        })?;
        let played = replayed
            .replay(entry.side, action)
            .map_err(|e| VerifyError::Action {
                seq: entry.seq,
                why: e.to_string(),
            })?;
        if played.seq != entry.seq {
            return Err(VerifyError::Action {
                seq: entry.seq,
                why: format!("it replays as action {}", played.seq),
            });
        }
        let recorded = entry.rolls.as_ref().ok_or_else(|| VerifyError::Action {
            seq: entry.seq,
            why: "its rolls are hidden".to_string(),
        })?;
        if *recorded != played.rolls {
            return Err(VerifyError::Roll {
                seq: entry.seq,
                recorded: recorded.clone(),
                replayed: played.rolls,
            });
        }
        if entry.events != played.events() {
            return Err(VerifyError::Events { seq: entry.seq });
        }
        rolls += played.rolls.len() as u64;
        actions.push(played.action());
    }
    Ok(Replayed {
        game: replayed,
        rolls,
        actions,
    })
}
