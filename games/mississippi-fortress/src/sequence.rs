//! The sequence of play (S2): set-up, then each Game Turn the Weather Segment, the First
//! Player's turn, the Second Player's turn and the End-of-Turn Segment; each player turn runs
//! Movement (arrival, embarkation, movement, disembarkation, force-march checks, transfers,
//! end-of-phase checks), Combat (probes, declarations, battles, Leader replacement),
//! Communications, Victory Points and End phases.
//!
//! [`MississippiFortress::advance`] runs every step no one has to decide, applies every choice
//! that has a single option (the reference's "a choice with exactly one legal option is made
//! automatically"; a battle's are announced to their owner, decision I39), and stops where a
//! player must choose.

use adjutant_engine::Side;

use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::counter::Place;
use crate::model::game::MississippiFortress;
pub use crate::model::step::Step;

impl MississippiFortress {
    /// The First Player of the scenario (S2.3): the Union in every scenario.
    pub fn first_player(&self) -> Side {
        self.scenario_data().first_player
    }

    /// "Turn 13 (May 13-14), Union Movement Phase".
    pub fn phase_title(&self) -> String {
        match self.step.side() {
            Some(side) if !matches!(self.step, Step::SetUpDummies(_)) => {
                format!("{}, {side} {}", self.turn_name(), self.step.phase_name())
            }
            _ => format!("{}, {}", self.turn_name(), self.step.phase_name()),
        }
    }

    /// The actions `side` may take now: the first waiting decision's options for its owner,
    /// otherwise the options of the current step.
    pub fn actions_for(&self, side: Side) -> Vec<Action> {
        if self.result.is_some() {
            return Vec::new();
        }
        if let Some(decision) = self.decisions.first() {
            return if decision.owner(self) == side {
                self.decision_options(decision)
            } else {
                Vec::new()
            };
        }
        match self.step {
            Step::SetUpDummies(s) if s == side => {
                if self.next_setup_ship(side).is_some() {
                    self.setup_ship_actions(side)
                } else {
                    self.setup_dummy_actions(side)
                }
            }
            Step::Arrival(s) if s == side => self.arrival_actions(side),
            Step::NavalCombat(s) if s == side => self.naval_combat_actions(side),
            Step::Embarkation(s) if s == side => self.embarkation_actions(side),
            Step::Movement(s) if s == side => self.movement_actions(side),
            Step::Disembarkation(s) if s == side => self.disembarkation_actions(side),
            Step::Transfers(s) if s == side => self.transfer_actions(side),
            Step::Probes(s) if s == side => self.probe_actions(side),
            Step::Declaration(s) if s == side => self.declaration_actions(side),
            Step::Battles(s) => self.battle_actions(s, side),
            _ => Vec::new(),
        }
    }

