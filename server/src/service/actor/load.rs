//! Loading a game into memory: its row, and its match from the latest snapshot plus later actions.

use super::*;

/// A game loaded: its rules, its row, its match (`None` while it waits for a second player)
/// and the sequence number of the snapshot it was restored from (0: none).
pub(super) type Loaded = (Arc<dyn GameKind>, GameMeta, Option<Box<dyn DynMatch>>, u64);

/// Loads a game: its row, and its match from the latest snapshot plus later actions.
pub(super) async fn load(inner: &Inner, game_id: &str) -> Result<Loaded, ApiError> {
    let row = inner
        .store
        .game(game_id)
        .await
        .map_err(super::super::store_error)?
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, format!("there is no game {game_id}")))?;
    let meta = GameMeta::from_row(row)?;
    let kind = inner.registry.get(&meta.game).cloned().ok_or_else(|| {
        ApiError::new(
            ErrorCode::Internal,
            format!("this server no longer hosts {}", meta.game),
        )
    })?;
    if meta.status == GameStatus::Open {
        return Ok((kind, meta, None, 0));
    }
    let broken = |why: String| {
        error!(game = %game_id, %why, "game does not load");
        ApiError::new(
            ErrorCode::Internal,
            format!("game {game_id} does not load: {why}"),
        )
    };
    let setup = meta
        .setup()
        .ok_or_else(|| broken("a seat has no secret choices".into()))?;
    let snapshot = inner
        .store
        .latest_snapshot(game_id)
        .await
        .map_err(super::super::store_error)?;
    let mut game = match snapshot.and_then(|s| {
        let data: Value = serde_json::from_str(&s.data).ok()?;
        kind.restore(&data, &meta.seed).ok()
    }) {
        Some(game) => game,
        None => kind
            .start(&setup, &meta.seed)
            .map_err(|e| broken(e.to_string()))?,
    };
    let snapshot_seq = game.seq();
    replay_log(inner, game_id, game.as_mut(), &broken).await?;
    // Several servers: another may commit between the row read above and the log read here,
    // so the log may run past the row. The row is read again (and any action after it) until
    // both agree; a row ahead of its log is a broken game (an action and its row update are
    // one transaction).
    let mut meta = meta;
    for _ in 0..RELOAD_TRIES {
        if game.seq() <= meta.seq {
            break;
        }
        let row = inner
            .store
            .game(game_id)
            .await
            .map_err(super::super::store_error)?
            .ok_or_else(|| broken("the game row is gone".into()))?;
        meta = GameMeta::from_row(row)?;
        replay_log(inner, game_id, game.as_mut(), &broken).await?;
    }
    if game.seq() != meta.seq {
        return Err(broken(format!(
            "the log ends at {} but the game row says {}",
            game.seq(),
            meta.seq
        )));
    }
    Ok((kind, meta, Some(game), snapshot_seq))
}

/// How often a load reads the game row again when the log ran past it.
const RELOAD_TRIES: usize = 5;

/// Replays every logged action after the match's last one.
async fn replay_log(
    inner: &Inner,
    game_id: &str,
    game: &mut dyn DynMatch,
    broken: &impl Fn(String) -> ApiError,
) -> Result<(), ApiError> {
    loop {
        let rows = inner
            .store
            .actions_after(game_id, game.seq() as i64, 1000)
            .await
            .map_err(super::super::store_error)?;
        if rows.is_empty() {
            return Ok(());
        }
        // The rows read, each the action after the one before, are replayed at once (the
        // match keeps no copy of the state for an action no undo can reach).
        let first = game.seq() as i64 + 1;
        let mut actions = Vec::with_capacity(rows.len());
        for (row, seq) in rows.iter().zip(first..) {
            if row.seq != seq {
                return Err(broken(format!("action {} replays as {seq}", row.seq)));
            }
            let side = Side::parse(&row.side)
                .ok_or_else(|| broken(format!("action {} has no side", row.seq)))?;
            let action: Value =
                serde_json::from_str(&row.action).map_err(|e| broken(e.to_string()))?;
            actions.push((side, action));
        }
        let last = game
            .replay_quiet_all(&actions)
            .map_err(|(i, e)| broken(format!("action {} does not replay: {e}", rows[i].seq)))?;
        if let Some(row) = rows.last().filter(|row| row.seq != last as i64) {
            return Err(broken(format!("action {} replays as {last}", row.seq)));
        }
    }
}
