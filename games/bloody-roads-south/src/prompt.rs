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
                Question::LooseCannon { leader, receiver } => format!(
                    "Loose Cannon: write the one-turn order of the enemy {} ({}), with its \
                     objective hex (10.2g)",
                    self.receiver_name(receiver),
                    self.leader_name(*leader)
                ),
                Question::PlaceLeader { .. } => "Choose where the leader appears (25.4)".into(),
                Question::Face { hex, after } => self.face_prompt(d.side(), *hex, *after),
                Question::LeeTakesCorps { leader, corps } => self.lee_corps_prompt(*leader, corps),
                Question::HancockAttached { divisions } => self.hancock_attached_prompt(divisions),
                Question::PanicDemand { targets } => {
                    let names: Vec<&str> = targets.iter().map(|t| t.as_str()).collect();
                    format!(
                        "Your blows this turn allow a panic demand of {} (3A.6, {} made today): \
                         make one, or decline",
                        names.join(" or "),
                        self.demands_made_today(d.side())
                    )
                }
            };
        }
        let title = self.phase_title();
        match self.step {
            Step::SetUp => match self.next_placement(side) {
                Some((k, _)) => format!(
                    "Set-up: choose the hex of {} (6.0)",
                    self.unit_name(side, &self.unit(k).id)
                ),
                None if !self.preset_order_actions(side).is_empty() => {
                    "Set-up: post your pre-set orders in one batch (6.0c, empty if none), then \
                     choose your stacks' facings, units' formations and extended lines and send \
                     them with Finish setting up (6.0, 6.0h)"
                        .into()
                }
                None => "Set-up: choose your stacks' facings, units' formations and extended \
                         lines and send them with Finish setting up (6.0, 6.0h; one action: \
                         the facings, formations and extensions are its lists)"
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
                let points = if points.is_empty() {
                    "no writer this turn".to_string()
                } else {
                    format!("command points: {}", points.join(", "))
                };
                format!(
                    "{title}: issue your orders in one batch ({points}): pick orders from your \
                     order menu, with objective and words, plus any goals dropped, emergency \
                     retreats or eliminated brigades' returns; post it once, empty if you write \
                     nothing"
                )
            }
            Step::Command {
                segment: CommandSegment::Initiative,
                ..
            } => format!(
                "{title}: choose your initiative attempts in one batch, each with the order the \
                 leader gives if he wins; they are rolled in order; post it once, empty if you \
                 try nothing"
            ),
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
