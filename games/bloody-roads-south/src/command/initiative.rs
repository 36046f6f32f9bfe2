//! Initiative and Loose Cannons (S10.2, S10.2g; BRS 3.1e-g, 3.3a, 4.1a-d; reference 2.3.7).
//!
//! Corps and division leaders (and Lee acting as a corps commander, 4.1d) may try, one leader
//! per formation per turn: a corps leader trying for his corps shuts out his division leaders;
//! a division tried for (by its leader, or by the corps leader for a goal) shuts out the corps
//! leader's attempt for the whole corps. 2d6 against the Initiative Table (no
//! anti-initiatives, 3.1e, 4.1a). Success: the leader gives his formation a new order at once,
//! free and accepted (a corps order still waits for touching base), cancelling its old and
//! delayed orders. Burnside rolls only to release the 9th Corps (3.1f, 3.3a). A natural 2 is a
//! Loose Cannon: the opponent learns which leader and whether he has accepted orders, and
//! writes the force's one-turn order; afterwards the force has no orders.
//!
//! The side's attempts are one `Initiative` batch (section 5): each names the leader, the
//! formation and the order he gives if he wins, written before the roll; they are rolled in
//! order, an attempt made impossible by an earlier one skipped.
//!
//! Decisions: each leader rolls at most once a turn; a corps leader may give a divisional goal
//! to one of his divisions, a division leader a goal to his division or one of its brigades
//! (rule 2.3); the opponent is told the hex of the force's HQ (its division leader for a
//! division) to aim the one-turn order from, and its objective must lie within 13 leader MP of
//! it (a turn of the HQ's movement) judged without the Unfinished Railroad (which the opponent
//! may not know the owner has found).

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::command::OrderMethod;
use crate::data::leader::InitiativeRight;
use crate::data::order::OrderType;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::decision::{Decision, Question};
use crate::model::draft::Attempt;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{InitiativeTry, Order, OrderStatus, Origin, Receiver, Release};
use crate::model::unit::{Location, UnitKey, UnitKind};

use super::issue::type_word;
use super::roles::NINTH;

/// Halves of leader MP in one turn's movement of an HQ (13 MP, the Movement Chart).
const HQ_TURN_HALVES: u16 = 26;

impl BloodyRoadsSouth {
    /// Every (leader, formation) initiative could be tried for, ignoring this turn's attempts.
    fn initiative_candidates(&self, side: Side) -> Vec<(UnitKey, Receiver)> {
        let mut out = Vec::new();
        let divisions = self.divisions_on_map(side);
        for c in self.corps_on_map(side) {
            let Some(k) = self.corps_commander(side, &c) else {
                continue;
            };
            match self.initiative_right(k) {
                InitiativeRight::Any | InitiativeRight::SimpleOnly => {
                    out.push((k, Receiver::Corps(c.clone())));
                    for (d, cc) in &divisions {
                        if *cc == c {
                            out.push((k, Receiver::Division(d.clone())));
                        }
                    }
                }
                InitiativeRight::ReleaseOnly => {
                    if c.as_str() == NINTH {
                        out.push((k, Receiver::Corps(c)));
                    }
                }
                InitiativeRight::None => {}
            }
        }
        for (d, _) in &divisions {
            let Some(k) = self.division_leader(side, d) else {
                continue;
            };
            if self.initiative_right(k) != InitiativeRight::Any {
                continue;
            }
            out.push((k, Receiver::Division(d.clone())));
            for b in self.keys() {
                let u = self.unit(b);
                if u.side == side
                    && u.kind == UnitKind::Brigade
                    && self.may_take_goal(b)
                    && self.division_of(b).as_ref() == Some(d)
                {
                    out.push((k, Receiver::Unit(u.id.clone())));
                }
            }
        }
        out
    }

    /// The division a receiver belongs to, for the one-leader-per-formation rule.
    fn formation_keys(
        &self,
        side: Side,
        r: &Receiver,
    ) -> (
        Option<crate::data::FormationId>,
        Option<crate::data::FormationId>,
    ) {
        match r {
            Receiver::Corps(c) => (Some(c.clone()), None),
            Receiver::Division(d) => (self.corps_of_division(side, d), Some(d.clone())),
            Receiver::Unit(id) => {
                let d = self.key(side, id).and_then(|k| self.division_of(k));
                (d.as_ref().and_then(|d| self.corps_of_division(side, d)), d)
            }
            _ => (None, None),
        }
    }

