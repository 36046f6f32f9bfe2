//! The sentence a player reads for each offered action.

use adjutant_engine::Side;

use crate::command::issue::type_word;
use crate::data::UnitId;
use crate::data::order::OrderType;
use crate::model::action::Action;
use crate::model::decision::Question;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Receiver;
use crate::text::words;

impl BloodyRoadsSouth {
    /// A counter's name for a sentence: "Robinson's brigade 1/2/5", "Warren", "2b(5)".
    pub fn unit_name(&self, side: Side, id: &UnitId) -> String {
        let mut name = String::new();
        self.push_unit_name(side, id, &mut name);
        name
    }

    /// [`Self::unit_name`], appended to `out` (the step's event names every unit of a moving
    /// group: `text`).
    pub(crate) fn push_unit_name(&self, side: Side, id: &UnitId, out: &mut String) {
        use crate::data::unit::Unit as OobUnit;
        match crate::data::order_of_battle().side(side).unit(id) {
            Some(OobUnit::Brigade(b)) => words!(out => id, " (", b.name, ")"),
            Some(OobUnit::Leader(l)) => out.push_str(&l.name),
            Some(OobUnit::Battery(b)) => words!(out => "artillery ", id, " (", b.label, ")"),
            _ => words!(out => id),
        }
    }

    /// A receiver in words.
    pub fn receiver_name(&self, receiver: &Receiver) -> String {
        match receiver {
            Receiver::Corps(c) => format!("{c} Corps"),
            Receiver::Division(d) => format!("division {d}"),
            Receiver::Unit(u) => format!("{u}"),
            Receiver::Relay => "Meade (to relay)".into(),
            Receiver::ArmyHq(a) => format!("the {a} HQ"),
            Receiver::Conference(a) => format!("the corps commanders at the {a} HQ (conference)"),
        }
    }

    /// The label of an offered action.
    pub fn action_label(&self, side: Side, action: &Action) -> String {
        if let Some(text) = self.movement_label(side, action) {
            return text;
        }
        if let Some(text) = self.face_label(action) {
            return text;
        }
        if let Some(text) = self.lee_corps_label(action) {
            return text;
        }
        if let Some(text) = self.hancock_attached_label(action) {
            return text;
        }
        match action {
            Action::Place { unit, hex } => {
                format!("Set up {} in {hex}", self.unit_name(side, unit))
            }
            Action::FinishSetUp {
                facings,
                formations,
                extensions,
            } => self.finish_setup_label(facings.len(), formations.len(), extensions.len()),
            Action::IssueOrders { .. } => self.issue_orders_label(side, action),
            Action::Initiative { attempts } => self.initiative_label(side, attempts),
            Action::LooseCannonOrder { order_type, .. } => {
                match self.decisions.first().map(|d| d.question()) {
                    Some(Question::LooseCannon { leader, receiver }) => {
                        let owner = self.unit(*leader).side;
                        let from = self
                            .loose_cannon_origin(owner, receiver)
                            .map(|h| format!(" within 13 leader MP of {h}"))
                            .unwrap_or_default();
                        format!(
                            "Order the enemy {} {} for this turn: {} (name its objective hex{from})",
                            self.receiver_name(receiver),
                            self.leader_name(*leader),
                            if *order_type == OrderType::Complex {
                                "complex, it may attack"
                            } else {
                                "simple, no attack"
                            }
                        )
                    }
                    _ => format!("Write the Loose Cannon's {} order", type_word(*order_type)),
                }
            }
            Action::Pick { unit, .. } => format!("Move {}", self.unit_name(side, unit)),
            Action::Step { to } => format!("Move to {to}"),
            Action::Turn { facing } => format!("Face {} ({facing})", facing.compass()),
            Action::ChangeFormation { formation } => format!("Change to {}", formation.word()),
            Action::ForceMarch => "Force march".into(),
            Action::Extend { hex } => format!("Extend the line into {hex}"),
            Action::Contract => "Contract the extended line".into(),
            Action::Attack { hex } => format!("Attack {hex} in close combat"),
            Action::EndMove => "Stop here".into(),
            Action::LeaveMap => "Leave the map".into(),
            Action::UseLink => "Leave the map by the off-map link (4.2)".into(),
            Action::Enter { unit, hex } => {
                format!("Bring {} onto the map at {hex}", self.unit_name(side, unit))
            }
            Action::FinishMovement => "Finish movement".into(),
            Action::Target { hex } => format!("Fire at {hex}"),
            Action::TargetArtillery => "Aim at the artillery there".into(),
            Action::Fire { firers } => self.fire_label(side, firers),
            Action::CancelFire => "Choose another target".into(),
            Action::FinishFire => "Finish firing".into(),
            Action::Retreat { to } => format!("Retreat to {to}"),
            Action::Displace { to } => format!("Step aside into {to}"),
            Action::StandFast => "Stand fast and share the retreating units' state".into(),
            Action::PlaceLeader { leader, hex } => {
                format!("Put {} in {hex}", self.unit_name(side, leader))
            }
            Action::Face { facing } => format!("Face {} ({facing})", facing.compass()),
            Action::TakeCorps => "Take command of the corps".into(),
            Action::KeepAttached { division } => format!("Keep {division} with 2 Corps"),
            Action::DemandPanic { target } => {
                format!("Demand a panic roll of {target} (3A.6)")
            }
            Action::Decline => "Decline".into(),
        }
    }
    /// "Finish setting up (facings, formations and extended lines as they stand)".
    fn finish_setup_label(&self, facings: usize, formations: usize, extensions: usize) -> String {
        if facings == 0 && formations == 0 && extensions == 0 {
            return "Finish setting up (every stack keeps its facing and every unit its \
                    formation, no line extended; choose facings, formations and extended lines \
                    to send with it)"
                .into();
        }
        format!(
            "Finish setting up ({facings} facings, {formations} formations and {extensions} \
             extended lines chosen)"
        )
    }

    /// "Fire at A18.10 with Stwl/J/2 and 2b-1 (drop any you do not want to fire)".
    fn fire_label(&self, side: Side, firers: &[UnitId]) -> String {
        let target = self
            .fire
            .as_ref()
            .map(|f| format!(" at {}", f.target))
            .unwrap_or_default();
        let names: Vec<String> = firers.iter().map(|u| self.unit_name(side, u)).collect();
        match names.len() {
            0 => format!("Fire{target}"),
            1 => format!("Fire{target} with {}", names[0]),
            _ => format!(
                "Fire{target} with {} (all that may fire; leave out any you wish)",
                names.join(", ")
            ),
        }
    }
}
