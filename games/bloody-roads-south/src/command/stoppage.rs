//! Attack stoppage (S10.3; BRS 3.1c(2), 3.1d; reference 2.3.9).
//!
//! A command following a complex order checks in its Command Phase when any of its units was
//! fired on by infantry since its previous check (the unit mark `fired_on_by_infantry`, set
//! by the fire rules; this segment reads and clears the phasing side's marks). Union divisions
//! check one by one (brigades for divisions, the division leader's rating; 5, 6 and 9 Corps one
//! column right); Confederate corps check as the series says, and a division on a goal of its
//! own checks alone as a one-division corps. Special brigades (Kitching, the Engineers, Prov/9)
//! count neither as brigades nor as wrecked brigades. 2d6, −3 at night, at or above the number
//! for the commander's rating. Failure stops the command and cancels its complex order; its
//! units must withdraw beyond 2 hexes of the enemy this turn (the movement rules ask
//! [`BloodyRoadsSouth::must_withdraw`]).
//!
//! Decisions: brigades and divisions count once they have entered play (on the map or
//! eliminated; an eliminated one counts as wrecked); a combination the table marks "–" (more
//! wrecks than formations) reads column 4; a division or corps without a leader in command
//! uses a replacement's rating, 1.

use adjutant_engine::Side;