    /// Why `leader` may not try for `receiver` given this phase's attempts (S10.2: one roll a
    /// leader, one leader per formation; rule 3.3a: Burnside only while the 9th Corps is held).
    fn why_not_try(&self, side: Side, leader: UnitKey, receiver: &Receiver) -> Option<String> {
        let tries: Vec<&InitiativeTry> = self
            .command_state
            .tries
            .iter()
            .filter(|t| t.side == side)
            .collect();
        let id = &self.unit(leader).id;
        if tries.iter().any(|t| &t.leader == id) {
            let name = self.leader_name(leader);
            return Some(format!("{name} has already rolled this turn"));
        }
        if self.initiative_right(leader) == InitiativeRight::ReleaseOnly
            && self.ninth_corps_released()
        {
            return Some("the 9th Corps is already released".into());
        }
        let (corps, division) = self.formation_keys(side, receiver);
        for t in &tries {
            let (tc, td) = self.formation_keys(side, &t.receiver);
            let corps_tried = td.is_none() && tc.is_some() && tc == corps;
            let same_division = division.is_some() && td == division;
            let division_of_corps_tried = division.is_none() && td.is_some() && tc == corps;
            if corps_tried || same_division || division_of_corps_tried {
                return Some(format!(
                    "a leader has already tried for {} this turn",
                    self.receiver_name(&t.receiver)
                ));
            }
        }
        None
    }

    /// The order types a leader who wins the initiative may give (rules 3.1f-g, 4.1b-c); none
    /// for Burnside, whose roll only releases the 9th Corps (3.3a).
    pub(crate) fn initiative_types(&self, leader: UnitKey) -> Vec<OrderType> {
        match self.initiative_right(leader) {
            InitiativeRight::SimpleOnly => vec![OrderType::Simple],
            InitiativeRight::Any => vec![OrderType::Complex, OrderType::Simple],
            InitiativeRight::ReleaseOnly | InitiativeRight::None => Vec::new(),
        }
    }

    /// The number a leader needs on two dice (S10.2, the Initiative Table).
    pub(crate) fn initiative_needed(&self, leader: UnitKey) -> u8 {
        let points = self
            .leader_data(leader)
            .map(|l| l.initiative_points())
            .unwrap_or(0);
        crate::data::charts().command.initiative.needed_for(points)
    }

    /// The attempts `side` may put in its `Initiative` batch (S10.2): each leader and
    /// formation allowed at the start of the segment. For the seat's own view and the check.
    pub(crate) fn initiative_menu(&self, side: Side) -> Vec<(UnitKey, Receiver)> {
        self.initiative_candidates(side)
            .into_iter()
            .filter(|(k, r)| self.why_not_try(side, *k, r).is_none())
            .collect()
    }

    /// Checks an `Initiative` batch whole before anything changes (S10.2; section 5): each
    /// attempt from the menu, its order of a type the leader may give, not the order in delay.
    fn check_attempts(&self, side: Side, attempts: &[Attempt]) -> Result<(), String> {
        let menu = self.initiative_menu(side);
        for (i, a) in attempts.iter().enumerate() {
            let n = i + 1;
            let Some(k) = self
                .key(side, &a.leader)
                .filter(|k| menu.iter().any(|(m, r)| m == k && r == &a.receiver))
            else {
                return Err(format!(
                    "Attempt {n} of the batch: {} may not try for the initiative for {} now \
                     (10.2).",
                    self.unit_name(side, &a.leader),
                    self.receiver_name(&a.receiver)
                ));
            };
            let types = self.initiative_types(k);
            if self.initiative_right(k) != InitiativeRight::ReleaseOnly
                && !types.contains(&a.order_type)
            {
                return Err(format!(
                    "Attempt {n} of the batch: {} may give only simple orders (3.1f-g, 4.1b-c).",
                    self.leader_name(k)
                ));
            }
            let delayed = self
                .command(side, &a.receiver)
                .and_then(|c| c.delayed)
                .and_then(|no| self.order(side, no));
            let objective = a.objective.and_then(|h| self.canonical(h));
            if let Some(d) = delayed
                && d.order_type == a.order_type
                && d.objective == objective
                && d.text.trim().eq_ignore_ascii_case(a.text.trim())
            {
                return Err(format!(
                    "Attempt {n} of the batch: initiative may not re-issue the order that is in \
                     delay (10.2)."
                ));
            }
        }
        Ok(())
    }

    /// A side's `Initiative` batch (S10.2): checked whole, then the attempts are rolled in the
    /// order given. An attempt that an earlier one made impossible (one roll a leader, one
    /// leader a formation) is skipped, and its player told why; a failed roll discards its
    /// order; a success gives it; a natural 2 is a Loose Cannon, and the batch goes on rolling
    /// (decision: it was committed whole), the opponent writing each Loose Cannon's order after.
    pub(crate) fn apply_initiative(
        &mut self,
        side: Side,
        attempts: Vec<Attempt>,
        fx: &mut Fx,
    ) -> Result<(), String> {
        self.check_attempts(side, &attempts)?;
        for a in attempts {
            let Some(k) = self.key(side, &a.leader) else {
                continue;
            };
            if let Some(why) = self.why_not_try(side, k, &a.receiver) {
                fx.private(
                    EventKind::Initiative,
                    side,
                    format!(
                        "{}'s attempt for {} is skipped: {why} (10.2).",
                        self.leader_name(k),
                        self.receiver_name(&a.receiver)
                    ),
                );
                continue;
            }
            self.roll_initiative(side, k, a, fx);
        }
        Ok(())
    }

