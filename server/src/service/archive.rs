//! A game's history as each viewer may read it: its events and its record.

use super::*;

impl Service {
    /// A game's row and the caller's viewer, for reads served from the store.
    pub(super) async fn meta_and_viewer(
        &self,
        account: Option<&Account>,
        game_id: &str,
        spectate_code: Option<&str>,
    ) -> Result<(GameMeta, Viewer), ApiError> {
        check_game_id(game_id)?;
        let row = self
            .inner
            .store
            .game(game_id)
            .await
            .map_err(store_error)?
            .ok_or_else(|| {
                ApiError::new(ErrorCode::NotFound, format!("there is no game {game_id}"))
            })?;
        let meta = GameMeta::from_row(row)?;
        let viewer = meta.viewer(account, spectate_code)?;
        Ok((meta, viewer))
    }

    /// The caller's redacted events after sequence number `after` (at most 1000 actions).
    pub async fn events(
        &self,
        account: Option<&Account>,
        game_id: &str,
        after: u64,
        spectate_code: Option<&str>,
    ) -> Result<EventLog, ApiError> {
        let (meta, viewer) = self
            .meta_and_viewer(account, game_id, spectate_code)
            .await?;
        let kind = self.kind(&meta.game)?;
        let rows = self
            .inner
            .store
            .actions_after(game_id, after.min(i64::MAX as u64) as i64, 1000)
            .await
            .map_err(store_error)?;
        let entries = rows
            .into_iter()
            .map(|row| {
                let events: Vec<Value> = serde_json::from_str(&row.events).unwrap_or_default();
                EventEntry {
                    seq: row.seq as u64,
                    side: Side::parse(&row.side).unwrap_or(Side::Union),
                    events: kind.redact(&events, viewer),
                    bot: row.by_bot,
                }
            })
            .collect();
        Ok(EventLog {
            game_id: meta.id,
            seq: meta.seq,
            viewer: viewer.as_str().to_string(),
            entries,
        })
    }

    /// The game record: complete once the game is over; before, what the caller may know.
    pub async fn record(
        &self,
        account: Option<&Account>,
        game_id: &str,
        spectate_code: Option<&str>,
    ) -> Result<Record, ApiError> {
        let (meta, viewer) = self
            .meta_and_viewer(account, game_id, spectate_code)
            .await?;
        let kind = self.kind(&meta.game)?;
        let mut actions = Vec::with_capacity(meta.seq as usize);
        let mut after = 0i64;
        loop {
            let rows = self
                .inner
                .store
                .actions_after(game_id, after, 5000)
                .await
                .map_err(store_error)?;
            let Some(last) = rows.last() else { break };
            after = last.seq;
            for row in rows {
                let side = Side::parse(&row.side).unwrap_or(Side::Union);
                let visible = viewer.sees_secrets_of(side);
                let events: Vec<Value> = serde_json::from_str(&row.events).unwrap_or_default();
                actions.push(RecordedAction {
                    seq: row.seq as u64,
                    side,
                    action: visible
                        .then(|| serde_json::from_str(&row.action).unwrap_or(Value::Null)),
                    rolls: (viewer == Viewer::Omniscient)
                        .then(|| serde_json::from_str(&row.rolls).unwrap_or_default()),
                    events: kind.redact(&events, viewer),
                    // 0: an imported action whose record gave no time.
                    at: (row.created_at > 0).then_some(row.created_at),
                    by_bot: row.by_bot,
                });
            }
        }
        let finished = meta.status == GameStatus::Finished;
        Ok(Record {
            format: RECORD_FORMAT.to_string(),
            game_id: Some(meta.id.clone()),
            game: meta.game.clone(),
            scenario: meta.scenario.clone(),
            options: meta.options.clone(),
            secret_choices: PerSide::from_fn(|side| {
                if viewer.sees_secrets_of(side) {
                    meta.secrets.get(side).clone()
                } else {
                    None
                }
            }),
            seed_commitment: meta.seed_commitment.clone(),
            seed: finished.then(|| meta.seed.to_hex()),
            // An imported game's record carries the names as its file gave them.
            players: meta
                .origin
                .as_ref()
                .map_or_else(|| meta.names.clone(), |o| o.players.clone()),
            actions,
            outcome: meta.outcome.clone(),
            clock: meta
                .clock_info(self.now())
                .map(|c| serde_json::to_value(c).expect("clocks serialise")),
        })
    }
}
