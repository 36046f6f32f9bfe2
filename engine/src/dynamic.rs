//! The object-safe face of a game, for a server that hosts many games it was not compiled
//! against: [`GameKind`] (one per game) and [`DynMatch`] (one per running match), both
//! speaking JSON, and the [`Registry`] a server is built with.

use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::Arc;

use crate::catalog::GameInfo;
use crate::dice::Seed;
use crate::error::{PlayError, SetupError};
use crate::game_match::{Match, Played, Snapshot};
use crate::opponent::{Opponent, OpponentInfo};
use crate::rules::{EndReason, Outcome, Rules};
use crate::setup::Setup;
use crate::side::{Side, Viewer};
use crate::view_parts::Part;

/// One running match of some game, behind JSON.
pub trait DynMatch: Send + Sync {
    /// Number of actions accepted so far.
    fn seq(&self) -> u64;
    /// Plays an offered action (or `undo` while offered) for `side`.
    fn play(&mut self, side: Side, action: &Value) -> Result<Played, PlayError>;
    /// Replays a stored or recorded action, concessions included ([`Match::replay`]).
    fn replay(&mut self, side: Side, action: &Value) -> Result<Played, PlayError>;
    /// Replays as [`DynMatch::replay`] does, keeping no record of the action (its sequence
    /// number only): for loading a game ([`Match::replay_quiet`]).
    fn replay_quiet(&mut self, side: Side, action: &Value) -> Result<u64, PlayError>;
    /// [`Match::replay_quiet_all`]: a stretch of the record at once (`Err((i, why))`: the
    /// `i`-th does not replay, and the match may not be whole).
    fn replay_quiet_all(&mut self, actions: &[(Side, Value)]) -> Result<u64, (usize, PlayError)>;
    /// Ends the game against `side`.
    fn concede(&mut self, side: Side, reason: EndReason) -> Result<Played, PlayError>;
    /// The view for `viewer`.
    fn view(&self, viewer: Viewer) -> Value;
    /// The view for `viewer` as JSON text: what the server keeps, diffs and sends. One
    /// serialiser writes every view of a match, so the same view is always the same text.
    fn view_text(&self, viewer: Viewer) -> String;
    /// The view for `viewer` in parts ([`Match::view_parts`]): written out, its text; what
    /// the server keeps as the next update's base and makes the update from.
    fn view_parts(&self, viewer: Viewer) -> Part;
    /// The events of `played` (best the action just played) as `viewer` may see them, as
    /// one JSON array ([`Match::redact_played_text`]).
    fn redact_played_text(&self, played: &Played, viewer: Viewer) -> String;
    /// The sides that must act now.
    fn to_act(&self) -> Vec<Side>;
    /// The result, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// The match as JSON for the store.
    fn snapshot(&self) -> Value;
    /// How many actions undo could take back in a row now (a snapshot holds one state for
    /// each, so one taken when this is 0 is smallest).
    fn undo_depth(&self) -> usize;
    /// Both sides' standing (the rules' [`Rules::tally`]), for the after-action report.
    fn tally(&self) -> Option<crate::rules::Tally>;
}

