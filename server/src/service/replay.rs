//! Stepping through a finished game (`replay?at=N`, `turns`) at a bounded cost. A step starts
//! from the nearest stored snapshot at or before it: the first time a long game is stepped
//! through it is replayed once and gets a snapshot about every `--replay-snapshot-every`
//! actions, kept in the store. Recent steps and turn indexes are cached; the CPU work runs on
//! the blocking pool, one replay at a time; and every request names its price (the actions it
//! will replay) to a `charge` callback before doing the work, so the HTTP door can bill it.

use adjutant_engine::{DynMatch, GameKind, Played, Side, Viewer};
use adjutant_protocol::{ApiError, ErrorCode, GameStatus, ReplayStep, TurnIndex, TurnMark};
use hashlink::LruCache;
use serde_json::Value;
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tracing::warn;

use super::{Account, GameMeta, Service, store_error, write_error};
use crate::store::{ActionRow, SnapshotRow, Write};

/// Replay steps kept in memory (a view of the largest scenario is a few hundred KiB).
const STEPS_CACHED: usize = 128;
/// Turn indexes kept in memory (a few hundred bytes each).
const TURNS_CACHED: usize = 256;

/// What stepping through finished games shares.
pub struct Replays {
    /// Recent steps, by game id and sequence number.
    steps: Mutex<LruCache<(String, u64), Arc<ReplayStep>>>,
    /// Turn indexes of finished games (they never change).
    turns: Mutex<LruCache<String, TurnIndex>>,
    /// One replay (or import check) at a time, however many clients ask: they never take
    /// more than one core from the live games.
    cpu: Arc<Semaphore>,
}

impl Default for Replays {
    fn default() -> Self {
        Replays {
            steps: Mutex::new(LruCache::new(STEPS_CACHED)),
            turns: Mutex::new(LruCache::new(TURNS_CACHED)),
            cpu: Arc::new(Semaphore::new(1)),
        }
    }
}

fn rate_limited() -> ApiError {
    ApiError::new(
        ErrorCode::RateLimited,
        "replaying that costs more of your request allowance than you have left; slow down \
         and try again in a moment",
    )
}

fn broken(game: &str, why: impl std::fmt::Display) -> ApiError {
    ApiError::new(
        ErrorCode::Internal,
        format!("game {game} does not replay: {why}"),
    )
}

