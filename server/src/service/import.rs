//! Importing a finished game from its record (`POST /api/games/import`). [`prepare`] checks
//! a record and puts it in canonical form without the store or a socket (the fuzz target
//! calls it too); [`Service::import`] then refuses a game already on this server, counts the
//! import against the importer's daily allowance, and stores it read-only.

use adjutant_engine::{Record, Registry, Side, Verified};
use adjutant_protocol::{
    ApiError, ClockInfo, ErrorCode, ImportGame, Imported, PerSide, Visibility,
};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tracing::info;

use super::clockwork::GameClock;
use super::{Account, Origin, Service, check_name, store_error, write_error};
use crate::auth::new_code;
use crate::store::{ImportedGame, NewAction, Write};

/// Seconds in the window of the daily import allowance.
const DAY: i64 = 86_400;

/// A record checked for import.
#[derive(Clone, Debug, PartialEq)]
pub struct Prepared {
    /// The record in canonical form: each action as the rules read it.
    pub record: Record,
    /// What the replay checked.
    pub verified: Verified,
    /// SHA-256 (hex) of the game the record holds: its set-up, seed and actions.
    pub hash: String,
    /// The record's clock in the server's stored form, where it has one.
    pub clock: Option<String>,
}

/// How the name of a player from an imported record is shown: marked, so that it is never
/// taken for the account of that name on this server (an account name has no spaces).
pub fn imported_name(name: &str) -> String {
    format!("{name} (imported)")
}

/// Checks a record for import (finished, complete and valid options and secret choices,
/// player names that could be account names, a game id that is one) and replays it against
/// the rules; answers its canonical form and content hash, or `bad_request` with the reason.
pub fn prepare(registry: &Registry, record: Record) -> Result<Prepared, ApiError> {
    let bad = |why: String| ApiError::new(ErrorCode::BadRequest, why);
    if record.outcome.is_none() || record.seed.is_none() {
        return Err(bad(
            "only the record of a finished game (with its seed and result) can be imported".into(),
        ));
    }
    let kind = registry.get(&record.game).ok_or_else(|| {
        ApiError::new(
            ErrorCode::NotFound,
            format!("this server has no game called {:?}", record.game),
        )
    })?;
    let info = kind.info();
    let options = info
        .resolve_options(&record.scenario, &Value::Object(record.options.clone()))
        .map_err(|why| bad(format!("the record's options are not valid: {why}")))?;
    if options != record.options {
        return Err(bad(
            "the record's options are incomplete or not valid".into()
        ));
    }
    for side in Side::BOTH {
        let Some(secret) = record.secret_choices.get(side) else {
            return Err(bad(format!(
                "the record lacks the {side} player's secret choices"
            )));
        };
        let resolved = info
            .resolve_secret_choices(&record.scenario, side, &Value::Object(secret.clone()))
            .map_err(|why| {
                bad(format!(
                    "the {side} player's secret choices are not valid: {why}"
                ))
            })?;
        if &resolved != secret {
            return Err(bad(format!(
                "the {side} player's secret choices are incomplete or not valid"
            )));
        }
        if let Some(name) = record.players.get(side)
            && check_name(name).ok().as_deref() != Some(name.as_str())
        {
            return Err(bad(format!(
                "the {side} player's name in the record is not a player's name (1 to 32 \
                 letters, digits, '-', '_' or '.')"
            )));
        }
    }
    if let Some(id) = &record.game_id
        && uuid::Uuid::try_parse(id).is_err()
    {
        return Err(bad("the record's game_id is not a game id".into()));
    }
    let clock = match &record.clock {
        None => None,
        Some(value) => {
            let info: ClockInfo = serde_json::from_value(value.clone())
                .map_err(|e| bad(format!("the record's clock is not a clock: {e}")))?;
            Some(serde_json::to_string(&GameClock::finished(&info)).expect("clocks serialise"))
        }
    };
    let times: Vec<i64> = record.actions.iter().filter_map(|a| a.at).collect();
    if !times.is_empty()
        && (times.len() != record.actions.len() || times.windows(2).any(|w| w[0] > w[1]))
    {
        return Err(bad(
            "the record's times are incomplete or out of order (each action's `at` is when it \
             was played, never before the one before it)"
                .into(),
        ));
    }
    let (verified, record) = adjutant_engine::verify_canonical(registry, &record)
        .map_err(|e| bad(format!("the record does not verify: {e}")))?;
    let hash = content_hash(&record);
    Ok(Prepared {
        record,
        verified,
        hash,
        clock,
    })
}

/// The SHA-256 of what makes a game the same game: its set-up, its seed and the actions in
/// canonical form (the rolls, events and result follow from those; the names and the game id
/// are labels). JSON objects serialise with sorted keys, so the text is canonical.
fn content_hash(record: &Record) -> String {
    let actions: Vec<Value> = record
        .actions
        .iter()
        .map(|a| json!([a.side, a.action]))
        .collect();
    let game = json!({
        "game": record.game,
        "scenario": record.scenario,
        "options": record.options,
        "secret_choices": record.secret_choices,
        "seed": record.seed,
        "actions": actions,
    });
    adjutant_engine::hex::encode(Sha256::digest(game.to_string().as_bytes()).as_slice())
}

