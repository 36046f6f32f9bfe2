//! Facing after a close combat and at the end of a morale retreat (series 13.0: "the
//! non-phasing player may change facing after a close combat or at the end of a morale
//! retreat"; reference 2.4), through the `Face` question.
//!
//! **Decisions.**
//! - *Who is asked*: the non-phasing player only, as the series says. The phasing player's
//!   stacks turn freely when they next move in his own Movement Phase; the non-phasing
//!   player's cannot move before the enemy's next blow, which is why the series gives him
//!   this turn. So a retreat of the phasing player's units (a close-combat attacker thrown
//!   back, a rout of the Rally Phase, a retreat from defensive fire) asks nothing.
//! - *When*: after a close combat that the defender's stack survived in its hex (the attack
//!   thrown back or destroyed), the defender is asked for that hex; a defender that retreats
//!   is asked where its retreat ends (its second morale check made first, and any further
//!   retreat it causes ended); at the end of every retreat of a non-phasing stack forced by a
//!   morale result (fire, drawn fire, close combat), for the hex where it ends — also when
//!   it could not go on and routed where it stood. A stack eliminated on the way is asked
//!   nothing.
//! - *What is offered*: the five other vertices (`Face`), and `Decline` to keep the facing.
//!   The whole stack in the hex turns (one facing a hex, 13.0), the units it retreated into
//!   included; keeping the facing also gives every unit there the facing shown, the top
//!   counter's.
//! - *Secrecy*: the question arises only from what every viewer reads — a close combat's
//!   result (who retreats), a retreat hex by hex or a rout where it stood, a stack still on
//!   the map — never from a morale check whose retreat was ignored or from anything else
//!   secret; so its action leaks nothing. The facing chosen is public (section 5).

use adjutant_engine::Side;

use crate::data::HexId;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::decision::{Decision, FaceCause, Question, RetreatCause};
use crate::model::facing::Vertex;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

impl BloodyRoadsSouth {
    /// Asks `side` whether its stack in `hex` turns (see the module's decisions): only the
    /// non-phasing player, only when he has a counter there, once a hex at a time.
    pub(crate) fn offer_face(&mut self, side: Side, hex: HexId, after: FaceCause) {
        if self.step.phasing() == Some(side) || self.step.phasing().is_none() {
            return;
        }
        if self.stack_of(hex, side).is_empty() {
            return;
        }
        let asked = self.decisions.iter().any(|d| {
            d.side() == side && matches!(d.question(), Question::Face { hex: h, .. } if *h == hex)
        });
        if !asked {
            self.decisions
                .push(Decision::new(side, Question::Face { hex, after }));
        }
    }

    /// The end of the retreat of `units` (S13.0): a retreat forced by a morale result or a
    /// close combat lost by the defender lets a non-phasing owner turn the stack where it
    /// ended.
    pub(crate) fn retreat_ended(&mut self, units: &[UnitKey], cause: RetreatCause) {
        if !matches!(
            cause,
            RetreatCause::Morale | RetreatCause::CloseCombatDefender
        ) {
            return;
        }
        let Some(k) = units.iter().copied().find(|&k| self.unit(k).on_map()) else {
            return;
        };
        let side = self.unit(k).side;
        if let Some(hex) = self.unit(k).hex() {
            self.offer_face(side, hex, FaceCause::Retreat);
        }
    }

    /// The facing the stack of `side` in `hex` shows: its top counter's.
    pub(crate) fn shown_facing(&self, side: Side, hex: HexId) -> Option<Vertex> {
        self.stack_of(hex, side)
            .first()
            .map(|&k| self.unit(k).facing)
    }

    /// The answers to a `Face` question: the five other vertices, then `Decline` (keep).
    pub(crate) fn face_actions(&self, side: Side, hex: HexId) -> Vec<Action> {
        let Some(now) = self.shown_facing(side, hex) else {
            return Vec::new();
        };
        let mut out: Vec<Action> = Vertex::ALL
            .into_iter()
            .filter(|&v| v != now)
            .map(|facing| Action::Face { facing })
            .collect();
        out.push(Action::Decline);
        out
    }

    /// Applies the answer to a `Face` question: the whole stack faces the vertex chosen, or
    /// keeps the facing it shows.
    pub(crate) fn apply_face(&mut self, side: Side, hex: HexId, action: Action, fx: &mut Fx) {
        let Some(now) = self.shown_facing(side, hex) else {
            return;
        };
        let facing = match action {
            Action::Face { facing } => facing,
            _ => now,
        };
        for k in self.stack_of(hex, side) {
            self.unit_mut(k).facing = facing;
        }
        if facing != now {
            fx.public(
                EventKind::Move,
                format!(
                    "The {side} stack in {hex} turns to face {} (13.0).",
                    facing.compass()
                ),
            );
        }
    }

    /// The prompt of a `Face` question.
    pub(crate) fn face_prompt(&self, side: Side, hex: HexId, after: FaceCause) -> String {
        let now = self
            .shown_facing(side, hex)
            .map(|v| format!("{} ({v})", v.compass()))
            .unwrap_or_default();
        let why = match after {
            FaceCause::CloseCombat => "The close combat is over",
            FaceCause::Retreat => "The retreat is over",
        };
        format!(
            "{why}: turn your stack in {hex} to face another vertex, or keep it facing {now} \
             (13.0: free for the non-phasing player)"
        )
    }

    /// The label of an answer to a `Face` question.
    pub(crate) fn face_label(&self, action: &Action) -> Option<String> {
        let Some(Question::Face { hex, .. }) = self.decisions.first().map(|d| d.question()) else {
            return None;
        };
        let side = self.decisions.first()?.side();
        match action {
            Action::Face { facing } => Some(format!(
                "Turn the stack in {hex} to face {} ({facing})",
                facing.compass()
            )),
            Action::Decline => {
                let now = self.shown_facing(side, *hex)?;
                Some(format!(
                    "Keep the stack in {hex} facing {} ({now})",
                    now.compass()
                ))
            }
            _ => None,
        }
    }
}
