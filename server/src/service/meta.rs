//! What the server knows about a game apart from its rules state: seats, codes, seed,
//! standing; and who may see or do what.

use adjutant_engine::{Outcome, PerSide, Seed, Setup, Side, Viewer};
use adjutant_protocol::{
    ApiError, ComputerSeat, ErrorCode, GameState, GameStatus, GameSummary, Visibility,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::clockwork::GameClock;
use crate::auth::normalise_code;
use crate::store::GameRow;

/// Where an imported game came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// The account that imported it.
    pub imported_by: String,
    /// The players' names as the record gives them.
    pub players: PerSide<Option<String>>,
    /// The game's id on the server it was played on.
    pub original_id: Option<String>,
}

/// An authenticated caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub id: String,
    pub name: String,
    /// The public id of the token the caller used (to mark it in lists, keep it when the
    /// others are revoked, and close what it opened when it is revoked).
    pub token_id: String,
}

/// A game's row, parsed.
#[derive(Clone, Debug)]
pub struct GameMeta {
    pub id: String,
    pub game: String,
    pub scenario: String,
    pub options: Map<String, Value>,
    pub visibility: Visibility,
    pub status: GameStatus,
    /// Account id in each seat.
    pub accounts: PerSide<Option<String>>,
    /// The name shown for each seat: its account's, or for an imported game the record's
    /// name marked as imported.
    pub names: PerSide<Option<String>>,
    /// Each seat's secret choices, once taken.
    pub secrets: PerSide<Option<Map<String, Value>>>,
    pub seed: Seed,
    pub seed_commitment: String,
    pub invite_code: Option<String>,
    pub spectate_code: String,
    pub seq: u64,
    pub to_act: Vec<Side>,
    pub outcome: Option<Outcome>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The clock, if the game has one.
    pub clock: Option<GameClock>,
    /// Set for a game imported from a record.
    pub origin: Option<Origin>,
    /// The open seat is kept for this account (a rematch).
    pub reserved_for: Option<String>,
    /// The rematch offered after this game.
    pub rematch_id: Option<String>,
    /// The seat the computer holds (a game against the computer; it has no account).
    pub computer: Option<ComputerSeat>,
}

/// The name shown for the computer's seat.
pub fn computer_name(level: &str) -> String {
    format!("Computer ({level})")
}

impl GameMeta {
    /// Parses a stored row. A row that does not parse is a store fault.
    pub fn from_row(row: GameRow) -> Result<GameMeta, ApiError> {
        let bad = |what: &str| {
            ApiError::new(
                ErrorCode::Internal,
                format!("game {} has a damaged {what}", row.id),
            )
        };
        let object = |text: &str, what: &str| -> Result<Map<String, Value>, ApiError> {
            serde_json::from_str(text).map_err(|_| bad(what))
        };
        let secret = |text: &Option<String>, what: &str| {
            text.as_deref().map(|t| object(t, what)).transpose()
        };
        let origin: Option<Origin> = row
            .origin
            .as_deref()
            .map(serde_json::from_str)
            .transpose()
            .map_err(|_| bad("origin"))?;
        let computer: Option<ComputerSeat> = row
            .computer
            .as_deref()
            .map(serde_json::from_str)
            .transpose()
            .map_err(|_| bad("computer seat"))?;
        let mut names = match &origin {
            Some(origin) => PerSide::from_fn(|side| {
                origin
                    .players
                    .get(side)
                    .as_deref()
                    .map(super::import::imported_name)
            }),
            None => PerSide {
                union: row.union_name,
                confederate: row.confederate_name,
            },
        };
        if let Some(c) = &computer {
            *names.get_mut(c.side) = Some(computer_name(&c.level));
        }
        Ok(GameMeta {
            computer,
            clock: row
                .clock
                .as_deref()
                .map(serde_json::from_str)
                .transpose()
                .map_err(|_| bad("clock"))?,
            origin,
            names,
            reserved_for: row.reserved_for,
            rematch_id: row.rematch_id,
            options: object(&row.options, "options")?,
            visibility: if row.visibility == "private" {
                Visibility::Private
            } else {
                Visibility::Public
            },
            status: GameStatus::parse(&row.status).ok_or_else(|| bad("status"))?,
            secrets: PerSide {
                union: secret(&row.union_secret, "secret choice")?,
                confederate: secret(&row.confederate_secret, "secret choice")?,
            },
            seed: Seed::from_hex(&row.seed).ok_or_else(|| bad("seed"))?,
            to_act: row.to_act.split(',').filter_map(Side::parse).collect(),
            outcome: row
                .outcome
                .as_deref()
                .map(serde_json::from_str)
                .transpose()
                .map_err(|_| bad("outcome"))?,
            seq: u64::try_from(row.seq).map_err(|_| bad("sequence number"))?,
            accounts: PerSide {
                union: row.union_account,
                confederate: row.confederate_account,
            },
            id: row.id,
            game: row.game,
            scenario: row.scenario,
            seed_commitment: row.seed_commitment,
            invite_code: row.invite_code,
            spectate_code: row.spectate_code,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }

    /// The seat an account holds, if any.
    pub fn seat_of(&self, account: &str) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&side| self.accounts.get(side).as_deref() == Some(account))
    }

