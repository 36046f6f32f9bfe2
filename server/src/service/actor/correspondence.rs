//! Correspondence play: the clock, notices, and the bot that plays a timed-out seat.

use super::*;
use crate::service::metrics::Counters;

/// Correspondence play: the clock, notices, the bot, chat and rematches.
impl Actor {
    /// Whether the player in `side` has a live connection subscribed to this game.
    pub(super) fn connected(&self, side: Side) -> bool {
        self.subs
            .iter()
            .any(|sub| sub.account.as_ref().and_then(|a| self.meta.seat_of(&a.id)) == Some(side))
    }

    /// The public facts of this game, for a notice.
    pub(super) fn brief(&self) -> GameBrief {
        let info = self.kind.info();
        GameBrief {
            game_id: self.meta.id.clone(),
            game_name: info.name.clone(),
            scenario_name: info
                .scenario(&self.meta.scenario)
                .map_or_else(|| self.meta.scenario.clone(), |s| s.name.clone()),
            names: self.meta.names.clone(),
            to_act: self.meta.to_act.clone(),
            deadlines: PerSide::from_fn(|s| {
                self.meta
                    .clock
                    .as_ref()
                    .filter(|_| self.meta.status == GameStatus::Active)
                    .and_then(|c| c.deadline_of(s))
            }),
            outcome: self.meta.outcome.clone(),
            seq: Some(self.meta.seq as i64),
        }
    }

    /// Tells the players in `sides` (through the notifier, which decides who hears it).
    pub(super) fn notify(
        &self,
        kind: NoticeKind,
        sides: &[Side],
        subject: Option<Side>,
        until: Option<i64>,
    ) {
        let recipients: Vec<Recipient> = sides
            .iter()
            .filter_map(|&side| {
                Some(Recipient {
                    account: self.meta.account_in(side)?.to_string(),
                    seat: Some(side),
                })
            })
            .collect();
        if recipients.is_empty() {
            return;
        }
        self.inner.notifier.send(Intent {
            kind,
            game: self.brief(),
            recipients,
            subject,
            until,
            games: Vec::new(),
            words: None,
        });
    }

    /// Gives the unused days of a pause ended early back to the player who asked for it.
    pub(super) async fn refund_pause(&self, pause: &adjutant_protocol::PauseInfo, now: i64) {
        let unused = pause.until - now;
        let Some(asker) = self.meta.account_in(pause.by).filter(|_| unused > 0) else {
            return;
        };
        let refund = Write::Vacation {
            account: asker.to_string(),
            year: utc_year(pause.since),
            secs: -unused,
            limit: None,
        };
        if let Err(e) = self.inner.store.write(refund).await {
            warn!(error = ?e, "unused pause not given back");
        }
    }

    /// Sends every subscriber the clock (it is public).
    pub(super) fn send_clock(&mut self) {
        let Some(clock) = self.meta.clock_info(self.now()) else {
            return;
        };
        let text = Frame::json(&ServerMessage::Clock {
            game_id: self.meta.id.clone(),
            clock,
            id: None,
        });
        self.deliver(|_| Some(text.clone()));
    }

    /// Stores a clock changed without an action, and tells the subscribers.
    pub(super) async fn save_clock(&mut self, clock: GameClock) -> Result<(), ApiError> {
        let json = serde_json::to_string(&clock).expect("clocks serialise");
        let lease = self.hold_lease().await?;
        let write = Write::Clock {
            game_id: self.meta.id.clone(),
            clock: json.clone(),
            wake_at: clock.wake_at(),
            lease,
        };
        if let Err(e) = self.inner.store.write(write).await {
            if self.inner.store.shared() && matches!(e, crate::store::WriteError::Conflict(_)) {
                return Err(self.fenced().await);
            }
            error!(game = %self.meta.id, error = ?e, "clock not stored");
            return Err(ApiError::new(
                ErrorCode::Internal,
                "the store failed; nothing was changed",
            ));
        }
        self.meta.clock = Some(clock);
        self.clock_json = Some(json);
        self.send_clock();
        Ok(())
    }

