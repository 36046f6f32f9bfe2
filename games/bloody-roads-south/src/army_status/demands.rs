//! Panic demands (reference 3A.6). Grant may make two a date of Lee; Lee two a date of Grant,
//! Meade or Burnside. A demand is offered at the end of the demanding player's own Rally
//! Phase, only if in that player turn his side won a close combat against a unit of the
//! target's command, eliminated such a unit, or overran one of its corps HQs — public events
//! all (a unit's command is read from its counter, as printed or attached by the scenario),
//! so the offer itself tells nothing. The target rolls at once on the row one status lower
//! than his own (4: no roll; 3: "Status of 2"; 2 and 1: "Status of 1", +1 to the roll at 1),
//! from his own secret dice; both players and spectators read only "panic" or "no panic". A
//! demand never changes status. Unused demands lapse when the Day marker advances.
//!
//! Decision: at most one demand at each offer (one per Rally Phase), answered by naming the
//! target or declining.

use adjutant_engine::Side;

use crate::data::UnitId;
use crate::data::charts::army_status::PanicScope;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::decision::{Decision, Question};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

use super::panic::PanicCause;

impl BloodyRoadsSouth {
    /// The demands `side` has made today (public: each is announced).
    pub fn demands_made_today(&self, side: Side) -> u8 {
        let d = self.army_status.demands.get(side);
        if d.day == self.turn().time.day() {
            d.made
        } else {
            0
        }
    }

    /// The sheet of `side`'s commander who may demand (Grant, Lee), with his allowance.
    fn demander(&self, side: Side) -> Option<(UnitId, u8, Vec<UnitId>)> {
        crate::data::charts()
            .army_status
            .commander
            .iter()
            .find(|c| c.side == side && c.panic_demands_per_day > 0)
            .filter(|c| self.track(c.leader.as_str()).is_some())
            .map(|c| {
                (
                    c.leader.clone(),
                    c.panic_demands_per_day,
                    c.demand_targets.clone(),
                )
            })
    }

    /// A player turn begins: no blow struck yet (3A.6).
    pub(crate) fn clear_blows(&mut self) {
        self.army_status.struck.clear();
    }

    /// A public blow against counter `k` (a close combat won against it, its elimination, its
    /// corps HQ overrun) in the phasing player's turn: the commands it belongs to may be the
    /// targets of his demand (3A.6).
    pub(crate) fn record_blow(&mut self, k: UnitKey) {
        if !self.army_status_on() {
            return;
        }
        let side = self.unit(k).side;
        if self.step.phasing() != Some(side.opponent()) {
            return;
        }
        let corps = self.corps_of(k);
        let sheets: Vec<UnitId> = self
            .army_status
            .tracks
            .iter()
            .filter(|t| t.side == side && !t.dropped)
            .filter_map(|t| Self::sheet(&t.sheet))
            .filter(|c| {
                corps.as_ref().map_or(
                    matches!(c.scope, PanicScope::Union | PanicScope::Confederate),
                    |f| self.formation_in_scope(side, f, c.scope),
                )
            })
            .map(|c| c.leader.clone())
            .collect();
        for s in sheets {
            if !self.army_status.struck.contains(&s) {
                self.army_status.struck.push(s);
            }
        }
    }

    /// The end of `side`'s own Rally Phase: a demand is offered when the public conditions
    /// hold (3A.6).
    pub(crate) fn offer_demand(&mut self, side: Side) {
        if !self.army_status_on() {
            return;
        }
        let targets = self.demand_targets(side);
        if !targets.is_empty() {
            self.decisions
                .push(Decision::new(side, Question::PanicDemand { targets }));
        }
    }

    /// The commanders `side` may demand a panic roll of now.
    pub fn demand_targets(&self, side: Side) -> Vec<UnitId> {
        let Some((_, per_day, targets)) = self.demander(side) else {
            return Vec::new();
        };
        if self.demands_made_today(side) >= per_day {
            return Vec::new();
        }
        targets
            .into_iter()
            .filter(|t| self.track(t.as_str()).is_some())
            .filter(|t| self.army_status.struck.contains(t))
            .collect()
    }

    /// The answers to a demand question: each target, or decline.
    pub(crate) fn demand_actions(&self, targets: &[UnitId]) -> Vec<Action> {
        let mut v: Vec<Action> = targets
            .iter()
            .map(|t| Action::DemandPanic { target: t.clone() })
            .collect();
        v.push(Action::Decline);
        v
    }

    /// A demand made (or declined) by `side` (3A.6).
    pub(crate) fn apply_demand(&mut self, side: Side, action: Action, fx: &mut Fx) {
        let Action::DemandPanic { target } = action else {
            return;
        };
        let Some(i) = self
            .army_status
            .tracks
            .iter()
            .position(|t| t.sheet == target && !t.dropped)
        else {
            return;
        };
        let day = self.turn().time.day();
        let made = self.demands_made_today(side) + 1;
        let d = self.army_status.demands.get_mut(side);
        d.day = day;
        d.made = made;
        let (demander, per_day) = self
            .demander(side)
            .map(|(s, n, _)| (s.to_string(), n))
            .unwrap_or_default();
        let track = self.army_status.tracks[i].clone();
        fx.public(
            EventKind::ArmyStatus,
            format!(
                "{demander} makes a panic demand of {} ({made} of {per_day} today, 3A.6).",
                self.track_holder(&track)
            ),
        );
        let (row, plus) = match track.status {
            4 => (None, 0),
            3 => (Some(2), 0),
            2 => (Some(1), 0),
            _ => (Some(1), 1),
        };
        let panicked = match row {
            _ if track.panicked => {
                fx.private(
                    EventKind::ArmyStatus,
                    track.side,
                    format!("{} is already in a panic: no roll (3A.6).", track.sheet),
                );
                false
            }
            None => {
                fx.private(
                    EventKind::ArmyStatus,
                    track.side,
                    format!("{} is at status 4: no roll, no panic (3A.6).", track.sheet),
                );
                false
            }
            Some(r) => self.panic_roll(i, r, plus, PanicCause::Demand, fx),
        };
        if !panicked {
            fx.public(
                EventKind::ArmyStatus,
                format!("{}: no panic (3A.6).", self.track_holder(&track)),
            );
        }
    }
}