    /// A leader tries for the initiative (S10.2): 2d6 of the side's secret dice.
    fn roll_initiative(&mut self, side: Side, k: UnitKey, attempt: Attempt, fx: &mut Fx) {
        let receiver = attempt.receiver.clone();
        self.command_state.tries.push(InitiativeTry {
            side,
            leader: attempt.leader.clone(),
            receiver: receiver.clone(),
        });
        let turn = self.turn;
        self.command_mut(side, &receiver).initiative_tried = Some(turn);
        let chart = &crate::data::charts().command.initiative;
        let needed = self.initiative_needed(k);
        let (a, b) = self.secret_2d6(side, fx);
        let name = self.leader_name(k);
        let what = self.receiver_name(&receiver);
        let roll = format!("roll {} ({a}+{b}), {needed} needed", a + b);
        if a + b == chart.loose_cannon_roll {
            self.loose_cannon(side, k, receiver, fx);
        } else if a + b >= needed {
            if self.initiative_right(k) == InitiativeRight::ReleaseOnly {
                fx.private(
                    EventKind::Initiative,
                    side,
                    format!("{name} tries for the initiative: {roll}: success (10.2)."),
                );
                self.release_ninth_corps(Release::Initiative, fx);
            } else {
                fx.private(
                    EventKind::Initiative,
                    side,
                    format!(
                        "{name} tries for the initiative for {what}: {roll}: success; he gives \
                         his order (10.2)."
                    ),
                );
                self.give_initiative_order(k, attempt, fx);
            }
        } else {
            fx.private(
                EventKind::Initiative,
                side,
                format!(
                    "{name} tries for the initiative for {what}: {roll}: no; his order is \
                     discarded (10.2)."
                ),
            );
        }
    }

    /// Cancels every order of a receiver: in force, waiting to be implemented, in delay
    /// (S10.2 success, S10.2g, S10.4).
    pub(crate) fn cancel_all(&mut self, side: Side, receiver: &Receiver) {
        let command = self.command_mut(side, receiver);
        let old = [
            command.current.take(),
            command.accepted.take(),
            command.delayed.take(),
        ];
        for no in old.into_iter().flatten() {
            self.set_status(side, no, OrderStatus::Cancelled);
        }
    }

    /// The order of a leader who won the initiative (S10.2): free, no delivery, accepted.
    fn give_initiative_order(&mut self, leader: UnitKey, attempt: Attempt, fx: &mut Fx) {
        let Attempt {
            receiver,
            order_type,
            objective,
            text,
            ..
        } = attempt;
        let side = self.unit(leader).side;
        self.cancel_all(side, &receiver);
        let mut o = Order::new(
            Origin::Initiative(self.unit(leader).id.clone()),
            receiver.clone(),
            OrderMethod::InPerson,
            order_type,
            self.turn,
        );
        o.objective = objective.and_then(|h| self.canonical(h));
        o.text = text;
        let no = self.log_order(side, o);
        fx.private(
            EventKind::Initiative,
            side,
            format!(
                "{} gives order {}: a {} order to {} (10.2).",
                self.leader_name(leader),
                no.0,
                type_word(order_type),
                self.receiver_name(&receiver)
            ),
        );
        self.accept(side, no, fx);
    }

    /// A natural 2 (S10.2g): the opponent is told which leader rolled it and whether he has
    /// accepted orders, and writes the force's one-turn order.
    fn loose_cannon(&mut self, side: Side, k: UnitKey, receiver: Receiver, fx: &mut Fx) {
        let has = self
            .command(side, &receiver)
            .is_some_and(|c| c.current.is_some() || c.accepted.is_some());
        let name = self.leader_name(k);
        let what = self.receiver_name(&receiver);
        let from = self
            .loose_cannon_origin(side, &receiver)
            .map(|h| format!(" Its HQ is at {h}."))
            .unwrap_or_default();
        let accepted = if has {
            "he has accepted orders"
        } else {
            "he has no accepted orders"
        };
        let opponent = side.opponent();
        let told = format!(
            "Loose Cannon (10.2g): the {side} leader {name} ({what}) rolled a natural 2 for the \
             initiative; {accepted}.{from} The {opponent} player writes his force's one-turn \
             order."
        );
        let own = format!(
            "{name} tries for the initiative for {what}: roll 2, a Loose Cannon (10.2g)! The \
             {opponent} player is told that {accepted} and writes the force's one-turn order."
        );
        let (union, confederate) = match side {
            Side::Union => (Some(own), Some(told)),
            Side::Confederate => (Some(told), Some(own)),
        };
        fx.each(
            EventKind::Initiative,
            format!(
                "A {side} leader rolled a Loose Cannon (10.2g); the {opponent} player writes its \
                 one-turn order."
            ),
            union,
            confederate,
        );
        fx.reveal();
        // Appended: several Loose Cannons of one batch are answered in the batch's order.
        self.decisions.push(Decision::new(
            opponent,
            Question::LooseCannon {
                leader: k,
                receiver,
            },
        ));
    }