    /// Does what the clock says is due: ends a pause, times a side out (it forfeits, or the
    /// bot takes its seat), warns a side whose bank is 80 % gone.
    pub(super) async fn tick(&mut self) {
        self.run_bots().await;
        for _ in 0..4 {
            if self.meta.status != GameStatus::Active {
                return;
            }
            let now = self.now();
            let Some(mut clock) = self.meta.clock.clone() else {
                return;
            };
            let Some(due) = clock.due(now).first().copied() else {
                return;
            };
            if self.lease.is_none() {
                // Another server may have done it already: looked at again once caught up.
                if self.hold_lease().await.is_err() {
                    return;
                }
                continue;
            }
            let saved = match due {
                Due::PauseOver => {
                    clock.unpause(now);
                    let saved = self.save_clock(clock).await;
                    if saved.is_ok() {
                        self.notify(NoticeKind::PauseEnded, &Side::BOTH, None, None);
                    }
                    saved
                }
                Due::Warn(side) => {
                    *clock.warned.get_mut(side) = true;
                    let saved = self.save_clock(clock).await;
                    if saved.is_ok() {
                        self.notify(NoticeKind::TimeLow, &[side], Some(side), None);
                    }
                    saved
                }
                Due::LastWarn(side) => {
                    *clock.warned.get_mut(side) = true;
                    *clock.warned_late.get_mut(side) = true;
                    let saved = self.save_clock(clock).await;
                    if saved.is_ok() {
                        self.notify(NoticeKind::TimeNearlyOut, &[side], Some(side), None);
                    }
                    saved
                }
                Due::RequestLapsed => {
                    let asker = clock.request.take().map(|r| r.by);
                    let saved = self.save_clock(clock).await;
                    if let (Ok(()), Some(asker)) = (&saved, asker) {
                        self.notify(NoticeKind::PauseRefused, &[asker], None, None);
                    }
                    saved
                }
                Due::TimedOut(side) => match clock.settings.on_timeout {
                    TimeoutPolicy::Forfeit => {
                        clock.time_out(now, side);
                        self.meta.clock = Some(clock);
                        let game = self.game.as_mut().expect("an active game has a match");
                        match game.concede(side, EndReason::TimedOut) {
                            Ok(played) => {
                                info!(game = %self.meta.id, %side, "time ran out: forfeit");
                                Counters::add(&self.inner.counters.timeouts, 1);
                                self.commit_and_tell(
                                    played,
                                    side,
                                    false,
                                    None,
                                    self.lease.unwrap_or_default(),
                                )
                                .await
                                .map(drop)
                            }
                            Err(e) => Err(play_error(e)),
                        }
                    }
                    TimeoutPolicy::Bot => {
                        clock.time_out(now, side);
                        let saved = self.save_clock(clock).await;
                        if saved.is_ok() {
                            info!(game = %self.meta.id, %side, "time ran out: the bot takes the seat");
                            Counters::add(&self.inner.counters.timeouts, 1);
                            self.notify(NoticeKind::BotTookSeat, &Side::BOTH, Some(side), None);
                            self.run_bots().await;
                        }
                        saved
                    }
                },
            };
            if let Err(e) = saved {
                warn!(game = %self.meta.id, error = %e, "clock tick failed");
                return;
            }
        }
    }

    /// Plays every seat the bot holds while it is that seat's turn: the first offered action
    /// that is not an undo, or, where the game has a computer opponent, its choices (made off
    /// the actor, `computer.rs`).
    pub(super) async fn run_bots(&mut self) {
        if self.bot_is_computer() {
            self.think();
            return;
        }
        for _ in 0..BOT_STEPS {
            if self.meta.status != GameStatus::Active || self.poisoned {
                return;
            }
            let Some(clock) = &self.meta.clock else {
                return;
            };
            let Some(side) = self
                .meta
                .to_act
                .iter()
                .copied()
                .find(|&s| *clock.bot.get(s))
            else {
                return;
            };
            if self.lease.is_none() {
                if self.hold_lease().await.is_err() {
                    return;
                }
                continue;
            }
            let game = self.game.as_mut().expect("an active game has a match");
            let view = game.view(Viewer::Seat(side));
            let Some(action) = view["actions"]
                .as_array()
                .and_then(|a| a.iter().find(|x| x["type"] != "undo"))
                .cloned()
            else {
                return;
            };
            let played = match catch_unwind(AssertUnwindSafe(|| game.play(side, &action))) {
                Ok(Ok(played)) => played,
                Ok(Err(e)) => {
                    warn!(game = %self.meta.id, error = %e, "the bot's action was refused");
                    return;
                }
                Err(_) => {
                    error!(game = %self.meta.id, "the rules panicked on the bot's action");
                    self.poisoned = true;
                    return;
                }
            };
            if self
                .commit_and_tell(played, side, true, None, self.lease.unwrap_or_default())
                .await
                .is_err()
            {
                return;
            }
        }
    }

