//! The sentence a player reads for each offered action.

use adjutant_engine::Side;

use crate::command::issue::{method_words, type_word};
use crate::data::UnitId;
use crate::data::charts::command::OrderMethod;
use crate::data::order::OrderType;
use crate::model::action::Action;
use crate::model::decision::Question;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Receiver;

impl BloodyRoadsSouth {
    /// A counter's name for a sentence: "Robinson's brigade 1/2/5", "Warren", "2b(5)".
    pub fn unit_name(&self, side: Side, id: &UnitId) -> String {
        use crate::data::unit::Unit as OobUnit;
        match crate::data::order_of_battle().side(side).unit(id) {
            Some(OobUnit::Brigade(b)) => format!("{} ({})", id, b.name),
            Some(OobUnit::Leader(l)) => l.name.clone(),
            Some(OobUnit::Battery(b)) => format!("artillery {} ({})", id, b.label),
            _ => id.to_string(),
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
        }
    }

    /// The label of an offered action.
    pub fn action_label(&self, side: Side, action: &Action) -> String {
        if let Some(text) = self.movement_label(side, action) {
            return text;
        }
        match action {
            Action::Place { unit, hex } => {
                format!("Set up {} in {hex}", self.unit_name(side, unit))
            }
            Action::FinishSetUp {
                facings,
                formations,
            } => self.finish_setup_label(facings.len(), formations.len()),
            Action::WriteOrder { .. } => self.write_order_label(side, action),
            Action::FinishOrders => "Finish writing orders".into(),
            Action::TryInitiative { leader, receiver } => {
                let needed = self
                    .key(side, leader)
                    .and_then(|k| self.leader_data(k))
                    .map(|l| {
                        crate::data::charts()
                            .command
                            .initiative
                            .needed_for(l.initiative_points())
                    })
                    .unwrap_or(12);
                format!(
                    "{} tries for the initiative for {} ({needed} or more on two dice; a 2 is a \
                     Loose Cannon)",
                    self.unit_name(side, leader),
                    self.receiver_name(receiver)
                )
            }
            Action::GiveOrder { order_type, .. } => {
                match self.decisions.first().map(|d| d.question()) {
                    Some(Question::InitiativeOrder { leader, receiver }) => format!(
                        "{} gives {} a {} order (initiative: free, accepted{})",
                        self.leader_name(*leader),
                        self.receiver_name(receiver),
                        type_word(*order_type),
                        if matches!(receiver, Receiver::Corps(_)) {
                            "; in force when he touches base at his HQ"
                        } else {
                            ""
                        }
                    ),
                    _ => format!("Give a {} order", type_word(*order_type)),
                }
            }
            Action::FinishInitiative => "No more initiative attempts".into(),
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
            Action::Enter { unit, hex } => {
                format!("Bring {} onto the map at {hex}", self.unit_name(side, unit))
            }
            Action::EmergencyRetreat { corps } => format!(
                "{corps} Corps makes an emergency retreat (all its orders cancelled; straggler \
                 checks; its HQ moves 6 to 13 leader MP to the rear)"
            ),
            Action::DropGoal { receiver } => format!(
                "Drop the goal of {} (back in command radius: it follows its corps again)",
                self.receiver_name(receiver)
            ),
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
            Action::Decline => "Decline".into(),
        }
    }

    /// "Write a complex order to 5 Corps by aide, written (8 command points; arrives about
    /// 2:00pm)" (S10.1a-e; rule 3.1a).
    fn write_order_label(&self, side: Side, action: &Action) -> String {
        let Action::WriteOrder {
            receiver,
            method,
            order_type,
            relay,
            ..
        } = action
        else {
            return String::new();
        };
        let cost = crate::data::charts()
            .command
            .order_cost
            .cost(*method, *order_type);
        if self.step == crate::model::step::Step::SetUp {
            return format!(
                "Write a pre-set {} order to {} (free; in force from the start, 6.0c)",
                type_word(*order_type),
                self.receiver_name(receiver)
            );
        }
        let Some(w) = self.writer_of(side, receiver, relay.is_some()) else {
            return String::new();
        };
        let stacked = *receiver == Receiver::Relay
            && self
                .relay_commander(side)
                .is_some_and(|m| self.unit(m).hex() == self.unit(w.key).hex());
        let arrives = if stacked {
            "accepted at once: Meade is with him".to_string()
        } else {
            let t = self.arrival(side, w.key, receiver, *method);
            if t <= self.turn {
                "arrives this turn".into()
            } else {
                format!("arrives about {}", self.time_of(t))
            }
        };
        let method = match method {
            OrderMethod::InPerson => "in person".to_string(),
            m => method_words(*m).to_string(),
        };
        match (relay, receiver) {
            (Some(no), _) => format!(
                "{} relays Grant's order {} to {}: {}, {method} ({cost} of his command points; \
                 {arrives})",
                self.leader_name(w.key),
                no.0,
                self.receiver_name(receiver),
                type_word(*order_type)
            ),
            (None, Receiver::ArmyHq(a)) => format!(
                "Order the {a} HQ to move, by aide, oral (name its destination hex; {cost} \
                 command points)"
            ),
            (None, _) => format!(
                "Write a {} order to {} {method} ({cost} command points; {arrives})",
                type_word(*order_type),
                self.receiver_name(receiver)
            ),
        }
    }

    /// "Finish setting up (facings and formations as they stand)".
    fn finish_setup_label(&self, facings: usize, formations: usize) -> String {
        if facings == 0 && formations == 0 {
            return "Finish setting up (every stack keeps its facing and every unit its \
                    formation; choose facings and formations to send with it)"
                .into();
        }
        format!("Finish setting up ({facings} facings and {formations} formations chosen)")
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
