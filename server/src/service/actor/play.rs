//! Playing: an action or a resignation checked, committed before anyone is told, or taken back
//! when the store refuses it.

use super::cmd::events_fingerprint;
use super::*;
use crate::service::metrics::Counters;
use adjutant_engine::MetaAction;

impl Actor {
    pub(super) async fn act(
        &mut self,
        account: &Account,
        seq: u64,
        action: &Value,
        reply_view: bool,
    ) -> Result<ActionAccepted, ApiError> {
        let side = self.acting_seat(account)?;
        if let Some(clock) = &self.meta.clock {
            if *clock.bot.get(side) {
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    "the server's bot plays your seat since your time ran out; take it back first (reclaim)",
                ));
            }
            if let Some(deadline) = clock.deadline_of(side).filter(|&d| d <= self.now()) {
                self.tick().await;
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    format!("your time ran out at {}", utc_text(deadline)),
                ));
            }
        }
        self.fenced = false;
        let first = self.play_seat(side, seq, action, reply_view, false).await;
        // Refused because another server took the lease meanwhile: once caught up, the same
        // choice is played again if the game is still where the player chose it.
        let fenced = std::mem::take(&mut self.fenced);
        if first.is_err() && fenced && !self.poisoned && seq == self.meta.seq {
            return self.play_seat(side, seq, action, reply_view, false).await;
        }
        first
    }

    /// Plays `action` for `side`, chosen from the view at `seq`: a client's action once its
    /// seat is checked, and the computer's (`by_bot` when it plays for the server's bot).
    pub(super) async fn play_seat(
        &mut self,
        side: Side,
        seq: u64,
        action: &Value,
        reply_view: bool,
        by_bot: bool,
    ) -> Result<ActionAccepted, ApiError> {
        let lease = self.hold_lease().await?;
        if seq != self.meta.seq {
            return Err(ApiError::new(
                ErrorCode::StaleSeq,
                format!(
                    "the game has moved on: you chose from sequence number {seq}, it is now at {}; \
                     fetch the view and choose again",
                    self.meta.seq
                ),
            ));
        }
        let game = self.game.as_mut().expect("an active game has a match");
        let played = match catch_unwind(AssertUnwindSafe(|| game.play(side, action))) {
            Ok(result) => result.map_err(play_error)?,
            Err(_) => {
                error!(game = %self.meta.id, %action, "the rules panicked on an action");
                self.poisoned = true;
                return Err(ApiError::new(
                    ErrorCode::Internal,
                    "the rules failed on that action; nothing was changed",
                ));
            }
        };
        // A draw action as the match read it (it reads the posted action's type first).
        let draw = MetaAction::parse(action);
        let wanted = reply_view.then_some(Viewer::Seat(side));
        let accepted = self
            .commit_and_tell(played, side, by_bot, wanted, lease)
            .await?;
        match draw {
            Some(MetaAction::OfferDraw) if self.computer_side() == Some(side.opponent()) => {
                self.computer_declines_draw(side.opponent()).await;
            }
            Some(MetaAction::OfferDraw) => self.notify(
                NoticeKind::DrawOffered,
                &[side.opponent()],
                Some(side),
                None,
            ),
            Some(MetaAction::DeclineDraw) => self.notify(
                NoticeKind::DrawDeclined,
                &[side.opponent()],
                Some(side),
                None,
            ),
            _ => {}
        }
        Ok(accepted)
    }

    /// The side the computer holds in a game against it.
    fn computer_side(&self) -> Option<Side> {
        self.meta.computer.as_ref().map(|c| c.side)
    }

    /// The computer answers a draw offered to it at once: it declines (it plays every game
    /// to its result; the person may resign), so that nobody waits on an answer that never
    /// comes. Played and committed as the seat's own action, like any of its moves.
    async fn computer_declines_draw(&mut self, computer: Side) {
        let decline = MetaAction::DeclineDraw.to_value();
        let game = self.game.as_mut().expect("an active game has a match");
        match game.play(computer, &decline) {
            Ok(played) => {
                let lease = self.lease.unwrap_or_default();
                if let Err(e) = self
                    .commit_and_tell(played, computer, false, None, lease)
                    .await
                {
                    warn!(game = %self.meta.id, error = %e.message, "the computer's answer to a draw offer was not stored");
                }
            }
            Err(e) => {
                warn!(game = %self.meta.id, error = %e, "the computer could not answer a draw offer")
            }
        }
    }

    pub(super) async fn resign(&mut self, account: &Account) -> Result<ActionAccepted, ApiError> {
        self.acting_seat(account)?;
        let lease = self.hold_lease().await?;
        let side = self.acting_seat(account)?;
        let game = self.game.as_mut().expect("an active game has a match");
        let played = game
            .concede(side, EndReason::Resigned)
            .map_err(play_error)?;
        self.commit_and_tell(played, side, false, Some(Viewer::Seat(side)), lease)
            .await
    }

    /// Commits an action, then sends the updates, then answers with the view of `wanted`
    /// (null for none: a WebSocket's `acted` carries no view).
    pub(super) async fn commit_and_tell(
        &mut self,
        played: Played,
        side: Side,
        by_bot: bool,
        wanted: Option<Viewer>,
        lease: i64,
    ) -> Result<ActionAccepted, ApiError> {
        let game = self.game.as_ref().expect("an active game has a match");
        let outcome = game.outcome();
        let status = if outcome.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Active
        };
        let to_act = game.to_act();
        let now = self.now();
        // The clock rides in the same row update. Only a hand-over (or a side's first action
        // of its turn) changes what is stored; the running charge alone does not.
        let mut clock = self.meta.clock.clone();
        let mut clock_changed = clock.as_mut().is_some_and(|c| c.acted(now, side, &to_act));
        // A game that ends during a pause ends the pause (its unused days go back to the
        // player who asked) and any request for one.
        let mut ended_pause = None;
        if let Some(c) = clock.as_mut().filter(|_| status == GameStatus::Finished) {
            ended_pause = c.unpause(now);
            clock_changed |= ended_pause.is_some() || c.request.take().is_some();
        }
        let (clock, clock_json) = if clock_changed {
            let json = clock
                .as_ref()
                .map(|c| serde_json::to_string(c).expect("clocks serialise"));
            (clock, json)
        } else {
            (self.meta.clock.clone(), self.clock_json.clone())
        };
        let wake_at = clock.as_ref().and_then(GameClock::wake_at);
        // Written from the events as they are (the same text as an array of them).
        let events = played.events_json.clone();
        // Several servers: what the others are told of the action, and how they check their
        // own playing of it (a single server tells nobody).
        let shared = self.inner.store.shared();
        let fingerprint = if shared {
            events_fingerprint(&events)
        } else {
            0
        };
        let action = played.action_json.clone();
        let told = match shared {
            true => crate::store::told(side.as_str(), fingerprint, &action),
            false => String::new(),
        };
        let write = Write::Action(NewAction {
            game_id: self.meta.id.clone(),
            seq: played.seq as i64,
            side: side.as_str(),
            action,
            rolls: serde_json::to_string(&played.rolls).expect("rolls serialise"),
            events,
            now,
            status: status.as_str(),
            to_act: to_act_text(&to_act),
            outcome: outcome
                .as_ref()
                .map(|o| serde_json::to_string(o).expect("outcomes serialise")),
            by_bot,
            clock: clock_json.clone(),
            wake_at,
            lease,
            told,
        });
        // The commit starts now; the updates are built while it is made durable and sent
        // only once it is (commit before telling anyone).
        let store = self.inner.store.clone();
        let committed = store.write(write);
        let prepared = self.prepare(&played, wanted, status);
        if let Err(e) = committed.await {
            // With several servers a refusal as out of step is another server's action got in
            // first: expected, and told by `fenced` as it reloads.
            if !(self.inner.store.shared() && matches!(e, WriteError::Conflict(_))) {
                error!(game = %self.meta.id, seq = played.seq, error = ?e, "action not committed");
            }
            return Err(self.unsaved(e).await);
        }
        Counters::add(&self.inner.counters.actions, 1);
        self.committed_events = fingerprint;
        let before = std::mem::replace(&mut self.meta.to_act, to_act);
        self.meta.seq = played.seq;
        self.meta.status = status;
        self.meta.outcome = outcome;
        self.meta.updated_at = now;
        self.meta.clock = clock;
        self.clock_json = clock_json;
        if let Some(pause) = ended_pause {
            self.refund_pause(&pause, now).await;
        }
        if status == GameStatus::Finished {
            info!(game = %self.meta.id, seq = played.seq, "game over");
        } else if self.snapshot_due(played.seq) {
            self.snapshot_seq = played.seq;
            self.save_snapshot();
        }
        let view = self.release(prepared);
        if clock_changed {
            self.send_clock();
        }
        if status == GameStatus::Finished {
            self.notify(NoticeKind::GameOver, &Side::BOTH, None, None);
        } else {
            let bot = |s: Side| self.meta.clock.as_ref().is_some_and(|c| *c.bot.get(s));
            let newly: Vec<Side> = self
                .meta
                .to_act
                .iter()
                .copied()
                .filter(|s| !before.contains(s) && !bot(*s))
                .collect();
            if !newly.is_empty() {
                self.notify(NoticeKind::YourMove, &newly, None, None);
            }
        }
        // The computer's seat, if it must act now, is asked (a decision about the position
        // before this action is cancelled).
        self.think();
        Ok(ActionAccepted {
            seq: played.seq,
            view,
        })
    }

    /// Takes back an action the store refused. The match is reloaded from the store in
    /// place (a full disk still reads), so the players stay connected and the same action
    /// succeeds once there is room; any other failure, or a reload that fails, retires the
    /// actor and the next request loads the game afresh.
    pub(super) async fn unsaved(&mut self, e: WriteError) -> ApiError {
        if self.inner.store.shared() && matches!(e, WriteError::Conflict(_)) {
            return self.fenced().await;
        }
        if e == WriteError::Full {
            match load(&self.inner, &self.meta.id).await {
                Ok((_, meta, game, snapshot_seq)) if meta.seq == self.meta.seq => {
                    self.game = game;
                    self.snapshot_seq = snapshot_seq;
                    return super::super::disk_full();
                }
                Ok(_) => {}
                Err(error) => {
                    warn!(game = %self.meta.id, error = %error.message, "the game does not reload")
                }
            }
        }
        self.poisoned = true;
        ApiError::new(
            ErrorCode::Internal,
            "the action could not be saved; nothing was changed",
        )
    }

    /// Whether to store a snapshot at `seq`. A snapshot holds a whole state per action undo
    /// could take back (Champion Hill's averaged 139 KB, 90 % of it undo states, and cost 9 %
    /// of the server's CPU at load): from `snapshot_every` actions after the last one, the
    /// first point where undo holds nothing, or at twice that whatever it holds (as the
    /// record's replay pass chooses).
    fn snapshot_due(&self, seq: u64) -> bool {
        let every = self.inner.config.snapshot_every.max(1);
        let since = seq.saturating_sub(self.snapshot_seq);
        let undo_empty = self.game.as_ref().is_some_and(|g| g.undo_depth() == 0);
        since >= every && (undo_empty || since >= 2 * every)
    }

    /// Stores a snapshot in the background; a failure only means a longer replay later.
    pub(super) fn save_snapshot(&self) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let write = Write::Snapshot {
            game_id: self.meta.id.clone(),
            seq: game.seq() as i64,
            data: game.snapshot().to_string(),
        };
        let store = self.inner.store.clone();
        tokio::spawn(async move {
            if let Err(e) = store.write(write).await {
                warn!(error = ?e, "snapshot not stored");
            }
        });
    }
}