    /// The hex a Loose Cannon's one-turn order is measured from: the corps HQ, the division
    /// leader, the unit.
    pub(crate) fn loose_cannon_origin(&self, side: Side, receiver: &Receiver) -> Option<HexId> {
        self.delivery_hex(side, receiver)
    }

    /// True when `hex` lies within a turn's movement of the force's HQ (13 leader MP, the
    /// railroad not counted: decision above).
    pub(crate) fn within_a_turn_of(&self, side: Side, receiver: &Receiver, hex: HexId) -> bool {
        let (Some(from), Some(hex)) = (
            self.loose_cannon_origin(side, receiver),
            self.canonical(hex),
        ) else {
            return false;
        };
        let costs = self.leader_within_public(from, HQ_TURN_HALVES);
        let _ = side;
        costs.contains_key(&hex)
    }

    /// The opponent's answers to a Loose Cannon (S10.2g): complex or simple, objective and
    /// text filled in by him.
    pub(crate) fn loose_cannon_actions(&self) -> Vec<Action> {
        [OrderType::Complex, OrderType::Simple]
            .into_iter()
            .map(|order_type| Action::LooseCannonOrder {
                objective: None,
                order_type,
                text: String::new(),
            })
            .collect()
    }

    /// The opponent's one-turn order for a Loose Cannon (S10.2g): in the owner's log, in force
    /// this turn only, public; the force's other orders are cancelled and the corps leader is
    /// moved to his HQ.
    pub(crate) fn apply_loose_cannon_order(
        &mut self,
        leader: UnitKey,
        receiver: Receiver,
        action: Action,
        fx: &mut Fx,
    ) {
        let Action::LooseCannonOrder {
            objective,
            order_type,
            text,
        } = action
        else {
            return;
        };
        let owner = self.unit(leader).side;
        self.cancel_all(owner, &receiver);
        let mut o = Order::new(
            Origin::LooseCannon,
            receiver.clone(),
            OrderMethod::InPerson,
            order_type,
            self.turn,
        );
        let objective = objective.and_then(|h| self.canonical(h));
        o.objective = objective;
        o.text = text.clone();
        o.until = Some(self.turn);
        o.status = OrderStatus::Accepted;
        o.accepted_on = Some(self.turn);
        let no = self.log_order(owner, o);
        self.implement(owner, no, fx);
        let mut moved = String::new();
        if let Receiver::Corps(c) = &receiver
            && let Some(hq) = self.corps_hq_hex(owner, c)
            && let Some(k) = self.corps_commander(owner, c)
            && self.unit(k).hex() != Some(hq)
        {
            self.unit_mut(k).location = Location::Map { hex: hq };
            self.put_on_top(k);
            moved = format!(" {} joins his HQ in {hq}.", self.leader_name(k));
        }
        let toward = objective
            .map(|h| format!(" toward {h}"))
            .unwrap_or_default();
        fx.public(
            EventKind::Initiative,
            format!(
                "Loose Cannon (10.2g): the {} player's one-turn order for the {owner} {}: {}{toward}: \
                 \u{201c}{text}\u{201d}.{moved}",
                owner.opponent(),
                self.receiver_name(&receiver),
                type_word(order_type),
            ),
        );
        fx.reveal();
    }

    /// At the owner's next Command Phase a Loose Cannon's one-turn order ends and the force has
    /// no orders (S10.2g).
    pub(crate) fn end_loose_cannon_orders(&mut self, side: Side) {
        let turn = self.turn;
        let ended: Vec<(crate::model::order::OrderNo, Receiver)> = self
            .orders(side)
            .iter()
            .filter(|o| o.status == OrderStatus::Implemented && o.until.is_some_and(|t| t < turn))
            .map(|o| (o.no, o.receiver.clone()))
            .collect();
        for (no, r) in ended {
            self.set_status(side, no, OrderStatus::Ended);
            let c = self.command_mut(side, &r);
            if c.current == Some(no) {
                c.current = None;
            }
        }
    }
}