    /// Applies an action known to be legal for `side` (checked by the caller).
    pub(crate) fn perform(&mut self, side: Side, action: Action, fx: &mut Fx) {
        if !self.decisions.is_empty() {
            self.answer_decision(action, fx);
            return;
        }
        match action {
            Action::PlaceDummy { area } => self.place_dummy(side, area, fx),
            Action::RemoveDummy { area } => self.remove_dummy_by_choice(side, area, fx),
            Action::FinishSetUp => self.finish_setup(side, fx),
            Action::PlaceReinforcements { group } => self.place_reinforcements(group, fx),
            Action::WithholdReinforcements { group } => self.withhold_reinforcements(group, fx),
            Action::Board { counter } => self.board(&counter),
            Action::Land { counter, area } => self.land(&counter, area, fx),
            Action::MoveFrom { area } => self.move_from(area),
            Action::Take { counter } => self.take(&counter),
            Action::TakeAll => self.take_all(side),
            Action::StepTo { area } => self.step_to(side, area, fx),
            Action::Leave { counter } => self.leave(&counter),
            Action::SailFrom { node } => self.sail_from(node),
            Action::TakeShip { ship } => self.take_ship(&ship),
            Action::SailTo { node } => self.sail_to(node, fx),
            Action::Halt => self.halt(),
            Action::Cancel => self.cancel(),
            Action::Absorb { brigade, division } => self.absorb(&brigade, &division, fx),
            Action::ProbeWith { cavalry } => self.probe_with(&cavalry),
            Action::ProbeInto { area } => self.probe_into(side, area, fx),
            Action::Declare { area } => self.declare(side, area, fx),
            Action::FightIn { area } => self.start_battle(side, area, fx),
            Action::RetreatBeforeCombat { counter } => self.retreat_before_combat(&counter),
            Action::StandAndFight => self.stand_and_fight(fx),
            Action::Deploy { counter, position } => self.deploy(&counter, position),
            Action::DeployAll { position } => self.deploy_all(side, position),
            Action::Engage { line, target } => self.engage(line, target),
            Action::Order { line, order } => self.give_order(side, line, order),
            Action::SecondRound => self.second_round(fx),
            Action::EndBattle => self.end_battle_now(fx),
            Action::Commit { counter, position } => self.commit(&counter, position),
            Action::CommitAll { position } => self.commit_all(side, position),
            Action::Station { ship, at } => self.station_ship(&ship, at, fx),
            Action::SupportBattery { ship } => self.hop_into_support(&ship, fx),
            Action::LeaveSupport { ship } => self.leave_support(&ship, fx),
            Action::NavalBattle { node } => self.start_naval_combat(node, fx),
            Action::FinishArrival
            | Action::FinishEmbarkation
            | Action::FinishMovement
            | Action::FinishDisembarkation
            | Action::FinishTransfers
            | Action::FinishProbes
            | Action::FinishDeclarations => self.finish_step(side, fx),
            Action::Go { .. }
            | Action::TopShip { .. }
            | Action::SendOffMap { .. }
            | Action::HitShip { .. }
            | Action::TakeLoss { .. } => {
                // Decision answers: only offered while a decision waits (handled above).
            }
        }
    }

    /// Runs the game on until a player must choose, or the game ends.
    pub(crate) fn advance(&mut self, fx: &mut Fx) {
        // Every pass applies a forced choice or moves the sequence on; a rules bug that stops
        // progress must not hang the server.
        self.listed = Default::default();
        for _ in 0..200_000 {
            if self.result.is_some() {
                return;
            }
            let union = self.actions_for(Side::Union);
            let confederate = self.actions_for(Side::Confederate);
            if union.len() == 1 {
                let action = union.into_iter().next().expect("one action");
                self.announce_forced(Side::Union, &action, fx);
                self.perform(Side::Union, action, fx);
                continue;
            }
            if confederate.len() == 1 {
                let action = confederate.into_iter().next().expect("one action");
                self.announce_forced(Side::Confederate, &action, fx);
                self.perform(Side::Confederate, action, fx);
                continue;
            }
            if !union.is_empty() || !confederate.is_empty() {
                // This state's offers: kept for the engine.
                self.listed = [Some(union), Some(confederate)];
                return;
            }
            self.run_step(fx);
        }
        panic!("the sequence of play does not progress at {:?}", self.step);
    }

