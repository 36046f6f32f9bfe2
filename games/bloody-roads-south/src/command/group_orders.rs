//! Rule 4.3a: the orders of the Confederate groups of 6 May that enter by variable entry.
//! "Like the location of entry, the orders assigned to Longstreet and Anderson may be changed
//! at any time up to and including the 11:00pm turn May 5th. These orders may not be checked
//! for acceptance until the turn before the units are to enter the map. The following orders
//! are in effect until such time as different, player-written orders are accepted and
//! implemented: Anderson is to move to rejoin his corps and Longstreet's Corps is to move to
//! the Army HQ and await orders."
//!
//! **Decisions** (reference 4.3a):
//! - The groups are those the book names, marked `rewritable_orders` in `data/variants.toml`:
//!   Longstreet's 1 Corps (an order to the corps, as its HQ comes with it) and Anderson's
//!   division A/3 (a divisional goal, as Anderson comes without his corps HQ). J/R/2 and R/R/2
//!   report to Rodes, and Pickett's division (4.5a) keeps its printed goal: the book names
//!   only Longstreet and Anderson.
//! - In Scenario 5 (entries chosen in play) such an order is an ordinary order of Lee's in his
//!   Order Issue batch, on his menu while the group waits off the map and until the group's
//!   deadline (11:00pm 5 May): by aide (oral or written; never in person, the group being off
//!   the map), at the usual cost. It arrives "the turn before the units are to enter": its
//!   arrival is the turn before the group's due turn, and follows the group's entry when the
//!   entry is changed. A newer order to the group cancels one still in transit ("may be
//!   changed"). It is rolled for in that turn's New Order Acceptance as any order, the
//!   receiver's rating being the group's own commander's (Longstreet's, Anderson's) though he
//!   is still off the map. Accepted, a goal for A/3 is in force at once and its printed goal
//!   is then never installed; an order for 1 Corps waits, as any corps order, for Longstreet
//!   to touch base at his HQ, the printed order holding until then. Delayed (D1, D2), it is
//!   rolled for in the Delay Reductions that follow and the printed order holds meanwhile;
//!   distorted (Dt), it is thrown away and the printed order holds.
//! - In Scenario 6 (entries chosen at set-up) the orders written at set-up to the two groups
//!   are pre-set orders (6.0c): free, in force from the start, and the printed order of the
//!   group is then never installed (the proposal left it open; set-up is the moment the book's
//!   deadline has already passed).
//! - All of it is the Confederate's secret (section 5): the orders travel in the one Order
//!   Issue batch he posts every Command Phase, and the Union and the spectators read nothing of
//!   them, their rolls or their arrival.

use adjutant_engine::Side;

use crate::data::UnitId;
use crate::data::reinforcement::Reinforcement;
use crate::data::unit::Unit as OobUnit;
use crate::data::variant::EntryGroupId;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{OrderNo, OrderStatus, Receiver};
use crate::model::unit::Location;

impl BloodyRoadsSouth {
    /// The receiver of a group's orders and its commander (rule 4.3a): the corps whose HQ the
    /// line brings, else the division whose leader it brings.
    fn group_receiver(side: Side, line: &Reinforcement) -> Option<(Receiver, UnitId)> {
        let oob = crate::data::order_of_battle().side(side);
        if let Some(c) = oob.corps().iter().find(|c| line.units.contains(&c.hq)) {
            return Some((Receiver::Corps(c.id.clone()), c.commander.clone()));
        }
        oob.divisions()
            .iter()
            .find(|d| line.units.contains(&d.leader))
            .map(|d| (Receiver::Division(d.id.clone()), d.leader.clone()))
    }

    /// The lines in play of `side`'s groups whose orders rule 4.3a lets the player write,
    /// every counter of them still waiting to enter, with their receivers.
    fn waiting_groups(&self, side: Side) -> Vec<(&'static Reinforcement, EntryGroupId, Receiver)> {
        if side != Side::Confederate {
            return Vec::new();
        }
        let variants = crate::data::variants();
        let mut out = Vec::new();
        for line in &self.scenario().confederate.reinforcements {
            let Some(g) = line
                .entry_group
                .as_ref()
                .and_then(|g| variants.entry_group(g))
            else {
                continue;
            };
            let waiting = line.units.iter().all(|id| {
                self.key(side, id)
                    .is_some_and(|k| self.unit(k).location == Location::Waiting)
            });
            if !g.rewritable_orders || !line.in_play(&self.variants) || !waiting {
                continue;
            }
            if let Some((receiver, _)) = Self::group_receiver(side, line) {
                out.push((line, g.id.clone(), receiver));
            }
        }
        out
    }