    /// The seat of a player asking for a clock change, with the game's clock.
    pub(super) fn clock_seat(&self, account: &Account) -> Result<(Side, GameClock), ApiError> {
        let side = self.acting_seat(account)?;
        let clock = self.meta.clock.clone().ok_or_else(|| {
            ApiError::new(
                ErrorCode::Conflict,
                "this game has no clock, so there is nothing to pause or take back",
            )
        })?;
        Ok((side, clock))
    }

    pub(super) async fn clock_op(
        &mut self,
        account: &Account,
        op: ClockOp,
    ) -> Result<ClockReply, ApiError> {
        self.clock_seat(account)?;
        self.hold_lease().await?;
        let (side, mut clock) = self.clock_seat(account)?;
        let now = self.now();
        let conflict = |why: &str| Err(ApiError::new(ErrorCode::Conflict, why.to_string()));
        let allowance = i64::from(self.inner.config.pause_days_per_year) * 86_400;
        match op {
            ClockOp::RequestPause(days) => {
                if clock.paused.is_some() {
                    return conflict("the game is already paused");
                }
                let secs = i64::from(days) * 86_400;
                let used = self
                    .inner
                    .store
                    .vacation_used(&account.id, utc_year(now))
                    .await
                    .map_err(super::super::store_error)?;
                if days == 0 || secs > allowance - used {
                    return Err(ApiError::new(
                        ErrorCode::BadRequest,
                        format!(
                            "a pause is 1 day or more, and you have {} of your {} days left this year",
                            (allowance - used).max(0) / 86_400,
                            self.inner.config.pause_days_per_year
                        ),
                    ));
                }
                clock.request = Some(adjutant_protocol::PauseRequestInfo {
                    by: side,
                    secs,
                    at: now,
                });
                self.save_clock(clock).await?;
                self.notify(
                    NoticeKind::PauseRequested,
                    &[side.opponent()],
                    Some(side),
                    Some(now + secs),
                );
            }
            ClockOp::AnswerPause(accept) => {
                let Some(request) = clock.request.clone() else {
                    return conflict("no pause has been asked for");
                };
                if request.by == side {
                    return conflict("your opponent answers your request, not you");
                }
                if !accept {
                    clock.request = None;
                    self.save_clock(clock).await?;
                    self.notify(NoticeKind::PauseRefused, &[request.by], Some(side), None);
                } else {
                    if clock.paused.is_some() {
                        return conflict("the game is already paused");
                    }
                    let asker = self
                        .meta
                        .account_in(request.by)
                        .expect("an active game has both seats")
                        .to_string();
                    self.inner
                        .store
                        .write(Write::Vacation {
                            account: asker,
                            year: utc_year(now),
                            secs: request.secs,
                            limit: Some(allowance),
                        })
                        .await
                        .map_err(write_error)?;
                    let until = now + request.secs;
                    clock.pause(now, request.by, until);
                    self.save_clock(clock).await?;
                    info!(game = %self.meta.id, "paused");
                    self.notify(
                        NoticeKind::PauseStarted,
                        &Side::BOTH,
                        Some(request.by),
                        Some(until),
                    );
                }
            }
            ClockOp::EndPause => {
                let Some(pause) = clock.unpause(now) else {
                    return conflict("the game is not paused");
                };
                self.refund_pause(&pause, now).await;
                self.save_clock(clock).await?;
                self.notify(NoticeKind::PauseEnded, &Side::BOTH, Some(side), None);
            }
            ClockOp::Reclaim => {
                if !*clock.bot.get(side) {
                    return conflict("the bot does not play your seat");
                }
                clock.reclaim(now, side);
                self.save_clock(clock).await?;
                self.notify(
                    NoticeKind::SeatReturned,
                    &[side.opponent()],
                    Some(side),
                    None,
                );
                info!(game = %self.meta.id, %side, "seat taken back from the bot");
                // A decision in flight for the seat is cancelled.
                self.think();
            }
        }
        Ok(ClockReply {
            game_id: self.meta.id.clone(),
            clock: self
                .meta
                .clock_info(self.now())
                .expect("the game has a clock"),
        })
    }
}