    /// The work of a step no player decides, or the fallback of a decision with no option.
    fn run_step(&mut self, fx: &mut Fx) {
        if !self.decisions.is_empty() {
            self.decision_fallback(fx);
            return;
        }
        match self.step {
            Step::TurnStart => {
                // 7.21c: "engaged in naval combat this turn" is per Game Turn.
                for ship in &mut self.ships {
                    ship.rec.fought = false;
                }
                self.start_turn(fx);
                self.enter(Step::Arrival(self.first_player()), fx);
            }
            Step::MovementEnd(side) => {
                self.order_idle_stacks(side);
                self.enter(Step::BatteryFire(side), fx);
            }
            Step::BatteryFire(side) => {
                self.fire_at_idle_stacks(side, fx);
                self.grand_gulf_check(side, fx);
                self.enter(Step::Disembarkation(side), fx);
            }
            Step::NavalCombat(_) => self.naval_combat_step(fx),
            Step::ForceMarchChecks(side) => {
                self.force_march_checks(side, fx);
                self.enter(Step::Transfers(side), fx);
            }
            Step::PhaseChecks(side) => {
                self.naval_stacking(side);
                self.settle(fx);
                self.enter(Step::CombatStart(side), fx);
            }
            Step::CombatStart(side) => {
                for c in &mut self.counters {
                    c.rec.fought = false;
                }
                self.probed_areas.clear();
                self.probe = None;
                self.enter(Step::Probes(side), fx);
            }
            Step::Battles(side) => {
                if self.battle.is_some() {
                    self.battle_step(fx);
                } else {
                    self.enter(Step::LeaderReplacement(side), fx);
                }
            }
            Step::LeaderReplacement(side) => {
                self.place_replacements(fx);
                self.enter(Step::Communications(side), fx);
            }
            Step::Communications(side) => {
                self.communications_phase(side, fx);
                self.enter(Step::VictoryPoints(side), fx);
            }
            Step::VictoryPoints(side) => {
                self.victory_point_phase(side, fx);
                self.enter(Step::PlayerTurnEnd(side), fx);
            }
            Step::PlayerTurnEnd(side) => {
                if side == Side::Confederate {
                    self.siege_end_phase(fx);
                }
                if side == self.first_player() {
                    self.enter(Step::Arrival(side.opponent()), fx);
                } else {
                    self.enter(Step::EndOfTurn, fx);
                }
            }
            Step::EndOfTurn => self.end_of_turn(fx),
            Step::Over => {}
            // A step that waits for a player but offers nothing: move on.
            Step::SetUpDummies(side) => self.finish_setup(side, fx),
            Step::Arrival(side)
            | Step::Embarkation(side)
            | Step::Movement(side)
            | Step::Disembarkation(side)
            | Step::Transfers(side)
            | Step::Probes(side)
            | Step::Declaration(side) => self.finish_step(side, fx),
        }
    }

    /// Ends a step that waits for a player's "finish" and moves to the next.
    pub(crate) fn finish_step(&mut self, side: Side, fx: &mut Fx) {
        let next = match self.step {
            Step::Arrival(_) => Step::Embarkation(side),
            Step::Embarkation(_) => Step::Movement(side),
            Step::Movement(_) if !self.naval_combat_arrows().is_empty() => Step::NavalCombat(side),
            Step::Movement(_) => Step::MovementEnd(side),
            Step::Disembarkation(_) => Step::ForceMarchChecks(side),
            Step::Transfers(_) => Step::PhaseChecks(side),
            Step::Probes(_) => Step::Declaration(side),
            Step::Declaration(_) => {
                self.finish_declarations(side, fx);
                Step::Battles(side)
            }
            other => other,
        };
        self.enter(next, fx);
    }

    /// Moves to `step`, doing what its start requires.
    pub(crate) fn enter(&mut self, step: Step, fx: &mut Fx) {
        self.step = step;
        if let Step::Arrival(side) = step {
            self.begin_player_turn(side, fx);
        }
    }

    /// S2.2 B/C: the start of a player turn: per-phase records are cleared and each counter
    /// notes whether it begins the phase in contact with the enemy (S3.3c).
    fn begin_player_turn(&mut self, side: Side, fx: &mut Fx) {
        let census = self.census();
        for c in &mut self.counters {
            if c.side != side {
                continue;
            }
            c.rec.done = false;
            c.rec.pinned = false;
            c.rec.shipped = false;
            c.rec.began_in_contact = match c.place {
                Place::Area(area) => census.occupies(side.opponent(), area),
                _ => false,
            };
        }
        for ship in &mut self.ships {
            if ship.side == side {
                ship.rec.done = false;
                ship.rec.moved = false;
                ship.rec.upstream = 0;
                ship.rec.held = false;
                ship.rec.on_top = false;
            }
        }
        self.dummies_placed = false;
        self.compelled.clear();
        self.declared.clear();
        self.declarations_done = false;
        self.probed_areas.clear();
        self.moving = None;
        self.sailing = None;
        self.probe = None;
        self.naval_fought.clear();
        fx.public(
            EventKind::Phase,
            format!("{}: the {side} player turn begins.", self.turn_name()),
        );
        if side == Side::Confederate {
            self.grand_gulf_recovers(fx);
        }
        self.naval_arrivals(side, fx);
        self.entry_rolls(side, fx);
    }
}
