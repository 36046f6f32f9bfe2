//! Set-up (S2.1): the scenario's counters are placed (Second Player first, all face down
//! except batteries and ships, printed reduced strengths recorded as casualties), each player
//! places his set-up dummies, and the initial LOC status is taken.

use adjutant_engine::{PerSide, Setup, Side};

use crate::data::scenarios::{Location, Placement};
use crate::data::units::UnitKind;
use crate::data::{Map, OptionId, Options, ScenarioId, Scenarios, Units, Weather};
use crate::events::{EventKind, Fx};
use crate::model::counter::{Counter, Kind, LeaderInfo, Place};
use crate::model::game::MississippiFortress;
use crate::model::node::Node;
use crate::model::record::{Rec, ShipRec};
use crate::model::ship::{Battery, BatteryState, OffRiver, Ship};
use crate::model::step::Step;
use crate::model::track::{Reinforcement, Siege};

impl MississippiFortress {
    /// S2.1: the initial state of a scenario, before the set-up dummies.
    pub fn new_game(setup: &Setup) -> Result<MississippiFortress, String> {
        let id: ScenarioId = setup.scenario.parse()?;
        let scenario = Scenarios::get().scenario(id);
        let options = chosen_options(setup, id)?;
        let mut game = MississippiFortress {
            scenario: id,
            listed: Default::default(),
            kept_texts: Default::default(),
            options: options.clone(),
            entry_roll: None,
            landing_opened: false,
            grand_gulf_count: 0,
            naval_combat: None,
            naval_fought: Vec::new(),
            turn: scenario.first_turn,
            weather: Weather::Clear,
            previous_weather: Weather::Clear,
            step: Step::SetUpDummies(scenario.first_player.opponent()),
            counters: Vec::new(),
            ships: Vec::new(),
            batteries: Vec::new(),
            reinforcements: Vec::new(),
            vp: PerSide {
                union: i64::from(scenario.starting_vp.union),
                confederate: i64::from(scenario.starting_vp.confederate),
            },
            lost: PerSide::default(),
            ships_lost: PerSide::default(),
            siege: Siege::default(),
            captures: Vec::new(),
            vicksburg_hold: None,
            decisions: Vec::new(),
            moving: None,
            sailing: None,
            dummies_placed: false,
            probe: None,
            probed_areas: Vec::new(),
            compelled: Vec::new(),
            declared: Vec::new(),
            declarations_done: false,
            battle: None,
            replacements_made: 0,
            result: None,
        };
        // Second Player's units first, then the First Player's (S2.1 step 1).
        let second = scenario.first_player.opponent();
        for side in [second, scenario.first_player] {
            for placement in scenario.setup.iter().filter(|p| p.side == side) {
                game.place_setup_group(placement, scenario)?;
            }
        }
        // 7.21a: the optional Confederate navy, placed by its owner at his set-up step.
        for &option in &options {
            for placement in &Options::get().option(option).setup {
                for id in &placement.units {
                    let ship = new_ship(id.as_str(), None)?;
                    game.ships.push(Ship {
                        off: Some(OffRiver::SetUp),
                        ..ship
                    });
                }
            }
        }
        let optional = options
            .iter()
            .flat_map(|&o| Options::get().option(o).reinforcements.iter());
        for group in scenario.reinforcements.iter().chain(optional) {
            // A group for "any turn" (7.22) is called for from the start.
            let turn = group.turn.turn().unwrap_or(scenario.first_turn);
            let area = match group.location {
                Location::Area(area) => area,
                Location::ArrowAt(area) => {
                    // 4.15a: naval reinforcements arrive off the map at the edge nearer their
                    // arrow, and may wait there indefinitely.
                    let arrow = Map::get()
                        .setup_arrow(area)
                        .ok_or_else(|| format!("no arrow at Area {}", area.number()))?;
                    let edge = Node::Arrow(arrow).nearer_edge();
                    for id in &group.units {
                        let ship = new_ship(id.as_str(), None)?;
                        game.ships.push(Ship {
                            off: Some(OffRiver::Awaiting { turn, edge }),
                            ..ship
                        });
                    }
                    continue;
                }
                _ => {
                    return Err(format!(
                        "reinforcements cannot arrive at {:?}",
                        group.location
                    ));
                }
            };
            let mut keys = Vec::new();
            for unit in &group.units {
                let counter = land_counter(unit.as_str(), Place::Waiting)?;
                keys.push(game.counters.len());
                game.counters.push(counter);
            }
            game.reinforcements.push(Reinforcement {
                side: group.side,
                turn,
                area,
                units: keys,
                placed: false,
                withheld: None,
                cancelled: false,
            });
        }
        // S4.6a: each side's dummy counters start in its pool.
        let dummies = Units::get().dummies();
        for side in Side::BOTH {
            let n = scenario
                .max_dummies
                .unwrap_or(*dummies.get(side))
                .min(*dummies.get(side));
            for i in 1..=n {
                game.counters.push(Counter {
                    id: format!("{}-dummy-{i}", side.as_str()).into(),
                    unit: None,
                    side,
                    kind: Kind::Dummy,
                    formation: None,
                    full: 0,
                    casualties: 0,
                    stragglers: 0,
                    place: Place::Pool,
                    face_up: false,
                    leader: None,
                    rec: Rec::default(),
                });
            }
        }
        Ok(game)
    }

