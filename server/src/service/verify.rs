//! `adjutant-server verify`: every started game replayed from its set-up and compared with
//! what the store holds — each action's events, each snapshot, the game row's sequence.

use adjutant_engine::{DynMatch, Side};
use serde_json::Value;

use super::Service;
use super::meta::GameMeta;

/// What a verification found.
#[derive(Debug, Default)]
pub struct Verified {
    pub games: u64,
    pub actions: u64,
    pub snapshots: u64,
    /// One sentence per fault, naming the game and the action.
    pub problems: Vec<String>,
}

impl Service {
    /// Replays every started game and compares it with the store; reads only.
    pub async fn verify(&self) -> Result<Verified, String> {
        let store = &self.inner.store;
        let ids = store.started_game_ids().await.map_err(|e| e.to_string())?;
        self.verify_games(ids).await
    }

    /// As [`Service::verify`], for the games named.
    pub async fn verify_games(&self, ids: Vec<String>) -> Result<Verified, String> {
        let mut found = Verified::default();
        for id in ids {
            found.games += 1;
            if let Err(problem) = self.verify_game(&id, &mut found).await {
                found.problems.push(format!("game {id}: {problem}"));
            }
        }
        Ok(found)
    }

    async fn verify_game(&self, id: &str, found: &mut Verified) -> Result<(), String> {
        let store = &self.inner.store;
        let row = store
            .game(id)
            .await
            .map_err(|e| e.to_string())?
            .ok_or("there is no such game")?;
        let meta = GameMeta::from_row(row).map_err(|e| e.message)?;
        if meta.status == adjutant_protocol::GameStatus::Open {
            // Waiting for its second player: nothing to replay.
            return Ok(());
        }
        let kind = self
            .inner
            .registry
            .get(&meta.game)
            .ok_or_else(|| format!("this server does not host {}", meta.game))?;
        let setup = meta.setup().ok_or("a seat has no secret choices")?;
        let mut game = kind
            .start(&setup, &meta.seed)
            .map_err(|e| format!("the set-up does not start: {e}"))?;
        let mut snapshots = store
            .snapshots_of(id)
            .await
            .map_err(|e| e.to_string())?
            .into_iter()
            .peekable();
        loop {
            while let Some(snapshot) = snapshots.next_if(|s| s.seq as u64 <= game.seq()) {
                found.snapshots += 1;
                compare_snapshot(game.as_ref(), snapshot.seq, &snapshot.data)?;
            }
            let rows = store
                .actions_after(id, game.seq() as i64, 1000)
                .await
                .map_err(|e| e.to_string())?;
            if rows.is_empty() {
                break;
            }
            for row in rows {
                let at = |what: String| format!("action {}: {what}", row.seq);
                let side = Side::parse(&row.side).ok_or_else(|| at("no side".into()))?;
                let action: Value =
                    serde_json::from_str(&row.action).map_err(|e| at(e.to_string()))?;
                let played = game.replay(side, &action).map_err(|e| at(e.to_string()))?;
                if played.seq as i64 != row.seq {
                    return Err(at(format!("replays as action {}", played.seq)));
                }
                let stored: Value =
                    serde_json::from_str(&row.events).map_err(|e| at(e.to_string()))?;
                if stored != Value::Array(played.events()) {
                    return Err(at("its stored events differ from the replay's".into()));
                }
                found.actions += 1;
                while let Some(snapshot) = snapshots.next_if(|s| s.seq as u64 <= game.seq()) {
                    found.snapshots += 1;
                    compare_snapshot(game.as_ref(), snapshot.seq, &snapshot.data)?;
                }
            }
        }
        if let Some(extra) = snapshots.next() {
            return Err(format!(
                "a snapshot at {} is past the last action",
                extra.seq
            ));
        }
        if game.seq() != meta.seq {
            return Err(format!(
                "the actions end at {} but the game row says {}",
                game.seq(),
                meta.seq
            ));
        }
        Ok(())
    }
}

fn compare_snapshot(game: &dyn DynMatch, seq: i64, data: &str) -> Result<(), String> {
    if game.seq() as i64 != seq {
        return Err(format!("the snapshot at {seq} falls between actions"));
    }
    let stored: Value =
        serde_json::from_str(data).map_err(|e| format!("the snapshot at {seq}: {e}"))?;
    if stored != game.snapshot() {
        return Err(format!("the snapshot at {seq} differs from the replay"));
    }
    Ok(())
}
