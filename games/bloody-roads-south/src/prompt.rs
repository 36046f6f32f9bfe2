//! The sentence that tells a player what to do now.

use adjutant_engine::Side;

use crate::model::decision::Question;
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::{CommandSegment, MovementSegment, Step};

impl BloodyRoadsSouth {
    /// The prompt of `side` (asked only when it has actions).
    pub fn prompt_text(&self, side: Side) -> String {
        if let Some(d) = self.decisions.first() {
            return match d.question() {
                Question::Retreat { hexes_left, .. } => format!(
                    "Retreat: choose the next hex ({hexes_left} to go), away from the enemy (24.3)"
                ),
                Question::RoutThrough { hex, .. } => format!(
                    "A retreat enters your stack in {hex}: step aside one hex, or stand fast and share its state (24.3)"
                ),
                Question::InitiativeOrder { leader, receiver } => format!(
                    "{} won the initiative: write his new order for {}, complex or simple (10.2)",
                    self.leader_name(*leader),
                    self.receiver_name(receiver)
                ),
                Question::LooseCannon { leader, receiver } => format!(
                    "Loose Cannon: write the one-turn order of the enemy {} ({}), with its \
                     objective hex (10.2g)",
                    self.receiver_name(receiver),
                    self.leader_name(*leader)
                ),
                Question::PlaceLeader { .. } => "Choose where the leader appears (25.4)".into(),
            };
        }
        let title = self.phase_title();
        match self.step {
            Step::SetUp => match self.next_placement(side) {
                Some((k, _)) => format!(
                    "Set-up: choose the hex of {} (6.0)",
                    self.unit_name(side, &self.unit(k).id)
                ),
                None => "Set-up: choose your stacks' facings and units' formations and send them \
                         with Finish setting up (6.0; one action: the facings and formations \
                         are its lists)"
                    .into(),
            },
            Step::Command {
                segment: CommandSegment::OrderIssue,
                ..
            } => {
                let points: Vec<String> = self
                    .writers(side)
                    .iter()
                    .map(|w| format!("{} {}", self.leader_name(w.key), self.points_left(&w.id)))
                    .collect();
                format!(
                    "{title}: write orders, or finish (command points left: {})",
                    points.join(", ")
                )
            }
            Step::Command {
                segment: CommandSegment::Initiative,
                ..
            } => format!("{title}: choose a leader to try for the initiative, or finish"),
            Step::Movement {
                segment: MovementSegment::Move,
                ..
            } => self.movement_prompt(&title),
            Step::Fire { .. } => match &self.fire {
                Some(f) => format!(
                    "{title}: fire at {} with the units you choose (all that may fire are \
                     listed; leave out any you wish), or choose another target",
                    f.target
                ),
                None => format!("{title}: choose a target, or finish firing"),
            },
            _ => title,
        }
    }
}