    fn place_setup_group(
        &mut self,
        placement: &Placement,
        scenario: &crate::data::Scenario,
    ) -> Result<(), String> {
        let map = Map::get();
        let units = Units::get();
        for id in &placement.units {
            let unit = units
                .unit(id.as_str())
                .ok_or_else(|| format!("unknown unit {id}"))?;
            match (placement.location, unit.kind) {
                (Location::Area(area), UnitKind::ShoreBattery) => {
                    let site = map
                        .shore_battery_site(area)
                        .ok_or_else(|| format!("no battery site in Area {}", area.number()))?;
                    self.batteries.push(Battery {
                        id: id.clone(),
                        area,
                        arrow: site.arrow,
                        state: BatteryState::FaceUp,
                    });
                }
                (Location::Area(area), _) => {
                    let mut counter = land_counter(id.as_str(), Place::Area(area))?;
                    // S1.7d: printed reduced strengths are casualties before play.
                    if let Some(present) = scenario.reduced_strength(id.as_str()) {
                        counter.casualties = counter.full.saturating_sub(present);
                    }
                    self.counters.push(counter);
                }
                (Location::ArrowAt(area), UnitKind::Gunboat | UnitKind::Transport) => {
                    let arrow = map
                        .setup_arrow(area)
                        .ok_or_else(|| format!("no set-up arrow at Area {}", area.number()))?;
                    self.ships
                        .push(new_ship(id.as_str(), Some(Node::Arrow(arrow)))?);
                }
                _ => return Err(format!("{id} cannot be set up there")),
            }
        }
        Ok(())
    }

    /// S2.1 step 2: the player has placed his set-up dummies. After the First Player, the
    /// initial LOC status is taken (step 3) and the first turn begins.
    pub(crate) fn finish_setup(&mut self, side: Side, fx: &mut Fx) {
        if side != self.first_player() {
            self.step = Step::SetUpDummies(side.opponent());
            return;
        }
        for s in Side::BOTH {
            self.trace_communications(s);
        }
        fx.public(EventKind::SetUp, "Set-up is complete.");
        self.step = Step::TurnStart;
    }
}

/// The options chosen at game creation (7.0), checked: each must be a known optional rule set
/// to true or false, offered with the scenario, and have the options it requires.
pub fn chosen_options(setup: &Setup, scenario: ScenarioId) -> Result<Vec<OptionId>, String> {
    let mut chosen = Vec::new();
    for (name, value) in &setup.options {
        let id: OptionId = name.parse()?;
        match value.as_bool() {
            Some(true) => chosen.push(id),
            Some(false) => {}
            None => return Err(format!("the option {id} takes true or false")),
        }
    }
    chosen.sort();
    for &o in &chosen {
        let rule = Options::get().option(o);
        if !rule.scenarios.contains(&scenario) {
            return Err(format!(
                "the optional rule {o} ({}) is not used with the scenario {scenario}",
                rule.rule
            ));
        }
        for needed in &rule.requires {
            if !chosen.contains(needed) {
                return Err(format!(
                    "the optional rule {o} ({}) needs the optional rule {needed} ({})",
                    rule.rule,
                    Options::get().option(*needed).rule
                ));
            }
        }
    }
    Ok(chosen)
}

/// A ship of the data at `at` (4.1, 7.21a, 7.22).
pub fn new_ship(id: &str, at: Option<Node>) -> Result<Ship, String> {
    let unit = Units::get()
        .unit(id)
        .ok_or_else(|| format!("unknown unit {id}"))?;
    if !matches!(unit.kind, UnitKind::Gunboat | UnitKind::Transport) {
        return Err(format!("{id} is not a ship"));
    }
    let naval = unit.naval.ok_or("a ship without a hull")?;
    Ok(Ship {
        id: unit.id.clone(),
        side: unit.side,
        transport: unit.kind == UnitKind::Transport,
        wooden: naval.hull == crate::data::units::Hull::Wooden,
        at,
        off: None,
        rec: ShipRec::default(),
    })
}

/// A land counter of the data, at full strength, face down.
pub fn land_counter(id: &str, place: Place) -> Result<Counter, String> {
    let unit = Units::get()
        .unit(id)
        .ok_or_else(|| format!("unknown unit {id}"))?;
    let kind = Kind::from_data(unit.kind).ok_or_else(|| format!("{id} is not a land counter"))?;
    let leader = unit.leader.as_ref().map(|l| LeaderInfo {
        role: l.role,
        ratings: l.ratings,
        commands: l.commands.clone(),
    });
    Ok(Counter {
        id: id.into(),
        unit: Some(unit.id.clone()),
        side: unit.side,
        kind,
        formation: unit.formation,
        full: unit.strength.unwrap_or(0),
        casualties: 0,
        stragglers: 0,
        place,
        face_up: false,
        leader,
        rec: Rec::default(),
    })
}