    /// The receivers whose orders `side` may write now under rule 4.3a (module docs): at
    /// set-up (`at_set_up`) those of the groups chosen at set-up (Scenario 6); in play those of
    /// the groups chosen in play (Scenario 5), up to their deadline.
    pub(crate) fn group_order_receivers(&self, side: Side, at_set_up: bool) -> Vec<Receiver> {
        let in_play = crate::setup::entry_choices::groups_in_play(self.scenario);
        let track = crate::data::turn_record();
        self.waiting_groups(side)
            .into_iter()
            .filter(|(_, id, _)| {
                let g = in_play.iter().find(|g| &g.id == id);
                match (at_set_up, g) {
                    (true, g) => g.is_none(),
                    (false, Some(g)) => track
                        .index_of(g.deadline)
                        .is_some_and(|d| usize::from(self.turn) <= d),
                    (false, None) => false,
                }
            })
            .map(|(_, _, r)| r)
            .collect()
    }

    /// The waiting group whose orders go to `receiver` (rule 4.3a), if any.
    fn waiting_group_of(
        &self,
        side: Side,
        receiver: &Receiver,
    ) -> Option<(&'static Reinforcement, EntryGroupId)> {
        self.waiting_groups(side)
            .into_iter()
            .find(|(_, _, r)| r == receiver)
            .map(|(line, id, _)| (line, id))
    }

    /// The entry group whose orders go to `receiver` while it waits off the map (rule 4.3a),
    /// for the writer's menu.
    pub(crate) fn waiting_group_id(&self, side: Side, receiver: &Receiver) -> Option<EntryGroupId> {
        self.waiting_group_of(side, receiver).map(|(_, id)| id)
    }

    /// The turn a rule 4.3a order to `receiver` arrives: the turn before its group is due
    /// (never before this turn). `None` when `receiver` is no waiting group's.
    pub(crate) fn group_order_arrival(&self, side: Side, receiver: &Receiver) -> Option<u16> {
        let (line, _) = self.waiting_group_of(side, receiver)?;
        let due = self.reinforcement_arrival(line).1?;
        Some(due.saturating_sub(1).max(self.turn))
    }

    /// The rating of a waiting group's commander, who receives its orders off the map (rule
    /// 4.3a; S10.1f).
    pub(crate) fn waiting_commander_rating(&self, side: Side, receiver: &Receiver) -> Option<u8> {
        let (line, _) = self.waiting_group_of(side, receiver)?;
        let (_, commander) = Self::group_receiver(side, line)?;
        match crate::data::order_of_battle().side(side).unit(&commander)? {
            OobUnit::Leader(l) => Some(l.rating),
            _ => None,
        }
    }

    /// Marks order `no`, just logged, as a rule 4.3a order of its waiting group: a newer order
    /// to the group cancels the one still in transit. True when it is one.
    pub(crate) fn mark_group_order(&mut self, side: Side, no: OrderNo) -> bool {
        let Some(receiver) = self.order(side, no).map(|o| o.receiver.clone()) else {
            return false;
        };
        let Some((_, group)) = self.waiting_group_of(side, &receiver) else {
            return false;
        };
        let older: Vec<OrderNo> = self
            .orders(side)
            .iter()
            .filter(|o| o.no != no && o.for_group.as_ref() == Some(&group))
            .filter(|o| matches!(o.status, OrderStatus::InTransit))
            .map(|o| o.no)
            .collect();
        for o in older {
            self.set_status(side, o, OrderStatus::Cancelled);
        }
        if let Some(o) = self.order_mut(side, no) {
            o.for_group = Some(group);
        }
        true
    }

    /// Moves the rule 4.3a orders in transit to the turn before their group's arrival, after
    /// its entry was chosen or changed (rule 4.3).
    pub(crate) fn retime_group_orders(&mut self, side: Side) {
        let moves: Vec<(OrderNo, u16)> = self
            .orders(side)
            .iter()
            .filter(|o| o.for_group.is_some() && o.status == OrderStatus::InTransit)
            .filter_map(|o| Some((o.no, self.group_order_arrival(side, &o.receiver)?)))
            .collect();
        for (no, arrives) in moves {
            if let Some(o) = self.order_mut(side, no) {
                o.arrives = arrives;
            }
        }
    }

    /// True when `receiver`'s order in force is a rule 4.3a order: its group's printed order
    /// (6.0d) is then not installed when the group arrives.
    pub(crate) fn group_order_in_force(&self, side: Side, receiver: &Receiver) -> bool {
        self.command(side, receiver)
            .and_then(|c| c.current)
            .and_then(|no| self.order(side, no))
            .is_some_and(|o| o.for_group.is_some())
    }

    /// " (4.3a: …)" for an order to a waiting group, for the writer's menu and log.
    pub(crate) fn group_order_words(&self, side: Side, receiver: &Receiver) -> &'static str {
        if self.waiting_group_of(side, receiver).is_some() {
            " (4.3a: checked for acceptance the turn before the group enters; its printed \
             orders hold until this one is accepted and implemented)"
        } else {
            ""
        }
    }
}
