//! Combat Orders (S8.8): each engaged Line Position gets an order from its owner — Attacker
//! Diversion, Advance or Assault; Defender Withdraw, Stand or Counterattack — and an unengaged
//! occupied Defender Line Position may Withdraw. Both players choose secretly and at the same
//! time; the orders are revealed together and last one round. A Line Position holding an
//! ineffective division, an out-of-communications infantry unit or only militia is restricted
//! (S8.8b, S1.10c, S6.6); Bowen's inherent Officer lifts his own LOC restriction (4.31a).

use adjutant_engine::Side;

use crate::combat::battle_board::BOWEN;
use crate::data::charts::CombatOrder;
use crate::model::action::Action;
use crate::model::counter::{Key, Kind};
use crate::model::game::MississippiFortress;

/// Attacker orders, weakest first.
pub const ATTACK: [CombatOrder; 3] = [
    CombatOrder::Diversion,
    CombatOrder::Advance,
    CombatOrder::Assault,
];
/// Defender orders, weakest first.
pub const DEFEND: [CombatOrder; 3] = [
    CombatOrder::Withdraw,
    CombatOrder::Stand,
    CombatOrder::Counterattack,
];

/// What restricts the Combat Orders of a Line Position (S8.8b).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restrictions {
    /// Its ineffective divisions (S1.8c).
    pub ineffective: Vec<Key>,
    /// Its non-militia infantry out of communications (S6.6), Bowen's Division excepted
    /// under 4.31a.
    pub out_of_comms: Vec<Key>,
    /// Its only infantry is militia (S1.10c).
    pub militia_only: bool,
}

impl Restrictions {
    /// A restriction other than ineffectiveness (they all leave the same orders).
    fn other(&self) -> bool {
        !self.out_of_comms.is_empty() || self.militia_only
    }
}

impl MississippiFortress {
    /// The lines of `side` that need an order this round, with whether each is engaged.
    pub fn lines_needing_orders(&self, side: Side) -> Vec<(u8, bool)> {
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for line in 0..3u8 {
            if side == b.attacker {
                if b.defender_line_of(line).is_some() {
                    out.push((line, true));
                }
            } else if self.line_occupied(side, usize::from(line)) {
                out.push((line, b.attacker_line_of(line).is_some()));
            }
        }
        out
    }

    /// The next line of `side` without an order.
    pub fn next_order_line(&self, side: Side) -> Option<u8> {
        let b = self.battle.as_ref()?;
        self.lines_needing_orders(side)
            .into_iter()
            .map(|(l, _)| l)
            .find(|&l| !b.orders.iter().any(|(s, x, _)| *s == side && *x == l))
    }

    /// S8.8b: what restricts a Line Position's orders: its ineffective divisions (S1.8c),
    /// its out-of-communications non-militia infantry (S6.6; not Bowen's Division when 4.31a
    /// applies), and whether its only infantry is militia (S1.10c).
    pub fn order_restrictions(&self, side: Side, line: u8) -> Restrictions {
        let units = self.line_units(side, usize::from(line));
        let bowen = self.bowen_line() == Some(usize::from(line));
        let ineffective = units
            .iter()
            .copied()
            .filter(|&k| self.counters[k].ineffective())
            .collect();
        let out_of_comms = units
            .iter()
            .copied()
            .filter(|&k| {
                let c = &self.counters[k];
                c.kind.is_line_infantry() && !c.rec.in_comms && !(bowen && &*c.id == BOWEN)
            })
            .collect();
        let infantry: Vec<Kind> = units
            .iter()
            .map(|&k| self.counters[k].kind)
            .filter(|k| k.is_infantry())
            .collect();
        let militia_only = !infantry.is_empty() && infantry.iter().all(|&k| k == Kind::Militia);
        Restrictions {
            ineffective,
            out_of_comms,
            militia_only,
        }
    }

    /// S8.8b: the orders a Line Position may receive.
    pub fn allowed_orders(&self, side: Side, line: u8, engaged: bool) -> Vec<Option<CombatOrder>> {
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        let attacking = side == b.attacker;
        if !engaged {
            // S8.8a: an unengaged Defender Line Position may Withdraw or hold.
            return vec![Some(CombatOrder::Withdraw), None];
        }
        let r = self.order_restrictions(side, line);
        let ineffective = !r.ineffective.is_empty();
        let all = if attacking { ATTACK } else { DEFEND };
        // The table of S8.8b: an ineffective division leaves the Attacker only Diversion;
        // every restriction leaves the Defender Withdraw and Stand.
        let cap = match (attacking, ineffective, r.other()) {
            (true, true, _) => 1,
            (_, true, _) | (_, _, true) => 2,
            _ => 3,
        };
        all.into_iter().take(cap).map(Some).collect()
    }

    /// S8.8b in words, for `side`'s own prompt and log: "it holds an ineffective division
    /// (12th Division (XIII), S1.8c)"; `None` for an unrestricted Line Position.
    pub fn restriction_words(&self, side: Side, line: u8) -> Option<String> {
        let r = self.order_restrictions(side, line);
        let names = |keys: &[Key]| -> String {
            keys.iter()
                .map(|&k| self.counters[k].name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut parts = Vec::new();
        if !r.ineffective.is_empty() {
            parts.push(format!(
                "an ineffective division ({}, S1.8c)",
                names(&r.ineffective)
            ));
        }
        if !r.out_of_comms.is_empty() {
            parts.push(format!(
                "infantry out of communications ({}, S6.6)",
                names(&r.out_of_comms)
            ));
        }
        if r.militia_only {
            parts.push("no infantry but militia (S1.10c)".to_string());
        }
        (!parts.is_empty()).then(|| format!("it holds {}", parts.join(" and ")))
    }

    /// The order options of `side`'s next line.
    pub(crate) fn order_actions(&self, side: Side) -> Vec<Action> {
        let Some(line) = self.next_order_line(side) else {
            return Vec::new();
        };
        let engaged = self
            .lines_needing_orders(side)
            .into_iter()
            .any(|(l, e)| l == line && e);
        self.allowed_orders(side, line, engaged)
            .into_iter()
            .map(|order| Action::Order { line, order })
            .collect()
    }

    /// Records an order (secret until both sides are done).
    pub(crate) fn give_order(&mut self, side: Side, line: u8, order: Option<CombatOrder>) {
        if let Some(b) = self.battle.as_mut() {
            b.orders.push((side, line, order));
        }
    }
}
