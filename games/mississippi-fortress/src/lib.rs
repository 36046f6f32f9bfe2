//! *Mississippi Fortress* (Clash of Arms, 2nd edition): Grant's Vicksburg campaign, 1863.
//!
//! `data` holds the game's map, units, scenarios, turn record and charts, read from the text
//! files in `data/` (compiled in with `include_str!`). The rest is the rules engine, one
//! concept a module, each citing the rules it implements (numbers of
//! `docs/rules/mississippi-fortress.md`): [`MississippiFortress`] implements the engine's
//! [`Rules`](adjutant_engine::Rules) contract.

pub mod actions;
pub mod catalog;
pub mod combat;
pub mod communications;
pub mod contact;
pub mod control;
pub mod data;
pub mod decisions;
pub mod dummies;
pub mod effectiveness;
pub mod events;
pub mod fog;
pub mod force_march;
pub mod invariants;
pub mod leaders;
pub mod model;
pub mod movement;
pub mod naval;
pub mod probe;
pub mod reinforcements;
pub mod scenario_rules;
pub mod sequence;
pub mod setup;
pub mod shore_battery;
pub mod siege;
pub mod situation;
pub mod state;
pub mod stragglers;
pub mod transfers;
pub mod victory;
pub mod view;
pub mod weather;

use std::sync::Arc;

use adjutant_engine::view_parts::{Key, Part};
use adjutant_engine::{
    Applied, Dice, GameInfo, GameKind, Outcome, Rules, Setup, Side, Told, Viewer,
};
use serde::Serialize;
use serde_json::Value;

pub use actions::Action;
pub use events::Event;
pub use state::MississippiFortress;

use crate::events::Fx;
use crate::model::step::Step;

/// The game for a server's registry.
pub fn kind() -> Arc<dyn GameKind> {
    adjutant_engine::kind::<MississippiFortress>()
}

impl MississippiFortress {
    /// What `side` is asked to do now, or `None` when it has nothing to do: its actions are
    /// listed to know (tests and tools; the engine, which knows them, asks [`Rules::prompt`]).
    pub fn prompt(&self, side: Side) -> Option<String> {
        (!self.actions_for(side).is_empty()).then(|| self.prompt_text(side))
    }

    /// The sentence that tells `side` what to do now (whenever it has actions).
    pub fn prompt_text(&self, side: Side) -> String {
        if let Some(d) = self.decisions.first() {
            return self.decision_prompt(d);
        }
        let title = self.phase_title();
        match self.step {
            Step::SetUpDummies(_) if self.next_setup_ship(side).is_some() => format!(
                "Set-up, {side} player: place your ships on a shore battery's river arrow or in support of the battery (7.21a)"
            ),
            Step::SetUpDummies(_) => format!(
                "Set-up, {side} player: place dummies ({} left in your pool) in Areas holding your set-up counters, or finish",
                self.dummy_pool(side)
            ),
            Step::Arrival(_) => {
                let mut parts = Vec::new();
                if !self.due_groups(side).is_empty() {
                    parts.push("place or withhold your reinforcements".to_string());
                }
                if self.dummy_pool(side) > 0 {
                    parts.push(format!(
                        "place dummies ({} in your pool)",
                        self.dummy_pool(side)
                    ));
                }
                if !self.dummies_placed {
                    parts.push("take dummies back".to_string());
                }
                format!(
                    "{title}, arrival: {}; then go on to movement",
                    parts.join(", ")
                )
            }
            Step::Embarkation(_) => format!(
                "{title}, embarkation: choose a counter to put aboard a steamer, or finish embarking"
            ),
            Step::Movement(_) => self.movement_prompt(),
            Step::NavalCombat(_) => self.naval_combat_prompt(),
            Step::Disembarkation(_) => format!(
                "{title}, disembarkation: choose a counter to land from its steamer, or finish disembarking"
            ),
            Step::Transfers(_) => format!(
                "{title}, strength transfers (4.5): absorb a brigade into a division, or finish"
            ),
            Step::Probes(_) => self.probe_prompt(),
            Step::Declaration(_) => {
                let compelled = self.compelled_battles(side);
                format!(
                    "{title}, Declaration Segment: choose an Area to attack in, or finish declaring{}",
                    if compelled.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " (combat is compelled in {}, 5.11)",
                            compelled
                                .iter()
                                .map(|&a| Self::area_name(a))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                )
            }
            Step::Battles(_) => self.battle_prompt(side),
            _ => title,
        }
    }
}

