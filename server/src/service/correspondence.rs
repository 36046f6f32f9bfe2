//! Correspondence play: the sweep of clocks and digests, pauses, chat and rematches.

use super::*;

/// The most games against the computer resumed when the server starts (the most recently
/// active first; any other resumes when someone opens it).
const RESUME_AT_ONCE: i64 = 1000;

/// Correspondence play: the sweep, notices, pauses, chat and rematch (import: [`import`]).
impl Service {
    /// Looks at every game whose clock needs it (a pause ending, a warning, a time-out) and
    /// sends the daily digests that are due. Runs every `--sweep-secs`; tests call it after
    /// moving their manual clock. Returns the number of games looked at.
    pub async fn sweep(&self) -> Result<usize, ApiError> {
        let now = self.now();
        let (store, node) = (&self.inner.store, &self.inner.node);
        // Several servers on one database: one of them sweeps.
        if !crate::sweeper::is_sweeper(store, node, now, self.inner.config.sweep_secs).await {
            return Ok(0);
        }
        super::metrics::Counters::add(&self.inner.counters.sweeps, 1);
        let ids = self
            .inner
            .store
            .games_to_wake(now)
            .await
            .map_err(store_error)?;
        for id in &ids {
            if let Err(e) = self.call(id, |reply| actor::Tick { reply }).await {
                error!(game = %id, error = %e, "sweep could not look at a game");
            }
        }
        self.digests(now).await?;
        Ok(ids.len())
    }

    /// Loads every active game whose computer seat must act, so that the computer moves
    /// without waiting for someone to open the game (after a restart, a decision in flight
    /// was lost). Returns how many were loaded.
    pub async fn resume_computers(&self) -> Result<usize, ApiError> {
        let rows = self
            .inner
            .store
            .games(ListQuery::AgainstTheComputer, RESUME_AT_ONCE)
            .await
            .map_err(store_error)?;
        let mut resumed = 0;
        for row in rows {
            let meta = GameMeta::from_row(row)?;
            let Some(seat) = &meta.computer else { continue };
            if meta.to_act.contains(&seat.side) && self.handle(&meta.id).is_some() {
                resumed += 1;
            }
        }
        Ok(resumed)
    }

    /// Sends the daily digests that are due: the games where it is the account's move.
    pub(super) async fn digests(&self, now: i64) -> Result<(), ApiError> {
        let accounts = self
            .inner
            .store
            .digests_due(now)
            .await
            .map_err(store_error)?;
        let base = self.inner.config.link_base();
        for account in accounts {
            let rows = self
                .inner
                .store
                .games(ListQuery::Mine(&account), 200)
                .await
                .map_err(store_error)?;
            let mut games = Vec::new();
            for row in rows {
                let meta = GameMeta::from_row(row)?;
                let Some(seat) = meta.seat_of(&account) else {
                    continue;
                };
                if meta.status != GameStatus::Active || !meta.to_act.contains(&seat) {
                    continue;
                }
                let info = self.kind(&meta.game)?.info();
                games.push(DigestLine {
                    game_id: meta.id.clone(),
                    game_name: info.name.clone(),
                    scenario_name: info
                        .scenario(&meta.scenario)
                        .map_or_else(|| meta.scenario.clone(), |s| s.name.clone()),
                    opponent: meta.names.get(seat.opponent()).clone(),
                    deadline: meta.clock.as_ref().and_then(|c| c.deadline_of(seat)),
                    link: format!("{base}/#/game/{}", meta.id),
                });
            }
            if !games.is_empty() {
                self.inner.notifier.send(Intent {
                    kind: NoticeKind::Digest,
                    game: GameBrief::default(),
                    recipients: vec![Recipient {
                        account: account.clone(),
                        seat: None,
                    }],
                    subject: None,
                    until: None,
                    games,
                    words: None,
                });
            }
            self.inner
                .store
                .write(NoticeWrite::DigestSent { account, now }.into())
                .await
                .map_err(write_error)?;
        }
        Ok(())
    }

    /// Returns once every notice asked for so far has been written and every notice due now
    /// has had its delivery attempt.
    pub async fn flush_notices(&self) {
        self.inner.notifier.flush().await;
    }

    /// The caller's pause allowance this year.
    pub async fn vacation(&self, account: &Account) -> Result<VacationInfo, ApiError> {
        let year = utc_year(self.now());
        let used = self
            .inner
            .store
            .vacation_used(&account.id, year)
            .await
            .map_err(store_error)?;
        let allowance = self.inner.config.pause_days_per_year;
        Ok(VacationInfo {
            year,
            allowance_days: allowance,
            used_secs: used,
            remaining_secs: (i64::from(allowance) * 86_400 - used).max(0),
        })
    }

    /// Asks for, answers or ends a pause, or takes a seat back from the bot.
    pub async fn clock_op(
        &self,
        account: &Account,
        game_id: &str,
        op: ClockOp,
    ) -> Result<ClockReply, ApiError> {
        self.call(game_id, |reply| actor::Clock {
            account: account.clone(),
            op,
            reply,
        })
        .await
    }

    /// Posts a chat message or note.
    pub async fn post_chat(
        &self,
        account: Option<&Account>,
        game_id: &str,
        channel: ChatChannel,
        text: &str,
        spectate_code: Option<&str>,
    ) -> Result<ChatMessage, ApiError> {
        let account = account.ok_or_else(|| {
            ApiError::new(
                ErrorCode::Unauthorized,
                "posting in a chat needs your token",
            )
        })?;
        self.call(game_id, |reply| actor::Post {
            account: account.clone(),
            spectate_code: spectate_code.map(str::to_string),
            channel,
            text: text.to_string(),
            reply,
        })
        .await
    }

    /// Reads a chat channel after message `after` (at most 500 messages).
    pub async fn chat_log(
        &self,
        account: Option<&Account>,
        game_id: &str,
        channel: ChatChannel,
        after: i64,
        spectate_code: Option<&str>,
    ) -> Result<ChatLog, ApiError> {
        let (meta, _) = self
            .meta_and_viewer(account, game_id, spectate_code)
            .await?;
        let seat = account.and_then(|a| meta.seat_of(&a.id));
        let finished = meta.status == GameStatus::Finished;
        chat::may_read(channel, seat, finished)?;
        let stored = chat::stored_channel(channel, seat);
        let rows = self
            .inner
            .store
            .chat(game_id, &stored, after, 500)
            .await
            .map_err(store_error)?;
        Ok(ChatLog {
            game_id: meta.id.clone(),
            channel,
            messages: rows
                .into_iter()
                .map(|row| ChatMessage {
                    id: row.seq,
                    game_id: meta.id.clone(),
                    channel,
                    author: row.author,
                    side: row.side.as_deref().and_then(Side::parse),
                    text: row.text,
                    at: row.created_at,
                })
                .collect(),
        })
    }

    /// Offers a rematch of a finished game with sides swapped.
    pub async fn rematch(
        &self,
        account: Option<&Account>,
        game_id: &str,
        secret_choices: Value,
    ) -> Result<GameCreated, ApiError> {
        let account = account
            .ok_or_else(|| ApiError::new(ErrorCode::Unauthorized, "a rematch needs your token"))?;
        self.call(game_id, |reply| actor::Rematch {
            account: account.clone(),
            secret_choices: secret_choices.clone(),
            reply,
        })
        .await
    }
}
