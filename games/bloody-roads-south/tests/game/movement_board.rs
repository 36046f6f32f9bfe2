//! Positions for the movement tests: Sander's Field set up through the engine, the map
//! cleared, the counters a test needs put where it needs them (the crate's hidden `testing`
//! module), and actions applied through `Rules::apply` after checking that they are offered.

use adjutant_engine::{Dice, Match, Rules, Side, Viewer};
use bloody_roads_south::data::HexId;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::{Formation, Unit, UnitKey};
use bloody_roads_south::{Action, BloodyRoadsSouth, Event};

use crate::support::{sanders_field, seed, set_up_quickly, setup_for};

/// A hex id.
pub fn hex(s: &str) -> HexId {
    s.parse().expect("a hex id")
}

/// The `Pick` of a unit (not a part) by id with the stack-mates named.
pub fn pick(id: &str, with: &[&str]) -> Action {
    Action::Pick {
        unit: bloody_roads_south::data::UnitId::new(id),
        part: None,
        with: with
            .iter()
            .map(|w| bloody_roads_south::data::UnitId::new(w))
            .collect(),
    }
}

/// A game position and its dice.
pub struct Board {
    /// The game.
    pub g: BloodyRoadsSouth,
    /// The dice.
    pub dice: Dice,
    /// Every event of the actions applied so far.
    pub events: Vec<Event>,
    /// Whether the last action applied revealed hidden information.
    pub revealed: bool,
}

impl Board {
    /// Sander's Field after both set-ups, with nothing on the map.
    pub fn empty(n: u64) -> Board {
        Board::empty_in(sanders_field(n), n)
    }

    /// A scenario after both set-ups, with nothing on the map.
    pub fn empty_of(scenario: &str, n: u64) -> Board {
        let m = Match::new(&setup_for(scenario, &[]), &seed(n)).expect("the scenario sets up");
        Board::empty_in(m, n)
    }

    fn empty_in(mut m: Match<BloodyRoadsSouth>, n: u64) -> Board {
        set_up_quickly(&mut m);
        let mut g = m.state().clone();
        g.test_clear_map();
        Board {
            g,
            dice: Dice::new(&seed(n)),
            events: Vec::new(),
            revealed: false,
        }
    }

    /// Puts a counter on the map (see `test_place`).
    pub fn place(
        &mut self,
        side: Side,
        id: &str,
        at: &str,
        formation: Formation,
        facing: Vertex,
    ) -> UnitKey {
        self.g.test_place(side, id, at, formation, facing)
    }

    /// Starts `side`'s movement.
    pub fn begin(&mut self, side: Side) {
        self.g.test_begin_movement(side);
    }

    /// The actions offered to `side`.
    pub fn offered(&self, side: Side) -> Vec<Action> {
        self.g.legal_actions(side)
    }

    /// True when `action` is offered to `side`.
    pub fn is_offered(&self, side: Side, action: &Action) -> bool {
        self.offered(side).contains(action)
    }

    /// Applies an offered action (panics if it is not offered, its typed lists filled as the
    /// engine allows with `Rules::fits`, or refused).
    pub fn act(&mut self, side: Side, action: Action) {
        let offered = self.offered(side);
        assert!(
            offered.iter().any(|o| self.g.fits(o, &action)),
            "{action:?} is not offered to {side}; offered: {offered:?}"
        );
        let applied = self
            .g
            .apply(side, action.clone(), &mut self.dice)
            .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
        self.revealed = applied.reveals;
        self.events.extend(applied.events);
    }

    /// Answers every question waiting (retreats, rout-through) with the first choice offered.
    pub fn settle_questions(&mut self) {
        for _ in 0..100 {
            let Some(d) = self.g.decisions().first() else {
                return;
            };
            let side = d.side();
            let first = self
                .offered(side)
                .into_iter()
                .next()
                .expect("a question offers a choice");
            self.act(side, first);
        }
        panic!("questions never settled");
    }

    /// Picks up a unit (not a part) by id, alone.
    pub fn pick(&mut self, side: Side, id: &str) {
        self.pick_with(side, id, &[]);
    }

    /// Picks up a unit (not a part) by id with stack-mates going with it (one action).
    pub fn pick_with(&mut self, side: Side, id: &str, with: &[&str]) {
        self.act(side, pick(id, with));
    }

    /// Moves the group one hex.
    pub fn step(&mut self, side: Side, to: &str) {
        self.act(side, Action::Step { to: hex(to) });
    }

    /// The hexes the group may step into.
    pub fn steps(&self, side: Side) -> Vec<HexId> {
        self.offered(side)
            .into_iter()
            .filter_map(|a| match a {
                Action::Step { to } => Some(to),
                _ => None,
            })
            .collect()
    }

    /// A counter.
    pub fn unit(&self, k: UnitKey) -> &Unit {
        self.g.unit(k)
    }

    /// A counter's morale.
    pub fn morale(&self, k: UnitKey) -> MoraleState {
        self.g.unit(k).morale()
    }

    /// The sentences `viewer` reads of the events so far.
    pub fn read(&self, viewer: Viewer) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|e| e.sentence(viewer))
            .collect()
    }

    /// The label of an action for `side`.
    pub fn label(&self, side: Side, action: &Action) -> String {
        self.g.label(side, action)
    }
}