use crate::data::FormationId;
use crate::data::order::OrderType;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{OrderNo, OrderStatus, Receiver};
use crate::model::unit::{Location, UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

/// One command that must check.
struct Check {
    /// The stopping command: a division, or a Confederate corps.
    receiver: Receiver,
    /// The complex order it follows.
    order: OrderNo,
    /// The order is its corps' (a Union division following its corps order).
    corps_order: Option<FormationId>,
    /// The current commander.
    leader: Option<UnitKey>,
    /// Subordinate formations (brigades or divisions).
    size: u8,
    /// Wrecked ones, plus one if the original commander is lost.
    wrecked: u8,
    /// The corps for rule 3.1d's shift (Union divisions).
    shift_corps: Option<FormationId>,
}

impl BloodyRoadsSouth {
    /// The complex order a receiver follows now, if any (implemented; not stopped).
    fn complex_in_force(&self, side: Side, r: &Receiver) -> Option<OrderNo> {
        let c = self.command(side, r)?;
        if c.stopped {
            return None;
        }
        let no = c.current?;
        (self.order(side, no)?.order_type == OrderType::Complex).then_some(no)
    }

    /// The brigades of a division that count for stoppage: its own or attached, not special,
    /// in play; and how many of them are wrecked (eliminated counts).
    fn division_brigades(&self, side: Side, d: &FormationId) -> (u8, u8) {
        let mut size = 0;
        let mut wrecked = 0;
        for k in self.keys() {
            let u = self.unit(k);
            if u.side != side
                || u.kind != UnitKind::Brigade
                || u.part_of.is_some()
                || u.division.as_ref() != Some(d)
                || u.location == Location::Waiting
                || !self
                    .brigade_data(k)
                    .is_some_and(|b| b.counts_for_division_wreck())
            {
                continue;
            }
            size += 1;
            if u.location == Location::Gone || self.brigade_wrecked(k, WreckCount::InPlay) {
                wrecked += 1;
            }
        }
        (size, wrecked)
    }

    /// Some unit of the force was fired on by infantry since the last check.
    fn fired_on(&self, side: Side, r: &Receiver) -> bool {
        self.force_of(side, r)
            .into_iter()
            .any(|k| self.unit(k).marks.fired_on_by_infantry)
    }

    /// The commands of `side` that must check now (S10.3; rule 3.1c(2)).
    fn stoppage_checks(&self, side: Side) -> Vec<Check> {
        let mut out = Vec::new();
        let divisions = self.divisions_on_map(side);
        for (d, c) in &divisions {
            let rd = Receiver::Division(d.clone());
            let own = self.complex_in_force(side, &rd);
            let on_goal = self.command(side, &rd).is_some_and(|x| x.current.is_some());
            let stopped = self.command(side, &rd).is_some_and(|x| x.stopped);
            let (order, corps_order) = match own {
                Some(no) => (Some(no), None),
                None if side == Side::Union && !on_goal && !stopped => (
                    self.complex_in_force(side, &Receiver::Corps(c.clone())),
                    Some(c.clone()),
                ),
                None => (None, None),
            };
            let Some(order) = order else { continue };
            if !self.fired_on(side, &rd) {
                continue;
            }
            let (size, wrecked) = if side == Side::Union {
                self.division_brigades(side, d)
            } else {
                (
                    1,
                    u8::from(self.division_wrecked(side, d, WreckCount::InPlay)),
                )
            };
            out.push(Check {
                receiver: rd,
                order,
                corps_order,
                leader: self.division_leader(side, d),
                size,
                wrecked: wrecked + u8::from(self.original_division_leader_lost(side, d)),
                shift_corps: (side == Side::Union).then(|| c.clone()),
            });
        }
        if side == Side::Confederate {
            for c in self.corps_on_map(side) {
                let rc = Receiver::Corps(c.clone());
                let Some(order) = self.complex_in_force(side, &rc) else {
                    continue;
                };
                let mine: Vec<&FormationId> = divisions
                    .iter()
                    .filter(|(_, x)| *x == c)
                    .map(|(d, _)| d)
                    .collect();
                let following = |k: UnitKey| {
                    self.division_of(k).is_none_or(|d| {
                        self.command(side, &Receiver::Division(d))
                            .is_none_or(|x| x.current.is_none())
                    })
                };
                let fired = self
                    .force_of(side, &rc)
                    .into_iter()
                    .any(|k| following(k) && self.unit(k).marks.fired_on_by_infantry);
                if !fired {
                    continue;
                }
                let wrecked = mine
                    .iter()
                    .filter(|d| self.division_wrecked(side, d, WreckCount::InPlay))
                    .count() as u8;
                out.push(Check {
                    receiver: rc,
                    order,
                    corps_order: None,
                    leader: self.corps_commander(side, &c),
                    size: mine.len().max(1) as u8,
                    wrecked: wrecked + u8::from(self.original_corps_commander_lost(side, &c)),
                    shift_corps: None,
                });
            }
        }
        out
    }

    /// The Attack Stoppage segment (S10.3): every command that must check rolls; then the
    /// phasing side's `fired_on_by_infantry` marks are cleared.
    pub(crate) fn attack_stoppage_segment(&mut self, side: Side, fx: &mut Fx) {
        let charts = &crate::data::charts().command;
        for check in self.stoppage_checks(side) {
            let table = &charts.attack_stoppage;
            let mut column = table.column(check.wrecked, check.size).unwrap_or(4);
            if let Some(c) = &check.shift_corps {
                column = charts.attack_stoppage_shift.shifted(c, column);
            }
            let rating = check.leader.map(|k| self.rating_of(k)).unwrap_or(1);
            let needed = table.needed(column, rating).unwrap_or(12);
            let (a, b) = self.secret_2d6(side, fx);
            let night = if self.is_night() { table.night_drm } else { 0 };
            let roll = i16::from(a + b) + i16::from(night);
            let passed = roll >= i16::from(needed);
            let name = self.receiver_name(&check.receiver);
            fx.private(
                EventKind::Stoppage,
                side,
                format!(
                    "Attack stoppage for {name}: {} of {} wrecked, column {column}, rating \
                     {rating}: {needed} needed; roll {}{} ({a}+{b}): {} (10.3{}).",
                    check.wrecked,
                    check.size,
                    roll,
                    if night != 0 { " at night" } else { "" },
                    if passed {
                        "the attack goes on"
                    } else {
                        "the attack stops"
                    },
                    if side == Side::Union { ", 3.1c" } else { "" },
                ),
            );
            if !passed {
                self.stop_command(side, &check, fx);
            }
        }
        for u in self.units_mut().iter_mut().filter(|u| u.side == side) {
            u.marks.fired_on_by_infantry = false;
        }
    }

    /// A failed check (S10.3; rule 3.1c(2)): the command stops and loses its complex order; a
    /// corps whose divisions have all stopped has lost its attack order.
    fn stop_command(&mut self, side: Side, check: &Check, fx: &mut Fx) {
        let turn = self.turn;
        let command = self.command_mut(side, &check.receiver);
        command.stopped = true;
        command.stopped_on = Some(turn);
        if check.corps_order.is_none() {
            command.current = None;
            self.set_status(side, check.order, OrderStatus::Cancelled);
        }
        if let Some(c) = &check.corps_order {
            let all = self
                .divisions_on_map(side)
                .into_iter()
                .filter(|(_, x)| x == c)
                .all(|(d, _)| {
                    self.command(side, &Receiver::Division(d))
                        .is_some_and(|x| x.stopped)
                });
            if all {
                let rc = Receiver::Corps(c.clone());
                let corps = self.command_mut(side, &rc);
                if corps.current == Some(check.order) {
                    corps.current = None;
                    corps.stopped_on = Some(turn);
                    self.set_status(side, check.order, OrderStatus::Cancelled);
                    fx.private(
                        EventKind::Stoppage,
                        side,
                        format!(
                            "Every division of {c} Corps has stopped: the corps has lost its \
                             attack order (3.1c)."
                        ),
                    );
                }
            }
        }
    }
}
