//! Choices of a battle the rules make without asking, announced (decision I39). A choice with
//! a single legal option is made automatically (I1); in a battle the player reads which and
//! why: a counter placed or kept where the Battle Board's limits leave it its only place
//! (S8.6b-g, S9.82), a Line Position given its only allowed Combat Order (S8.8b: an
//! ineffective division leaves the Attacker only Diversion). These are secret until the
//! reveal (S8.7a, S8.8c, S9.82), so they are the owner's alone. An Attacker Line Position
//! that engages no one gets no order at all (S8.7b(3), S8.8a): that is announced to both,
//! like the engagements it follows from (S8.7d).

use adjutant_engine::Side;

use crate::actions::order_name;
use crate::data::units::LeaderRole;
use crate::events::{EventKind, Fx};
use crate::model::action::{Action, Position};
use crate::model::counter::Kind;
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// Tells `side` of the battle choice the sequence of play is about to make for it, the
    /// only one it has (decision I39). Other forced choices (a "finish" with nothing else
    /// to do, a question with one answer) are told by the events of what they do.
    pub(crate) fn announce_forced(&self, side: Side, action: &Action, fx: &mut Fx) {
        let Some(b) = self.battle.as_ref().filter(|_| self.decisions.is_empty()) else {
            return;
        };
        let battle = format!("Battle in {}", Self::area_name(b.area));
        let text = match action {
            Action::Deploy { counter, position } => format!(
                "{battle}: {} is placed in {} automatically, the only place open to it: {} \
                 (secret until the deployments are revealed, S8.7a).",
                self.counter_name(counter),
                position.name(),
                self.only_place_reason(counter, *position)
            ),
            Action::Commit { counter, position } => {
                let p = position.unwrap_or(Position::Reserve);
                format!(
                    "{battle}, before round 2: {} {} automatically, the only choice open to \
                     it: {} (secret until the commitments are revealed, S9.82).",
                    self.counter_name(counter),
                    match position {
                        Some(p) => format!("is committed to {}", p.name()),
                        None => "stays in the Reserve".to_string(),
                    },
                    self.only_place_reason(counter, p)
                )
            }
            Action::Order { line, order } => format!(
                "{battle}, round {}: {side} LP{} is given {} automatically, the only order it \
                 may take: {} (S8.8b; secret until the orders are revealed, S8.8c).",
                b.round,
                line + 1,
                order.map_or("no order", order_name),
                self.restriction_words(side, *line)
                    .unwrap_or_else(|| "no other order is allowed".to_string())
            ),
            _ => return,
        };
        fx.private(EventKind::Automatic, side, text);
    }

    /// Why `id` may go nowhere but `position` (S8.6b-g, 2.22a, decision I3).
    fn only_place_reason(&self, id: &str, position: Position) -> String {
        let Some(k) = self.key(id) else {
            return "the Battle Board's limits (S8.6b-e)".to_string();
        };
        let c = &self.counters[k];
        if position != Position::Reserve {
            return "the last infantry or cavalry counter must hold a Line Position, and this \
                    is the only one it may join (S8.6g)"
                .to_string();
        }
        match (c.kind, c.role()) {
            (Kind::Leader, Some(LeaderRole::Commander) | None) => {
                "a Commander stands in the Reserve (S8.6e)".to_string()
            }
            (Kind::Leader, Some(LeaderRole::Officer)) => {
                "an Officer stands in a Line Position only with infantry of his formations, \
                 and no Line Position holds any (S8.6e)"
                    .to_string()
            }
            (Kind::Leader, Some(LeaderRole::CommanderOfficer)) => {
                "a Leader stands in a Line Position only with infantry or cavalry, and no Line \
                 Position holds any (S8.6b, decision I3)"
                    .to_string()
            }
            (Kind::Artillery, _) => {
                "artillery never stands alone and a Line Position takes one artillery unit; no \
                 Line Position has room for it beside infantry or cavalry (S8.6b)"
                    .to_string()
            }
            (Kind::Cavalry, _) => {
                "every Line Position holds a cavalry unit already (S8.6b)".to_string()
            }
            _ => "every Line Position holds four divisions of its identifier already (2.22a)"
                .to_string(),
        }
    }

    /// S8.7b(3), S8.8a: after the engagements, each occupied Attacker Line Position that
    /// engages no one is idle: it gets no Combat Order, neither fires nor is fired on. Told
    /// to both players and spectators (the engagements and the Line Positions are public).
    pub(crate) fn announce_idle_lines(&self, fx: &mut Fx) {
        let Some(b) = &self.battle else { return };
        let idle: Vec<String> = (0..3)
            .filter(|&line| b.engaged[line].is_none() && self.line_occupied(b.attacker, line))
            .map(|line| format!("LP{}", line + 1))
            .collect();
        if idle.is_empty() {
            return;
        }
        let (one, many) = (idle.len() == 1, idle.join(" and "));
        fx.public(
            EventKind::Automatic,
            format!(
                "Battle in {}, round {}: {} {many} {} no enemy Line Position: {} idle this round, \
                 {} no Combat Order and neither {} nor {} fired on (S8.7b(3), S8.8a).",
                Self::area_name(b.area),
                b.round,
                b.attacker,
                if one { "engages" } else { "engage" },
                if one { "it is" } else { "they are" },
                if one { "gets" } else { "get" },
                if one { "fires" } else { "fire" },
                if one { "is" } else { "are" },
            ),
        );
    }
}
