//! The position builder: a game's state set up by hand, for tests and tools.
//!
//! A [`Situation`] takes a state (usually one the engine has just set up) and changes it
//! through methods named for the game's concepts — the turn, the weather, where a counter
//! stands, a ship's arrow, a capture — then [`Situation::build`] checks that the result is
//! well formed ([`MississippiFortress::check_well_formed`]) and hands the state back. Nothing
//! is recomputed: LOC status, Control and the bookkeeping are what the situation says, so a
//! test sets exactly the facts it examines. The state's own fields stay private to the crate;
//! this is the one way to change them from outside other than playing actions.
//!
//! Counters are named by id (`"xv-1-div"`) or key ([`CounterRef`]), ships by id or index
//! ([`ShipRef`]). A name that matches nothing is an error reported by `build`.
//!
//! ```
//! use adjutant_engine::{Dice, PerSide, Rules, Seed, Setup};
//! use mississippi_fortress::MississippiFortress;
//! use mississippi_fortress::data::{AreaId, Weather};
//! use mississippi_fortress::situation::{Situation, SituationError};
//!
//! let setup = Setup {
//!     scenario: "champion-hill".into(),
//!     options: Default::default(),
//!     secret_choices: PerSide::default(),
//! };
//! let game = MississippiFortress::setup(&setup, &mut Dice::new(&Seed::from_bytes([7; 32])))?;
//! let game = Situation::new(game)
//!     .clear_map()
//!     .weather(Weather::Rain)
//!     .put("xv-1-div", AreaId(18))
//!     .counter("xv-1-div", |c| c.set_casualties(2))
//!     .build()?;
//! let k = game.key("xv-1-div").expect("in 6.1");
//! assert_eq!(game.counters()[k].area(), Some(AreaId(18)));
//! assert_eq!(game.counters()[k].present(), 5);
//! assert_eq!(
//!     Situation::new(game).put("no-such-unit", AreaId(1)).build().err(),
//!     Some(SituationError::UnknownCounter("no-such-unit".into()))
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod edit;
mod error;

use adjutant_engine::Side;

pub use edit::{BattleEdit, CounterEdit, ReinforcementEdit, ShipEdit};
pub use error::SituationError;

use crate::data::{AreaId, ScenarioId, Weather};
use crate::model::counter::{Carrier, Key, Kind, Place};
use crate::model::game::MississippiFortress;
use crate::model::node::Node;
use crate::model::ship::{BatteryState, OffRiver};
use crate::model::step::Step;
use crate::model::track::Capture;
use crate::setup::{land_counter, new_ship};

/// A land counter named to a [`Situation`]: by its id, or by its key in the state.
pub trait CounterRef {
    /// Its key in `game`, if it is there.
    fn key_in(&self, game: &MississippiFortress) -> Option<Key>;
    /// The name, for an error.
    fn describe(&self) -> String;
}

impl CounterRef for &str {
    fn key_in(&self, game: &MississippiFortress) -> Option<Key> {
        game.key(self)
    }
    fn describe(&self) -> String {
        (*self).to_string()
    }
}

impl CounterRef for &String {
    fn key_in(&self, game: &MississippiFortress) -> Option<Key> {
        game.key(self)
    }
    fn describe(&self) -> String {
        (*self).clone()
    }
}

impl CounterRef for String {
    fn key_in(&self, game: &MississippiFortress) -> Option<Key> {
        game.key(self)
    }
    fn describe(&self) -> String {
        self.clone()
    }
}

impl CounterRef for Key {
    fn key_in(&self, game: &MississippiFortress) -> Option<Key> {
        (*self < game.counters.len()).then_some(*self)
    }
    fn describe(&self) -> String {
        format!("counter #{self}")
    }
}

/// A ship named to a [`Situation`]: by its id, or by its index in the state.
pub trait ShipRef {
    /// Its index in `game`, if it is there.
    fn index_in(&self, game: &MississippiFortress) -> Option<usize>;
    /// The name, for an error.
    fn describe(&self) -> String;
}

impl ShipRef for &str {
    fn index_in(&self, game: &MississippiFortress) -> Option<usize> {
        game.ship_index(self)
    }
    fn describe(&self) -> String {
        (*self).to_string()
    }
}