impl Service {
    /// Stores a finished game from its record, read-only, after [`prepare`] checked it.
    /// Refused: a game already imported here or played here (`conflict`), an importer past
    /// `--imports-per-day` in the last 24 hours (`rate_limited`). `charge` is told the price
    /// (the actions to verify) before the replay, as for [`Service::replay`].
    pub async fn import(
        &self,
        account: Option<&Account>,
        request: ImportGame,
        charge: impl FnOnce(u64) -> bool + Send,
    ) -> Result<Imported, ApiError> {
        let account = account.ok_or_else(|| {
            ApiError::new(ErrorCode::Unauthorized, "importing a game needs your token")
        })?;
        self.check_import_allowance(account).await?;
        if !charge(request.record.actions.len() as u64) {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                "checking a record this long costs more of your request allowance than you \
                 have left; slow down and try again in a moment",
            ));
        }
        let registry = self.inner.registry.clone();
        let record = request.record;
        let prepared = self
            .on_replay_cpu(move |_permit| prepare(&registry, record))
            .await??;
        self.check_not_here(&prepared, account).await?;
        let _one_at_a_time = self.inner.imports.lock().await;
        self.check_import_allowance(account).await?;
        let id = uuid::Uuid::new_v4().hyphenated().to_string();
        let game = self.imported_game(&id, prepared.clone(), request.visibility, account);
        self.inner
            .store
            .write(Write::Import(Box::new(game)))
            .await
            .map_err(write_error)?;
        let verified = prepared.verified;
        info!(game = %id, by = %account.id, actions = verified.actions, "game imported");
        Ok(Imported {
            game_id: id,
            actions: verified.actions,
            rolls: verified.rolls,
            outcome: verified.outcome,
        })
    }

    /// Refuses an account that imported `--imports-per-day` games in the last 24 hours.
    async fn check_import_allowance(&self, account: &Account) -> Result<(), ApiError> {
        let most = self.config().imports_per_day;
        if most == 0 {
            return Ok(());
        }
        let since = self.now() - DAY;
        let done = self
            .inner
            .store
            .imports_since(&account.id, since)
            .await
            .map_err(store_error)?;
        if done >= i64::from(most) {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                format!(
                    "you have imported {done} games in the last 24 hours, the most this server \
                     allows; try again tomorrow"
                ),
            ));
        }
        Ok(())
    }

    /// Refuses a game imported here before (by its content hash) or played here (its
    /// record's game id names a game of this server with the same seed).
    async fn check_not_here(&self, prepared: &Prepared, account: &Account) -> Result<(), ApiError> {
        let store = &self.inner.store;
        let before = store
            .import_by_hash(&prepared.hash)
            .await
            .map_err(store_error)?;
        if let Some((id, importer)) = before {
            let whose = if importer == account.id {
                format!("you imported it before: it is game {id}")
            } else {
                "another account imported it before".to_string()
            };
            return Err(ApiError::new(
                ErrorCode::Conflict,
                format!("this game is already on this server: {whose}"),
            ));
        }
        let Some(original) = &prepared.record.game_id else {
            return Ok(());
        };
        let here = store.game(original).await.map_err(store_error)?;
        if here.is_some_and(|g| g.seed_commitment == prepared.record.seed_commitment) {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                format!("this game was played on this server: it is game {original}"),
            ));
        }
        Ok(())
    }

    /// The rows of an imported game: the canonical actions, the record's names kept aside
    /// (in `origin`), no seated account.
    fn imported_game(
        &self,
        id: &str,
        prepared: Prepared,
        visibility: Visibility,
        account: &Account,
    ) -> ImportedGame {
        let record = prepared.record;
        let now = self.now();
        let origin = Origin {
            imported_by: account.id.clone(),
            players: record.players.clone(),
            original_id: record.game_id.clone(),
        };
        let actions = record
            .actions
            .iter()
            .map(|a| NewAction {
                game_id: id.to_string(),
                seq: a.seq as i64,
                side: a.side.as_str(),
                action: a.action.as_ref().map(Value::to_string).unwrap_or_default(),
                rolls: serde_json::to_string(&a.rolls).expect("rolls serialise"),
                events: Value::Array(a.events.clone()).to_string(),
                // 0: not known (a record without times).
                now: a.at.unwrap_or(0),
                status: "finished",
                to_act: String::new(),
                outcome: None,
                by_bot: a.by_bot,
                clock: None,
                wake_at: None,
                lease: 0,
                told: String::new(),
            })
            .collect();
        let secret = |side: Side| {
            Value::Object(record.secret_choices.get(side).clone().unwrap_or_default()).to_string()
        };
        let secrets: PerSide<String> = PerSide::from_fn(secret);
        ImportedGame {
            id: id.to_string(),
            game: record.game.clone(),
            scenario: record.scenario.clone(),
            options: Value::Object(record.options.clone()).to_string(),
            visibility: match visibility {
                Visibility::Public => "public",
                Visibility::Private => "private",
            },
            creator: account.id.clone(),
            union_secret: secrets.union,
            confederate_secret: secrets.confederate,
            seed: record.seed.clone().unwrap_or_default(),
            seed_commitment: record.seed_commitment.clone(),
            spectate_code: new_code(10),
            outcome: prepared
                .verified
                .outcome
                .as_ref()
                .map(|o| serde_json::to_string(o).expect("outcomes serialise")),
            origin: serde_json::to_string(&origin).expect("origins serialise"),
            record_hash: prepared.hash,
            now,
            clock: prepared.clock,
            actions,
        }
    }
}
