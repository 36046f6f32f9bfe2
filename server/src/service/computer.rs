//! Games against the computer, as they are created: the request's `opponent` and `level`
//! read, and the computer's seat filled at once (its secret choices take their defaults), so
//! that the game starts active with no one to join. Playing the seat is the actor's
//! (`actor/computer.rs`).

use adjutant_engine::{PerSide, Seed, Setup};
use adjutant_protocol::ComputerSeat;
use serde_json::Map;

use super::*;
use crate::store::ComputerStart;

/// A bad request, in the contract's words.
fn bad(why: String) -> ApiError {
    ApiError::new(ErrorCode::BadRequest, why)
}

impl Service {
    /// The seat the computer takes in a new game of `game` whose creator plays `side`:
    /// `None` for a game between two people (`opponent` omitted or `person`).
    pub(super) fn computer_seat(
        &self,
        game: &str,
        opponent: Option<&str>,
        level: Option<&str>,
        side: Side,
    ) -> Result<Option<ComputerSeat>, ApiError> {
        match opponent {
            None | Some("person") => {
                return match level {
                    Some(_) => Err(bad(
                        "a level is for a game against the computer: send \"opponent\": \"computer\" with it"
                            .into(),
                    )),
                    None => Ok(None),
                };
            }
            Some("computer") => {}
            Some(other) => {
                return Err(bad(format!(
                    "the opponent is \"person\" or \"computer\", not {other:?}"
                )));
            }
        }
        let Some(computer) = self.inner.registry.opponent(game) else {
            let name = |id: &str| {
                self.inner
                    .registry
                    .get(id)
                    .map_or_else(|| id.to_string(), |k| k.info().name.clone())
            };
            let playable: Vec<String> = self
                .inner
                .registry
                .opponents()
                .iter()
                .map(|o| name(&o.game))
                .collect();
            let which = if playable.is_empty() {
                "no game of this server".to_string()
            } else {
                playable.join(", ")
            };
            return Err(bad(format!(
                "{} cannot be played against the computer on this server; {which} can",
                name(game)
            )));
        };
        let level = level.unwrap_or(computer.default_level());
        if !computer.levels().contains(&level) {
            return Err(bad(format!(
                "the computer has no level {level:?}; it plays {}",
                computer.levels().join(", ")
            )));
        }
        Ok(Some(ComputerSeat {
            side: side.opponent(),
            level: level.to_string(),
        }))
    }
}

/// The computer's seat of a new game and the game's first standing. The game is set up here,
/// so that a set-up the rules refuse is refused before anything is stored.
pub(super) fn computer_start(
    kind: &dyn GameKind,
    scenario: &str,
    options: &Map<String, Value>,
    creator_secret: &Map<String, Value>,
    seat: &ComputerSeat,
    seed: &Seed,
) -> Result<ComputerStart, ApiError> {
    let secret = kind
        .info()
        .resolve_secret_choices(scenario, seat.side, &Value::Null)
        .map_err(bad)?;
    let mut secret_choices = PerSide::from_fn(|_| creator_secret.clone());
    *secret_choices.get_mut(seat.side) = secret.clone();
    let setup = Setup {
        scenario: scenario.to_string(),
        options: options.clone(),
        secret_choices,
    };
    let game = kind
        .start(&setup, seed)
        .map_err(|e| bad(format!("the game cannot start: {e}")))?;
    Ok(ComputerStart {
        side: seat.side.as_str(),
        seat: serde_json::to_string(seat).expect("a computer seat serialises"),
        secret: Value::Object(secret).to_string(),
        to_act: super::meta::to_act_text(&game.to_act()),
    })
}