impl<G: Rules> DynMatch for Match<G> {
    fn seq(&self) -> u64 {
        Match::seq(self)
    }
    fn play(&mut self, side: Side, action: &Value) -> Result<Played, PlayError> {
        Match::play(self, side, action)
    }
    fn replay(&mut self, side: Side, action: &Value) -> Result<Played, PlayError> {
        Match::replay(self, side, action)
    }
    fn replay_quiet(&mut self, side: Side, action: &Value) -> Result<u64, PlayError> {
        Match::replay_quiet(self, side, action)
    }
    fn replay_quiet_all(&mut self, actions: &[(Side, Value)]) -> Result<u64, (usize, PlayError)> {
        Match::replay_quiet_all(self, actions)
    }
    fn concede(&mut self, side: Side, reason: EndReason) -> Result<Played, PlayError> {
        Match::concede(self, side, reason)
    }
    fn view(&self, viewer: Viewer) -> Value {
        Match::view(self, viewer)
    }
    fn view_text(&self, viewer: Viewer) -> String {
        Match::view_text(self, viewer)
    }
    fn view_parts(&self, viewer: Viewer) -> Part {
        Match::view_parts(self, viewer)
    }
    fn redact_played_text(&self, played: &Played, viewer: Viewer) -> String {
        Match::redact_played_text(self, played, viewer)
    }
    fn to_act(&self) -> Vec<Side> {
        Match::to_act(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Match::outcome(self)
    }
    fn snapshot(&self) -> Value {
        serde_json::to_value(Match::snapshot(self)).expect("snapshots serialise")
    }
    fn undo_depth(&self) -> usize {
        Match::undo_depth(self)
    }
    fn tally(&self) -> Option<crate::rules::Tally> {
        self.state().tally()
    }
}

/// One game the server can host.
pub trait GameKind: Send + Sync {
    /// The catalog entry.
    fn info(&self) -> &GameInfo;
    /// The static data served at `GET /api/catalog/{game}`.
    fn static_data(&self) -> &Value;
    /// Sets up a new match.
    fn start(&self, setup: &Setup, seed: &Seed) -> Result<Box<dyn DynMatch>, SetupError>;
    /// Carries on a match from a stored snapshot.
    fn restore(&self, snapshot: &Value, seed: &Seed) -> Result<Box<dyn DynMatch>, SetupError>;
    /// Stored events as `viewer` may see them.
    fn redact(&self, events: &[Value], viewer: Viewer) -> Vec<Value>;
}

/// The [`GameKind`] of a [`Rules`] type, with its catalog data computed once.
struct Kind<G> {
    info: GameInfo,
    data: Value,
    rules: PhantomData<fn() -> G>,
}

impl<G: Rules> GameKind for Kind<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }
    fn static_data(&self) -> &Value {
        &self.data
    }
    fn start(&self, setup: &Setup, seed: &Seed) -> Result<Box<dyn DynMatch>, SetupError> {
        if self.info.scenario(&setup.scenario).is_none() {
            return Err(SetupError::UnknownScenario(setup.scenario.clone()));
        }
        Ok(Box::new(Match::<G>::new(setup, seed)?))
    }
    fn restore(&self, snapshot: &Value, seed: &Seed) -> Result<Box<dyn DynMatch>, SetupError> {
        let snapshot: Snapshot<G> = Snapshot::deserialize(snapshot)
            .map_err(|e| SetupError::Rules(format!("the stored snapshot does not load: {e}")))?;
        Ok(Box::new(Match::restore(snapshot, seed)))
    }
    fn redact(&self, events: &[Value], viewer: Viewer) -> Vec<Value> {
        Match::<G>::redact(events, viewer)
    }
}

/// The [`GameKind`] of a rules type.
pub fn kind<G: Rules>() -> Arc<dyn GameKind> {
    Arc::new(Kind::<G> {
        info: G::info(),
        data: G::static_data(),
        rules: PhantomData,
    })
}

/// The games a server or client knows, by id.
#[derive(Clone, Default)]
pub struct Registry {
    games: BTreeMap<String, Arc<dyn GameKind>>,
    /// The computer opponents, by game id (a game without one cannot be played against the
    /// computer).
    opponents: BTreeMap<String, Arc<dyn Opponent>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Adds a game (replacing one with the same id).
    pub fn with(mut self, game: Arc<dyn GameKind>) -> Self {
        self.games.insert(game.info().id.clone(), game);
        self
    }

    /// The game with this id.
    pub fn get(&self, id: &str) -> Option<&Arc<dyn GameKind>> {
        self.games.get(id)
    }

    /// Every game, by id.
    pub fn games(&self) -> impl Iterator<Item = &Arc<dyn GameKind>> {
        self.games.values()
    }

    /// Gives game `id` a computer opponent (replacing one it had).
    pub fn with_opponent(mut self, id: &str, opponent: Arc<dyn Opponent>) -> Self {
        self.opponents.insert(id.to_string(), opponent);
        self
    }

    /// The computer opponent of game `id`, if it has one.
    pub fn opponent(&self, id: &str) -> Option<&Arc<dyn Opponent>> {
        self.opponents.get(id)
    }

    /// What the catalog says of every computer opponent of a game this registry holds.
    pub fn opponents(&self) -> Vec<OpponentInfo> {
        self.opponents
            .iter()
            .filter(|(id, _)| self.games.contains_key(*id))
            .map(|(id, o)| OpponentInfo::of(id, o.as_ref()))
            .collect()
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.games.keys()).finish()
    }
}
