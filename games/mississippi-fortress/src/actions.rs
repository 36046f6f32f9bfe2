//! Every choice a player can make, as small atomic actions (S3.1c: big decisions are
//! sequences of small choices), and their human labels.
//!
//! Actions name the acting player's own counters by id; they are shown only to that player
//! (the server hides a seat's actions from the other seat until the game ends).

use adjutant_engine::Side;

use crate::data::charts::CombatOrder;
use crate::model::action::Station;
pub use crate::model::action::{Action, Dest, Position};
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// The name of a counter for its owner's labels: "1st Division (XV)", "dummy".
    pub fn counter_name(&self, id: &str) -> String {
        match self.key(id) {
            Some(k) => {
                let c = &self.counters[k];
                match c.kind {
                    crate::model::counter::Kind::Dummy => format!("a dummy ({id})"),
                    _ => c.name(),
                }
            }
            None => match self.ship_index(id) {
                Some(i) => self.ships[i].name(),
                None => id.to_string(),
            },
        }
    }

    fn dest_name(&self, dest: &Dest) -> String {
        match dest {
            Dest::Area(a) => Self::area_name(*a),
            Dest::Ships(ids) => {
                let names: Vec<String> = ids.iter().map(|s| self.counter_name(s)).collect();
                let at = ids
                    .first()
                    .and_then(|s| self.ship_index(s))
                    .and_then(|i| self.ships[i].at)
                    .map(|n| format!(" at {}", n.name()))
                    .unwrap_or_default();
                format!("aboard {}{at}", names.join(" and "))
            }
        }
    }

    /// A short human description of an offered action.
    pub fn action_label(&self, side: Side, action: &Action) -> String {
        match action {
            Action::PlaceDummy { area } => format!(
                "Place a dummy in {} ({} in the pool)",
                Self::area_name(*area),
                self.dummy_pool(side)
            ),
            Action::RemoveDummy { area } => {
                format!("Take a dummy back from {}", Self::area_name(*area))
            }
            Action::FinishSetUp => "Finish placing dummies".to_string(),
            Action::PlaceReinforcements { group } => {
                format!("Place reinforcements: {}", self.group_description(*group))
            }
            Action::WithholdReinforcements { group } => {
                format!("Withhold for now: {}", self.group_description(*group))
            }
            Action::FinishArrival => "Go on to movement".to_string(),
            Action::Board { counter } => format!("Embark {}", self.counter_name(counter)),
            Action::FinishEmbarkation => "Finish embarking".to_string(),
            Action::MoveFrom { area } => format!("Move counters from {}", Self::area_name(*area)),
            Action::Take { counter } => format!("Take {} along", self.counter_name(counter)),
            Action::TakeAll => "Take every counter here that can move".to_string(),
            Action::StepTo { area } => self.step_label(*area),
            Action::Leave { counter } => {
                format!("Leave {} here (it stops)", self.counter_name(counter))
            }
            Action::Halt => "Stop here".to_string(),
            Action::Cancel => "Put them down again (no move)".to_string(),
            Action::SailFrom { node } => format!("Move ships from {}", node.name()),
            Action::TakeShip { ship } => self.take_ship_label(ship),
            Action::SailTo { node } => self.sail_label(*node),
            Action::FinishMovement => "Finish movement".to_string(),
            Action::Land { counter, area } => format!(
                "Land {} in {}",
                self.counter_name(counter),
                Self::area_name(*area)
            ),
            Action::FinishDisembarkation => "Finish disembarking".to_string(),
            Action::Absorb { brigade, division } => format!(
                "Absorb {} into {} (4.5)",
                self.counter_name(brigade),
                self.counter_name(division)
            ),
            Action::FinishTransfers => "Finish strength transfers".to_string(),
            Action::ProbeWith { cavalry } => {
                format!("Probe with {}", self.counter_name(cavalry))
            }
            Action::ProbeInto { area } => format!("Probe {}", Self::area_name(*area)),
            Action::FinishProbes => "Finish probing".to_string(),
            Action::Declare { area } => format!("Attack in {}", Self::area_name(*area)),
            Action::FinishDeclarations => "Finish declaring battles".to_string(),
            Action::FightIn { area } => format!("Fight the battle in {}", Self::area_name(*area)),
            Action::RetreatBeforeCombat { counter } => {
                format!("Retreat {} before combat", self.counter_name(counter))
            }
            Action::StandAndFight => "Stand and fight with the rest".to_string(),
            Action::Deploy { counter, position } => format!(
                "Deploy {} in {}",
                self.counter_name(counter),
                position.name()
            ),
            Action::DeployAll { position } => {
                let queue = self.deploy_queue(side).map(|(_, q)| q).unwrap_or_default();
                format!(
                    "Deploy {} in {}",
                    self.all_of(&queue, "remaining counter"),
                    position.name()
                )
            }
            Action::Engage { line, target } => match target {
                Some(t) => format!(
                    "Line Position {} attacks the enemy's Line Position {}",
                    line + 1,
                    t + 1
                ),
                None => format!("Line Position {} stays idle", line + 1),
            },
            Action::Order { line, order } => match order {
                Some(o) => format!("Line Position {}: {}", line + 1, order_name(*o)),
                None => format!("Line Position {}: no order (stay)", line + 1),
            },
            Action::SecondRound => "Fight a second round".to_string(),
            Action::EndBattle => "End the battle".to_string(),
            Action::Commit { counter, position } => match position {
                Some(p) => format!("Commit {} to {}", self.counter_name(counter), p.name()),
                None => format!("Keep {} in the Reserve", self.counter_name(counter)),
            },
            Action::CommitAll { position } => {
                let queue = self.commit_queue(side).map(|(_, q)| q).unwrap_or_default();
                let all = self.all_of(&queue, "remaining Reserve counter");
                match position {
                    Some(p) => format!("Commit {all} to {}", p.name()),
                    None => format!("Keep {all} in the Reserve"),
                }
            }
            Action::Go { to } => self.go_label(to),
            Action::TopShip { ship } => format!("Put {} on top", self.counter_name(ship)),
            Action::SendOffMap { ship } => format!("Send {} off the map", self.counter_name(ship)),
            Action::Station { ship, at } => format!(
                "{} {}",
                self.counter_name(ship),
                match at {
                    Station::Arrow(node) => format!("on {}", node.name()),
                    Station::Support(_) => self.station_name(*at),
                }
            ),
            Action::SupportBattery { ship } => {
                format!(
                    "{} hops ashore in support of the battery (7.21c)",
                    self.counter_name(ship)
                )
            }
            Action::LeaveSupport { ship } => format!(
                "{} leaves its support and goes back onto the river (7.21c)",
                self.counter_name(ship)
            ),
            Action::NavalBattle { node } => format!("Fight the naval combat at {}", node.name()),
            Action::HitShip { ship } => format!("{} takes the hit", self.counter_name(ship)),
            Action::TakeLoss { counter } => format!(
                "{} loses 1 SP (now {})",
                self.counter_name(counter),
                self.key(counter)
                    .map_or(0, |k| self.counters[k].present().saturating_sub(1))
            ),
        }
    }

    /// "all 4 remaining counters (1st Division (XV), 2nd Division (XV), ...)".
    fn all_of(&self, keys: &[crate::model::counter::Key], what: &str) -> String {
        let names: Vec<String> = keys.iter().map(|&k| self.counters[k].name()).collect();
        format!("all {} {what}s ({})", names.len(), names.join(", "))
    }

    fn go_label(&self, to: &Dest) -> String {
        let verb = match self.decisions.first() {
            Some(crate::model::decision::Decision::Displace { leader }) => {
                format!("Displace {} to", self.counters[*leader].name())
            }
            Some(crate::model::decision::Decision::Depart { unit, .. }) => {
                format!("{} goes to", self.counters[*unit].name())
            }
            Some(crate::model::decision::Decision::Escort { leader, .. }) => {
                format!("{} goes to", self.counters[*leader].name())
            }
            Some(crate::model::decision::Decision::Carrier { unit }) => {
                format!("{} goes", self.counters[*unit].name())
            }
            Some(crate::model::decision::Decision::Replacement { leader }) => {
                format!("Place {} in", self.counters[*leader].name())
            }
            _ => "Go to".to_string(),
        };
        format!("{verb} {}", self.dest_name(to))
    }
}

/// The name of a Combat Order.
pub fn order_name(order: CombatOrder) -> &'static str {
    match order {
        CombatOrder::Diversion => "Diversion",
        CombatOrder::Advance => "Advance",
        CombatOrder::Assault => "Assault",
        CombatOrder::Withdraw => "Withdraw",
        CombatOrder::Stand => "Stand",
        CombatOrder::Counterattack => "Counterattack",
    }
}