impl Rules for MississippiFortress {
    type Action = Action;
    type Event = Event;

    fn info() -> GameInfo {
        catalog::game_info()
    }

    fn static_data() -> Value {
        catalog::static_data()
    }

    fn setup(setup: &Setup, dice: &mut Dice) -> Result<Self, String> {
        let mut game = MississippiFortress::new_game(setup)?;
        let mut fx = Fx::new(dice);
        game.advance(&mut fx);
        Ok(game)
    }

    /// The engine asks only when `side` has legal actions (this hook's contract), so the
    /// sentence is written without listing the actions again (a twentieth of Champion
    /// Hill's work per action did). [`MississippiFortress::prompt`] is the one that looks.
    fn prompt(&self, side: Side) -> Option<String> {
        Some(self.prompt_text(side))
    }

    fn legal_actions(&self, side: Side) -> Vec<Action> {
        self.actions_for(side)
    }

    /// The lists `advance` found where it stopped (it lists both sides' actions to see who
    /// must choose): the engine's offers of the state it left.
    fn take_legal_actions(&mut self, side: Side) -> Option<Vec<Action>> {
        self.listed[side.index()].take()
    }

    fn label(&self, side: Side, action: &Action) -> String {
        self.action_label(side, action)
    }

    fn irrevocable(&self, side: Side, action: &Action) -> bool {
        self.irrevocable_choice(side, action)
    }

    fn apply(
        &mut self,
        side: Side,
        action: Action,
        dice: &mut Dice,
    ) -> Result<Applied<Event>, String> {
        // The engine has checked the action against `legal_actions` (`Match::play`): it is not
        // checked again here (the check is the cost of enumerating every action once more).
        debug_assert!(
            self.actions_for(side).contains(&action),
            "{action:?} is not offered to the {side} player"
        );
        let mut fx = Fx::new(dice);
        self.perform(side, action, &mut fx);
        self.advance(&mut fx);
        Ok(if fx.reveals {
            Applied::revealing(fx.events)
        } else {
            Applied::quiet(fx.events)
        })
    }

    fn view(&self, viewer: Viewer) -> Value {
        serde_json::from_str(&self.view_text(viewer)).expect("a view is JSON")
    }

    fn view_text(&self, viewer: Viewer) -> String {
        MississippiFortress::view_text(self, viewer)
    }

    fn view_parts(&self, viewer: Viewer) -> Vec<(Key, Part)> {
        MississippiFortress::view_parts(self, viewer)
    }

    fn redact(event: &Event, viewer: Viewer) -> Told<impl Serialize> {
        event.told(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result.clone()
    }

    /// Victory points (S10) and the present strength (S1.7a) of each side's units on the map
    /// and aboard (not those waiting to enter, nor the eliminated).
    fn tally(&self) -> Option<adjutant_engine::Tally> {
        let strength = adjutant_engine::PerSide::from_fn(|side| {
            self.counters
                .iter()
                .filter(|c| c.side == side)
                .filter(|c| {
                    matches!(
                        c.place,
                        model::counter::Place::Area(_) | model::counter::Place::Aboard(_)
                    )
                })
                .map(|c| i64::from(c.present()))
                .sum()
        });
        Some(adjutant_engine::Tally {
            vp: Some(self.vp),
            strength: Some(strength),
            unit: "SP".to_string(),
        })
    }
}
