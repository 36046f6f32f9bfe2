//! The Command Phase's batch actions (reference 2.3.2, 2.3.7, section 5, consequence 4): each
//! secret decision is exactly one action whose count depends on no secret, and a batch is a
//! typed parameter of that one action, validated whole on arrival: all or nothing. A bad
//! batch is refused with a sentence saying which item and why, and nothing changes (the batch
//! is played on a copy of the game, kept only when every item passed).

use adjutant_engine::{Applied, Dice, Side};

use crate::data::FormationId;
use crate::events::Fx;
use crate::model::action::Action;
use crate::model::draft::{MAX_BATCH, OrderDraft};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Receiver;
use crate::model::step::{CommandSegment, Step};

use super::issue::{method_words, type_word};

impl BloodyRoadsSouth {
    /// Plays a batch action (`IssueOrders`, `Initiative`) all or nothing: on a copy of the game
    /// and of the dice, adopted only when every item passed its check.
    pub(crate) fn apply_batch(
        &mut self,
        side: Side,
        action: Action,
        dice: &mut Dice,
    ) -> Result<Applied<crate::Event>, String> {
        let mut trial = self.clone();
        let mut trial_dice = dice.clone();
        let mut fx = Fx::new(&mut trial_dice);
        match (self.step, action) {
            (
                Step::SetUp,
                Action::IssueOrders {
                    orders,
                    returns,
                    entry_choices,
                    ..
                },
            ) => {
                if !returns.is_empty() {
                    return Err("No brigade can return at set-up (21.2).".into());
                }
                if !entry_choices.is_empty() {
                    return Err(
                        "The entries of 6 May are chosen in your Command Phases, not at \
                                set-up (4.3)."
                            .into(),
                    );
                }
                trial.apply_preset_batch(side, orders, &mut fx)?;
            }
            (
                Step::Command {
                    segment: CommandSegment::OrderIssue,
                    ..
                },
                Action::IssueOrders {
                    orders,
                    drop_goals,
                    retreats,
                    returns,
                    entry_choices,
                },
            ) => {
                trial.command_state.batch_posted = true;
                trial.apply_issue_orders(side, orders, drop_goals, retreats, &mut fx)?;
                trial.apply_returns(side, returns, &mut fx)?;
                trial.apply_entry_choices(side, entry_choices, &mut fx)?;
                trial.retime_group_orders(side);
            }
            (
                Step::Command {
                    segment: CommandSegment::Initiative,
                    ..
                },
                Action::Initiative { attempts },
            ) => {
                trial.command_state.batch_posted = true;
                trial.apply_initiative(side, attempts, &mut fx)?;
            }
            _ => return Err("That batch is not offered now.".into()),
        }
        trial.advance(&mut fx);
        let applied = if fx.reveals {
            Applied::revealing(fx.events)
        } else {
            Applied::quiet(fx.events)
        };
        *self = trial;
        *dice = trial_dice;
        Ok(applied)
    }

    /// A side's Order Issue batch (S10.1, S10.4, S10.5b; its returns, S21.2, follow in
    /// `stragglers::returns`): the emergency retreats declared
    /// first (as a forced one is made at the start of the phase), then the goals dropped, then
    /// the orders written in the order given, each checked against the menu as it stands at
    /// its turn (points spent by the earlier ones, the one in-person order away from the HQ,
    /// relays already copied). Any failure refuses the whole batch.
    pub(crate) fn apply_issue_orders(
        &mut self,
        side: Side,
        orders: Vec<OrderDraft>,
        drop_goals: Vec<Receiver>,
        retreats: Vec<FormationId>,
        fx: &mut Fx,
    ) -> Result<(), String> {
        for corps in retreats {
            if !self.retreat_menu(side).contains(&corps) {
                return Err(format!(
                    "{corps} Corps may not make an emergency retreat: it has no HQ on the map, or \
                     already retreats this turn (10.4)."
                ));
            }
            self.emergency_retreat(side, &corps, false, fx);
        }
        for receiver in drop_goals {
            if !self.droppable_goals(side).contains(&receiver) {
                return Err(format!(
                    "{} has no goal in force whose force is back in command radius to drop \
                     (10.5b).",
                    self.receiver_name(&receiver)
                ));
            }
            self.apply_drop_goal(side, receiver, fx);
        }
        let total = orders.len();
        for (i, draft) in orders.into_iter().enumerate() {
            self.check_draft(side, &draft)
                .map_err(|why| format!("Order {} of {total} ({why}", i + 1))?;
            self.apply_write_order(side, draft, fx);
        }
        Ok(())
    }

    /// Checks one draft against the Order Issue menu now (S10.1a-b, S10.6); the error reads
    /// on from "Order 2 of 3 (".
    fn check_draft(&self, side: Side, d: &OrderDraft) -> Result<(), String> {
        let what = format!(
            "a {} order to {}, {}",
            type_word(d.order_type),
            self.receiver_name(&d.receiver),
            method_words(d.method)
        );
        let entry = self.order_menu(side).into_iter().find(|m| {
            m.draft.receiver == d.receiver
                && m.draft.method == d.method
                && m.draft.order_type == d.order_type
                && m.draft.relay == d.relay
        });
        let Some(entry) = entry else {
            return Err(format!(
                "{what}) may not be written now: no writer may send that order by that method \
                 (10.1a, 10.6; an in-person order away from the HQ is one a turn)."
            ));
        };
        if !entry.affordable {
            let w = &self.unit(entry.writer).id;
            return Err(format!(
                "{what}) costs {} command points; {} has {} left (10.1b).",
                entry.cost,
                self.leader_name(entry.writer),
                self.points_left(w)
            ));
        }
        if let (Receiver::ArmyHq(a), None) = (&d.receiver, d.objective) {
            return Err(format!(
                "{what}) must name the hex the {a} HQ moves to (10.6)."
            ));
        }
        self.check_reserve(side, d)
            .map_err(|why| format!("{what}) {why}"))
    }
}

/// An item's free parts: its objective hex and its words.
pub(crate) type Words<'a> = (Option<crate::data::HexId>, &'a str);

/// The free parts of a batch, before anything changes: its length, and each item's words
/// and objective hex (reference 2.3.2).
pub(crate) fn batch_parts(action: &Action) -> Option<(usize, Vec<Words<'_>>)> {
    match action {
        Action::IssueOrders {
            orders,
            drop_goals,
            retreats,
            returns,
            entry_choices,
        } => Some((
            orders
                .len()
                .max(drop_goals.len())
                .max(retreats.len())
                .max(returns.len())
                .max(entry_choices.len()),
            orders
                .iter()
                .map(|o| (o.objective, o.text.as_str()))
                .collect(),
        )),
        Action::Initiative { attempts } => Some((
            attempts.len(),
            attempts
                .iter()
                .map(|a| (a.objective, a.text.as_str()))
                .collect(),
        )),
        _ => None,
    }
}

/// The longest batch accepted.
pub(crate) const fn max_batch() -> usize {
    MAX_BATCH
}