impl ShipRef for usize {
    fn index_in(&self, game: &MississippiFortress) -> Option<usize> {
        (*self < game.ships.len()).then_some(*self)
    }
    fn describe(&self) -> String {
        format!("ship #{self}")
    }
}

/// A state being set up by hand; [`Situation::build`] checks it and gives it back.
#[derive(Clone, Debug)]
pub struct Situation {
    /// The state as set up so far.
    game: MississippiFortress,
    /// The first name that matched nothing, or the first addition refused.
    error: Option<SituationError>,
}

impl From<MississippiFortress> for Situation {
    fn from(game: MississippiFortress) -> Self {
        Situation::new(game)
    }
}

impl Situation {
    /// Starts from `game` as it is.
    pub fn new(game: MississippiFortress) -> Situation {
        Situation { game, error: None }
    }

    /// The state as set up so far.
    pub fn state(&self) -> &MississippiFortress {
        &self.game
    }

    /// The state, if it is well formed and every name matched.
    pub fn build(self) -> Result<MississippiFortress, SituationError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        self.game
            .check_well_formed()
            .map_err(SituationError::IllFormed)?;
        Ok(self.game)
    }

    fn fail(mut self, error: SituationError) -> Self {
        self.error.get_or_insert(error);
        self
    }

    // --- The game ---

    /// The scenario whose data (turns, victory conditions) the rules read; the counters stay
    /// as they are.
    pub fn scenario(mut self, id: ScenarioId) -> Self {
        self.game.scenario = id;
        self
    }

    /// The Game Turn.
    pub fn turn(mut self, turn: u8) -> Self {
        self.game.turn = turn;
        self
    }

    /// Where the sequence of play stands.
    pub fn step(mut self, step: Step) -> Self {
        self.game.step = step;
        self
    }

    /// This turn's weather (3.2).
    pub fn weather(mut self, weather: Weather) -> Self {
        self.game.weather = weather;
        self
    }

    /// The previous turn's weather (3.2c: consecutive Rain).
    pub fn previous_weather(mut self, weather: Weather) -> Self {
        self.game.previous_weather = weather;
        self
    }

    /// A side's Victory Points (S10.1).
    pub fn vp(mut self, side: Side, vp: i64) -> Self {
        *self.game.vp.get_mut(side) = vp;
        self
    }

    /// SP `side` lost since its enemy's last Victory Point Phase (S10.3d).
    pub fn sp_lost(mut self, side: Side, sp: u32) -> Self {
        *self.game.lost.get_mut(side) = sp;
        self
    }

    /// The Vicksburg Siege Track: besieged as last announced, and the supplies (5.41, 5.42).
    pub fn siege(mut self, besieged: bool, supplies: Option<u8>) -> Self {
        self.game.siege.besieged = besieged;
        self.game.siege.supplies = supplies;
        self
    }

    /// A capture recorded at the end of `turn` (S10.7a); `qualified`: a claimant could make a
    /// LOC-dependent claim through it when it fell.
    pub fn capture(mut self, area: AreaId, side: Side, turn: u8, qualified: bool) -> Self {
        self.game.captures.push(Capture {
            area,
            side,
            turn,
            qualified,
        });
        self
    }

    /// The turn the Union's present hold on Vicksburg was recorded (5.44).
    pub fn vicksburg_hold(mut self, turn: Option<u8>) -> Self {
        self.game.vicksburg_hold = turn;
        self
    }

    /// Consecutive Union Movement Phases ended with a gunboat opposite Grand Gulf (4.23e).
    pub fn grand_gulf_count(mut self, phases: u8) -> Self {
        self.game.grand_gulf_count = phases;
        self
    }

    /// Changes every reinforcement group of the scenario (S3.7).
    pub fn reinforcements<F>(mut self, mut change: F) -> Self
    where
        F: for<'a> FnMut(ReinforcementEdit<'a>) -> ReinforcementEdit<'a>,
    {
        for group in &mut self.game.reinforcements {
            change(ReinforcementEdit::new(group));
        }
        self
    }

    /// Changes the battle being fought (S8, S9).
    pub fn battle<F>(mut self, change: F) -> Self
    where
        F: for<'a> FnOnce(BattleEdit<'a>) -> BattleEdit<'a>,
    {
        match self.game.battle.as_mut() {
            Some(battle) => {
                change(BattleEdit::new(battle));
                self
            }
            None => self.fail(SituationError::NoBattle),
        }
    }

    // --- Land counters ---

    /// An empty map: every land counter off it (dummies back in their pools, the rest gone),
    /// face down, and every reinforcement group spent, so that only what the situation puts
    /// back is in play. Ships and batteries stay.
    pub fn clear_map(mut self) -> Self {
        for c in &mut self.game.counters {
            c.place = if c.kind == Kind::Dummy {
                Place::Pool
            } else {
                Place::Gone
            };
            c.face_up = false;
        }
        for r in &mut self.game.reinforcements {
            r.placed = true;
        }
        self
    }

    /// Changes a land counter.
    pub fn counter<F>(mut self, counter: impl CounterRef, change: F) -> Self
    where
        F: for<'a> FnOnce(CounterEdit<'a>) -> CounterEdit<'a>,
    {
        match counter.key_in(&self.game) {
            Some(k) => {
                change(CounterEdit::new(&mut self.game.counters[k]));
                self
            }
            None => self.fail(SituationError::UnknownCounter(counter.describe())),
        }
    }

    /// Puts a land counter somewhere.
    pub fn place(self, counter: impl CounterRef, place: Place) -> Self {
        self.counter(counter, |c| c.set_place(place))
    }

    /// Puts a land counter in an Area.
    pub fn put(self, counter: impl CounterRef, area: AreaId) -> Self {
        self.place(counter, Place::Area(area))
    }

    /// Puts a land counter aboard one steamer, its whole present strength on it (4.12).
    pub fn aboard(self, counter: impl CounterRef, steamer: impl ShipRef) -> Self {
        let Some(ship) = steamer.index_in(&self.game) else {
            return self.fail(SituationError::UnknownShip(steamer.describe()));
        };
        let Some(k) = counter.key_in(&self.game) else {
            return self.fail(SituationError::UnknownCounter(counter.describe()));
        };
        let on_first = self.game.counters[k].present();
        self.place(
            k,
            Place::Aboard(Carrier {
                ship,
                also: None,
                on_first,
            }),
        )
    }

    /// Adds a land counter of the data that the state does not hold (a unit of another
    /// scenario, a successor Leader), at full strength and face down.
    pub fn add_counter(mut self, unit: &str, place: Place) -> Self {
        match land_counter(unit, place) {
            Ok(counter) => {
                self.game.counters.push(counter);
                self
            }
            Err(e) => self.fail(SituationError::Refused(e)),
        }
    }

    // --- Ships and batteries ---

    /// Changes a ship.
    pub fn ship<F>(mut self, ship: impl ShipRef, change: F) -> Self
    where
        F: for<'a> FnOnce(ShipEdit<'a>) -> ShipEdit<'a>,
    {
        match ship.index_in(&self.game) {
            Some(i) => {
                change(ShipEdit::new(&mut self.game.ships[i]));
                self
            }
            None => self.fail(SituationError::UnknownShip(ship.describe())),
        }
    }

    /// Puts a ship on the river at `node` (an arrow or an off-map box), wherever it was.
    pub fn ship_at(self, ship: impl ShipRef, node: Node) -> Self {
        self.ship(ship, |s| s.set_at(Some(node)).set_off(None))
    }

    /// Takes a ship off the river for a reason (7.21c support, 7.21d damage, 4.15a).
    pub fn ship_off(self, ship: impl ShipRef, why: OffRiver) -> Self {
        self.ship(ship, |s| s.set_at(None).set_off(Some(why)))
    }

    /// Every ship out of play: neither on the river nor off it for a reason.
    pub fn without_ships(mut self) -> Self {
        for s in &mut self.game.ships {
            s.at = None;
            s.off = None;
        }
        self
    }

    /// Adds a ship of the data that the state does not hold, on the river at `node`.
    pub fn add_ship(mut self, unit: &str, node: Node) -> Self {
        match new_ship(unit, Some(node)) {
            Ok(ship) => {
                self.game.ships.push(ship);
                self
            }
            Err(e) => self.fail(SituationError::Refused(e)),
        }
    }

    /// A shore battery's state (4.22, 4.23e), the battery named by its unit id.
    pub fn battery(mut self, id: &str, state: BatteryState) -> Self {
        match self.game.batteries.iter_mut().find(|b| b.id.as_str() == id) {
            Some(b) => {
                b.state = state;
                self
            }
            None => self.fail(SituationError::UnknownBattery(id.to_string())),
        }
    }
}