impl Service {
    /// A finished game's row, for stepping through it.
    async fn finished_meta(
        &self,
        account: Option<&Account>,
        game_id: &str,
        spectate_code: Option<&str>,
    ) -> Result<GameMeta, ApiError> {
        let (meta, _) = self
            .meta_and_viewer(account, game_id, spectate_code)
            .await?;
        if meta.status != GameStatus::Finished {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "a game can be stepped through once it is over",
            ));
        }
        Ok(meta)
    }

    /// A finished game as it stood after action `at`. `charge` is told how many actions the
    /// step will replay (0 for a cached one) and refuses it by answering `false`.
    pub async fn replay(
        &self,
        account: Option<&Account>,
        game_id: &str,
        at: u64,
        spectate_code: Option<&str>,
        charge: impl FnOnce(u64) -> bool + Send,
    ) -> Result<Arc<ReplayStep>, ApiError> {
        let meta = self.finished_meta(account, game_id, spectate_code).await?;
        if at > meta.seq {
            return Err(ApiError::new(
                ErrorCode::BadRequest,
                format!("the game ended at action {}", meta.seq),
            ));
        }
        let key = (meta.id.clone(), at);
        let cached = self
            .replays()
            .steps
            .lock()
            .expect("steps")
            .get(&key)
            .cloned();
        if let Some(step) = cached {
            return Ok(step);
        }
        // Action `at` is replayed (not restored) so that its events come from the rules.
        let from = at.saturating_sub(1);
        let mut start = self.snapshot_before(&meta.id, from).await?;
        let every = self.config().replay_snapshot_every.max(1);
        let gap = from - start.as_ref().map_or(0, |s| s.seq as u64);
        let build = gap >= 2 * every;
        if !charge(if build { meta.seq } else { at - (from - gap) }) {
            return Err(rate_limited());
        }
        if build {
            self.full_pass(&meta, false).await?;
            start = self.snapshot_before(&meta.id, from).await?;
        }
        let step = match self.step(&meta, at, start).await? {
            Ok(step) => step,
            Err(why) => {
                warn!(game = %meta.id, %why, "a stored snapshot does not load; replaying from the set-up");
                self.step(&meta, at, None)
                    .await?
                    .map_err(|why| broken(&meta.id, why))?
            }
        };
        let step = Arc::new(step);
        self.replays()
            .steps
            .lock()
            .expect("steps")
            .insert(key, step.clone());
        Ok(step)
    }

    /// Where each turn (or round) of a finished game starts, for stepping turn by turn.
    /// `charge` is told the price as for [`Service::replay`]: the whole game, counted twice
    /// (every action replayed and a view built after each), unless the index is cached.
    pub async fn turns(
        &self,
        account: Option<&Account>,
        game_id: &str,
        spectate_code: Option<&str>,
        charge: impl FnOnce(u64) -> bool + Send,
    ) -> Result<TurnIndex, ApiError> {
        let meta = self.finished_meta(account, game_id, spectate_code).await?;
        let cached = self
            .replays()
            .turns
            .lock()
            .expect("turns")
            .get(&meta.id)
            .cloned();
        if let Some(index) = cached {
            return Ok(index);
        }
        if !charge(2 * meta.seq) {
            return Err(rate_limited());
        }
        let index = self
            .full_pass(&meta, true)
            .await?
            .expect("a pass asked for the turns gives them");
        self.replays()
            .turns
            .lock()
            .expect("turns")
            .insert(meta.id.clone(), index.clone());
        Ok(index)
    }

    fn replays(&self) -> &Replays {
        &self.inner.replays
    }

    /// Runs CPU work on the blocking pool once the one replay permit is free.
    pub(super) async fn on_replay_cpu<T: Send + 'static>(
        &self,
        work: impl FnOnce(OwnedSemaphorePermit) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let failed = || ApiError::new(ErrorCode::Internal, "the replay failed; try again");
        let permit = self
            .replays()
            .cpu
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| failed())?;
        tokio::task::spawn_blocking(move || work(permit))
            .await
            .map_err(|_| failed())
    }

    async fn snapshot_before(
        &self,
        game_id: &str,
        seq: u64,
    ) -> Result<Option<SnapshotRow>, ApiError> {
        self.inner
            .store
            .snapshot_at_or_before(game_id, seq as i64)
            .await
            .map_err(store_error)
    }

    /// The actions after `after` up to `until`, oldest first.
    async fn rows(
        &self,
        game_id: &str,
        after: u64,
        until: u64,
    ) -> Result<Vec<ActionRow>, ApiError> {
        let mut rows = Vec::with_capacity((until - after) as usize);
        let mut next = after;
        while next < until {
            let batch = self
                .inner
                .store
                .actions_after(game_id, next as i64, (until - next).min(5000) as i64)
                .await
                .map_err(store_error)?;
            let Some(last) = batch.last() else {
                return Err(broken(game_id, "actions are missing"));
            };
            next = last.seq as u64;
            rows.extend(batch);
        }
        Ok(rows)
    }

    /// Builds the step at `at` from `start` (the set-up when `None`); `Ok(Err(_))` when the
    /// snapshot does not load.
    async fn step(
        &self,
        meta: &GameMeta,
        at: u64,
        start: Option<SnapshotRow>,
    ) -> Result<Result<ReplayStep, String>, ApiError> {
        let rows = self
            .rows(&meta.id, start.as_ref().map_or(0, |s| s.seq as u64), at)
            .await?;
        let kind = self.kind(&meta.game)?.clone();
        let meta = meta.clone();
        self.on_replay_cpu(move |_permit| {
            let mut game = match start {
                Some(snapshot) => match restore(kind.as_ref(), &meta, &snapshot) {
                    Ok(game) => game,
                    Err(why) => return Ok(Err(why)),
                },
                None => set_up(kind.as_ref(), &meta)?,
            };
            let mut events = Vec::new();
            for row in &rows {
                events = play_row(game.as_mut(), &meta.id, row)?.events();
            }
            Ok(Ok(ReplayStep {
                game_id: meta.id.clone(),
                seq: at,
                last: meta.seq,
                view: game.view(Viewer::Omniscient),
                events,
            }))
        })
        .await?
    }

    /// Replays a whole finished game once, stores a snapshot about every
    /// `--replay-snapshot-every` actions, and gives its turn index if asked.
    async fn full_pass(
        &self,
        meta: &GameMeta,
        with_turns: bool,
    ) -> Result<Option<TurnIndex>, ApiError> {
        let rows = self.rows(&meta.id, 0, meta.seq).await?;
        let kind = self.kind(&meta.game)?.clone();
        let every = self.config().replay_snapshot_every.max(1);
        let moved = meta.clone();
        let (snapshots, turns) = self
            .on_replay_cpu(move |_permit| pass(kind.as_ref(), &moved, &rows, every, with_turns))
            .await??;
        let write = Write::Checkpoints {
            game_id: meta.id.clone(),
            snapshots,
        };
        if let Err(e) = self.inner.store.write(write).await {
            // Without them the next step replays from further back; it is still right.
            warn!(game = %meta.id, error = ?write_error(e), "replay snapshots not stored");
        }
        Ok(turns)
    }
}