    /// The seat still empty, if any (the computer's seat never is).
    pub fn open_seat(&self) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&side| self.accounts.get(side).is_none() && self.computer_side() != Some(side))
    }

    /// The side the computer plays, in a game against the computer.
    pub fn computer_side(&self) -> Option<Side> {
        self.computer.as_ref().map(|c| c.side)
    }

    /// Whom a caller sees the game as: its seat, a spectator (public game, private with the
    /// spectate code, or private and imported by the caller), everything once the game is
    /// over; or `forbidden`.
    pub fn viewer(
        &self,
        account: Option<&Account>,
        spectate_code: Option<&str>,
    ) -> Result<Viewer, ApiError> {
        let seat = account.and_then(|a| self.seat_of(&a.id));
        let kept_for = account.is_some_and(|a| self.reserved_for.as_deref() == Some(&a.id));
        let importer =
            account.is_some_and(|a| self.origin.as_ref().is_some_and(|o| o.imported_by == a.id));
        let allowed = seat.is_some()
            || kept_for
            || importer
            || self.visibility == Visibility::Public
            || spectate_code.is_some_and(|code| normalise_code(code) == self.spectate_code);
        if !allowed {
            return Err(ApiError::new(
                ErrorCode::Forbidden,
                "this is a private game: watching it needs its spectate code",
            ));
        }
        Ok(match (self.status, seat) {
            (GameStatus::Finished, _) => Viewer::Omniscient,
            (_, Some(side)) => Viewer::Seat(side),
            (_, None) => Viewer::Spectator,
        })
    }

    /// The set-up, once both seats are taken.
    pub fn setup(&self) -> Option<Setup> {
        Some(Setup {
            scenario: self.scenario.clone(),
            options: self.options.clone(),
            secret_choices: PerSide {
                union: self.secrets.union.clone()?,
                confederate: self.secrets.confederate.clone()?,
            },
        })
    }

    /// The `GET /api/games/{id}` reply around a view, with the clock as it stands at `now`.
    pub fn state(&self, viewer: Viewer, view: Value, now: i64) -> GameState {
        GameState {
            game_id: self.id.clone(),
            game: self.game.clone(),
            scenario: self.scenario.clone(),
            status: self.status,
            seq: self.seq,
            viewer: viewer.as_str().to_string(),
            players: self.names.clone(),
            visibility: self.visibility,
            options: Value::Object(self.options.clone()),
            seed_commitment: self.seed_commitment.clone(),
            view,
            clock: self.clock_info(now),
            imported: self.origin.is_some(),
            rematch: self.rematch_id.clone(),
            computer: self.computer.clone(),
        }
    }

    /// The clock's wire form at `now` (none once the game is over: it stopped).
    pub fn clock_info(&self, now: i64) -> Option<adjutant_protocol::ClockInfo> {
        let clock = self.clock.as_ref()?;
        let mut info = clock.info(now);
        if self.status != GameStatus::Active {
            info.running.clear();
            info.deadline = None;
        }
        Some(info)
    }

    /// A line of a game list, for `account`.
    pub fn summary(&self, account: Option<&str>, now: i64) -> GameSummary {
        let my_seat = account.and_then(|a| self.seat_of(a));
        GameSummary {
            game_id: self.id.clone(),
            game: self.game.clone(),
            scenario: self.scenario.clone(),
            status: self.status,
            visibility: self.visibility,
            players: self.names.clone(),
            my_seat,
            my_turn: my_seat.is_some_and(|s| self.to_act.contains(&s)),
            to_act: self.to_act.clone(),
            seq: self.seq,
            created_at: self.created_at,
            updated_at: self.updated_at,
            outcome: self.outcome.clone(),
            clock: self.clock_info(now),
            imported: self.origin.is_some(),
            kept_for_me: self.status == GameStatus::Open
                && account.is_some_and(|a| self.reserved_for.as_deref() == Some(a)),
            computer: self.computer.clone(),
        }
    }

    /// The account in `side`'s seat.
    pub fn account_in(&self, side: Side) -> Option<&str> {
        self.accounts.get(side).as_deref()
    }
}

/// The comma-separated form of the sides to act, as stored.
pub fn to_act_text(sides: &[Side]) -> String {
    sides
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(",")
}
