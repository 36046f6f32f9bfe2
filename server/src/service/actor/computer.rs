//! The computer's seat. Whenever the seat the computer holds is offered actions (the game
//! loaded or started, any action committed, an undo included), the actor takes the seat's
//! view and offered actions — exactly what a client of that seat would receive — and asks the
//! game's opponent for a choice on tokio's blocking pool, so that this game's other requests
//! and every other game go on meanwhile. The choice comes back as a command
//! ([`ComputerMove`]) and is played through the same path as a client's action: checked
//! against the sequence number it was chosen at, committed before anyone is told.
//!
//! The same opponent plays a seat the clock gave to the server's bot (a side that ran out of
//! time in a game created with `on_timeout: "bot"`: its player has left), at the opponent's
//! default level, until the owner takes the seat back; its actions are flagged as the bot's.
//! A game whose kind has no opponent keeps the plain bot (`correspondence.rs`).
//!
//! Cancellation: one decision is in flight at a time, for one sequence number ([`Thinking`]).
//! When the position changes (the human acts, undoes, resigns) or the actor leaves (the
//! server stops, the game retires or faults) the [`Thinking`] is dropped, which marks its
//! decision cancelled: its answer is then never sent, and were it sent, the sequence check
//! refuses it. A new decision is asked for the new position.

use super::*;
use adjutant_engine::{Turn, opponent_seed};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use tracing::debug;

use super::cmd::ComputerMove;

/// A decision being made off the actor for the position at `seq`. Dropping it cancels it.
pub(super) struct Thinking {
    seq: u64,
    /// The seat it decides for: the computer's own, or a timed-out player's.
    side: Side,
    cancelled: Arc<AtomicBool>,
}

/// A seat the computer must play now.
struct Seat {
    side: Side,
    level: String,
    /// Whether it plays for the server's bot (a timed-out player's seat).
    by_bot: bool,
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.cancelled.store(true, Ordering::SeqCst);
    }
}

impl Actor {
    /// Asks the computer for its move if it holds a seat that must act now and is not
    /// already thinking about this very position; cancels a decision about an older one.
    pub(super) fn think(&mut self) {
        let Some(seat) = self.seat_to_play() else {
            self.thinking = None;
            return;
        };
        let side = seat.side;
        if !self.mine_to_think(side) {
            self.thinking = None;
            return;
        }
        if self
            .thinking
            .as_ref()
            .is_some_and(|t| t.seq == self.meta.seq && t.side == side)
        {
            return;
        }
        self.thinking = None;
        let Some(opponent) = self.inner.registry.opponent(&self.meta.game).cloned() else {
            warn!(game = %self.meta.id, "this server has no computer opponent for the game; its seat waits");
            return;
        };
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let view = game.view(Viewer::Seat(side));
        let offered: Vec<Value> = view["actions"].as_array().cloned().unwrap_or_default();
        if offered.is_empty() {
            return;
        }
        let seq = self.meta.seq;
        let seed = opponent_seed(&self.meta.seed, seq);
        crate::service::metrics::Counters::add(&self.inner.counters.computer_decisions, 1);
        let cancelled = Arc::new(AtomicBool::new(false));
        self.thinking = Some(Thinking {
            seq,
            side,
            cancelled: cancelled.clone(),
        });
        let by_bot = seat.by_bot;
        let me = self.me.clone();
        let game_id = self.meta.id.clone();
        tokio::spawn(async move {
            let started = Instant::now();
            let level = seat.level;
            let decided = tokio::task::spawn_blocking(move || {
                let turn = Turn {
                    side,
                    seq,
                    view: &view,
                    offered: &offered,
                    level: &level,
                    seed,
                };
                let i = opponent.decide(turn)?;
                offered.get(i).cloned()
            })
            .await;
            let action = match decided {
                Ok(Some(action)) => Some(action),
                Ok(None) => {
                    warn!(game = %game_id, seq, "the computer chose none of the offered actions; its seat waits");
                    None
                }
                Err(e) => {
                    error!(game = %game_id, seq, error = %e, "the computer failed to decide; its seat waits");
                    None
                }
            };
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            debug!(game = %game_id, seq, ms, "the computer decided");
            if cancelled.load(Ordering::SeqCst) {
                return;
            }
            let Some(tx) = me.upgrade() else {
                return;
            };
            let _ = tx
                .send(Command::Computer(ComputerMove {
                    seq,
                    side,
                    action,
                    by_bot,
                    cancelled,
                }))
                .await;
        });
    }

    /// Several servers on one database: whether the computer's move for `side` is this
    /// server's to think about. It is the lease holder's (the server that wrote the game
    /// last); a server without the lease thinks only for the player of the other seat when
    /// that player is here (connected, or did something in the game here since another
    /// server last moved it on) and connected to no other server — the lease holder is then
    /// gone or no longer serves that player, and the player waits on this one. Spectators'
    /// servers never think. One server: always.
    fn mine_to_think(&self, side: Side) -> bool {
        if self.lease.is_some() || !self.inner.store.shared() {
            return true;
        }
        let player = side.opponent();
        let here = self.connected(player) || self.player_here;
        let elsewhere = self.inner.node_presence.elsewhere(&self.meta.id);
        let there = match player {
            Side::Union => elsewhere.union,
            Side::Confederate => elsewhere.confederate,
        };
        here && !there
    }

    /// The seat the computer must play now, if any: its own seat, else a seat the clock gave
    /// to the bot when this game has an opponent to play it.
    fn seat_to_play(&self) -> Option<Seat> {
        if self.meta.status != GameStatus::Active || self.poisoned {
            return None;
        }
        if let Some(seat) = &self.meta.computer {
            return self.meta.to_act.contains(&seat.side).then(|| Seat {
                side: seat.side,
                level: seat.level.clone(),
                by_bot: false,
            });
        }
        let clock = self.meta.clock.as_ref()?;
        let side = self
            .meta
            .to_act
            .iter()
            .copied()
            .find(|&s| *clock.bot.get(s))?;
        let opponent = self.inner.registry.opponent(&self.meta.game)?;
        Some(Seat {
            side,
            level: opponent.default_level().to_string(),
            by_bot: true,
        })
    }

    /// Whether the bot's seats of this game are played by its computer opponent.
    pub(super) fn bot_is_computer(&self) -> bool {
        self.meta.computer.is_none() && self.inner.registry.opponent(&self.meta.game).is_some()
    }

    /// Plays the computer's choice if it answers the decision in flight, through a client's
    /// checks (the sequence number first); a stale or cancelled one is dropped.
    pub(super) async fn computer_move(&mut self, choice: ComputerMove) {
        let current = self
            .thinking
            .as_ref()
            .is_some_and(|t| t.seq == choice.seq && Arc::ptr_eq(&t.cancelled, &choice.cancelled));
        if !current || choice.cancelled.load(Ordering::SeqCst) {
            debug!(game = %self.meta.id, seq = choice.seq, "a stale choice of the computer dropped");
            return;
        }
        self.thinking = None;
        let Some(action) = choice.action else {
            return;
        };
        if self.meta.status != GameStatus::Active {
            return;
        }
        // A refusal is not asked again at the same position (it would be refused again); the
        // seat waits until the game is next loaded.
        if let Err(e) = self
            .play_seat(choice.side, choice.seq, &action, false, choice.by_bot)
            .await
        {
            warn!(game = %self.meta.id, seq = choice.seq, error = %e.message, "the computer's action was refused");
        }
    }

    /// Whether a decision is in flight (the actor then stays in memory to play it).
    pub(super) fn thinking(&self) -> bool {
        self.thinking.is_some()
    }
}