/// What a whole pass gives: the snapshots to store, by sequence number, and the turn index.
type Pass = (Vec<(i64, String)>, Option<TurnIndex>);

/// The pass of [`Service::full_pass`], on the blocking pool.
fn pass(
    kind: &dyn GameKind,
    meta: &GameMeta,
    rows: &[ActionRow],
    every: u64,
    with_turns: bool,
) -> Result<Pass, ApiError> {
    let mut game = set_up(kind, meta)?;
    let mut turns = with_turns.then(|| Turns::new(game.as_ref()));
    let mut snapshots = Vec::new();
    let mut saved = 0;
    // A snapshot holds a state per undoable action: from `every` actions after the last one,
    // take the first point without any, or by `2 × every` the point with the fewest.
    let mut best: Option<(u64, usize, String)> = None;
    for row in rows {
        play_row(game.as_mut(), &meta.id, row)?;
        let seq = game.seq();
        if seq - saved >= every {
            let depth = game.undo_depth();
            if best.as_ref().is_none_or(|(_, fewest, _)| depth < *fewest) {
                best = Some((seq, depth, game.snapshot().to_string()));
            }
            if depth == 0 || seq - saved + 1 >= 2 * every {
                let (at, _, data) = best.take().expect("a point was kept");
                snapshots.push((at as i64, data));
                saved = at;
            }
        }
        if let Some(turns) = turns.as_mut() {
            turns.note(game.as_ref());
        }
    }
    let turns = turns.map(|t| TurnIndex {
        game_id: meta.id.clone(),
        key: t.key,
        last: meta.seq,
        turns: t.marks,
        end: game.tally(),
    });
    Ok((snapshots, turns))
}

/// The view's turn counter `key`: a number (`"turn": 3`), or an object's `number` (`"turn":
/// {"number": 3, "time": "5:00am", ...}`).
fn counter(view: &Value, key: &str) -> Option<i64> {
    view[key].as_i64().or_else(|| view[key]["number"].as_i64())
}

/// A turn index being built, one action at a time.
struct Turns {
    /// The view's turn counter (`turn` or `round`), if it has one.
    key: Option<String>,
    /// The counter after the last action seen.
    last: Option<i64>,
    /// The first action after which each turn is shown.
    marks: Vec<TurnMark>,
}

impl Turns {
    fn new(game: &dyn DynMatch) -> Turns {
        let view = game.view(Viewer::Omniscient);
        let key = ["turn", "round"]
            .into_iter()
            .find(|k| counter(&view, k).is_some())
            .map(str::to_string);
        let last = key.as_deref().and_then(|k| counter(&view, k));
        let marks = key
            .iter()
            .map(|_| TurnMark {
                turn: last.unwrap_or_default(),
                seq: 0,
                tally: game.tally(),
            })
            .collect();
        Turns { key, last, marks }
    }

    fn note(&mut self, game: &dyn DynMatch) {
        let Some(key) = &self.key else { return };
        let turn = counter(&game.view(Viewer::Omniscient), key);
        if let Some(t) = turn.filter(|_| turn != self.last) {
            self.marks.push(TurnMark {
                turn: t,
                seq: game.seq(),
                tally: game.tally(),
            });
            self.last = turn;
        }
    }
}

fn set_up(kind: &dyn GameKind, meta: &GameMeta) -> Result<Box<dyn DynMatch>, ApiError> {
    let setup = meta
        .setup()
        .ok_or_else(|| broken(&meta.id, "a seat has no secret choices"))?;
    kind.start(&setup, &meta.seed)
        .map_err(|e| broken(&meta.id, e))
}

fn restore(
    kind: &dyn GameKind,
    meta: &GameMeta,
    snapshot: &SnapshotRow,
) -> Result<Box<dyn DynMatch>, String> {
    let data: Value = serde_json::from_str(&snapshot.data).map_err(|e| e.to_string())?;
    let game = kind.restore(&data, &meta.seed).map_err(|e| e.to_string())?;
    if game.seq() as i64 != snapshot.seq {
        return Err(format!("snapshot {} is at {}", snapshot.seq, game.seq()));
    }
    Ok(game)
}

fn play_row(game: &mut dyn DynMatch, game_id: &str, row: &ActionRow) -> Result<Played, ApiError> {
    let side = Side::parse(&row.side)
        .ok_or_else(|| broken(game_id, format!("action {} has no side", row.seq)))?;
    let action: Value = serde_json::from_str(&row.action).map_err(|e| broken(game_id, e))?;
    let played = game
        .replay(side, &action)
        .map_err(|e| broken(game_id, format!("action {}: {e}", row.seq)))?;
    if played.seq as i64 != row.seq {
        return Err(broken(
            game_id,
            format!("action {} replays as {}", row.seq, played.seq),
        ));
    }
    Ok(played)
}
