//! Command and control (series 10; reference 2.3): orders, their delivery and acceptance,
//! initiative, attack stoppage, emergency retreat and command radius. One concept a file:
//!
//! - `roles`: who commands what (S10.0, S10.6, S25.4; 3.1a, 3.1c(1), 3.3a, 4.1d);
//! - `receivers`: who may receive an order, where, who accepts it (S10.1a-e, S10.5b; 2.3);
//! - `issue`: Order Issue, its menu and costs (S10.1a-e; 3.1a-b, 3.3a);
//! - `batch`: the Command Phase's batch actions, checked whole and applied (section 5);
//! - `group_orders`: the orders of the 6 May groups written before they enter (4.3a);
//! - `army`: army HQs, in-person orders and their recharge (S10.6);
//! - `conference`: the army conference, once a day (S10.6);
//! - `acceptance`: acceptance, delay, touching base (S10.0, S10.1f; 3.1a-b, 3.3a);
//! - `initiative`: initiative and Loose Cannons (S10.2; 3.1e-g, 4.1a-d);
//! - `lee`: Lee taking a fallen corps commander's place (4.1d);
//! - `hancock`: which attached division stays with 2 Corps when Hancock falls (3.2);
//! - `stoppage`: attack stoppage (S10.3; 3.1c(2), 3.1d);
//! - `retreat`: emergency retreat and dropping goals (S10.4, S10.5b);
//! - `reserve`: the Army of the Potomac Reserve (optional rule 3.6);
//! - `radius`: command radius and zones of control for it (S10.5a; 6.0a);
//! - `enemy_blocking`: the enemy's part of the hexes blocking radius traces, kept across actions;
//! - `enforce`: what the engine enforces of an order (S10.1g; reference 2.3.2, 2.3.6);
//! - `reach`: leader movement points (S10.1e, S10.5a);
//! - `link_delivery`: orders carried by the Confederate off-map link (4.2c);
//! - `preset`: orders in force at the start and reinforcements' orders (S10.1i; 6.0b-d).
//!
//! Every event of this module is private to its side except a Loose Cannon's (section 5).
//! Each secret decision is exactly one action whose count depends on no secret: Order Issue and
//! Initiative each wait for one batch (`IssueOrders`, `Initiative`) every Command Phase, and the
//! goals dropped and emergency retreats declared travel in the Order Issue batch.

pub mod acceptance;
pub mod army;
pub mod batch;
pub mod conference;
pub(crate) mod enemy_blocking;
mod enemy_held;
pub mod enforce;
pub mod entries;
pub mod group_orders;
pub mod hancock;
pub mod initiative;
pub mod issue;
pub mod lee;
pub mod link_delivery;
pub mod preset;
pub mod radius;
pub mod reach;
pub(crate) mod reach_memo;
pub(crate) mod read_whole;
pub mod receivers;
pub mod reserve;
pub mod retreat;
pub mod roles;
pub mod stoppage;

use adjutant_engine::Side;

use crate::events::Fx;
use crate::model::action::Action;
use crate::model::decision::Question;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Release;
use crate::model::step::CommandSegment;

impl BloodyRoadsSouth {
    /// The phasing player's actions in a segment of the Command Phase (S10.1, S10.2; section
    /// 5): one empty batch, `IssueOrders` or `Initiative`, in every Order Issue and every
    /// Initiative segment until it is posted, whatever the side could write or try, so that
    /// neither the segment's pause nor the number of actions tells anything.
    pub(crate) fn command_actions(&self, _side: Side, segment: CommandSegment) -> Vec<Action> {
        if self.command_state.batch_posted {
            return Vec::new();
        }
        match segment {
            CommandSegment::OrderIssue => vec![Action::IssueOrders {
                orders: Vec::new(),
                drop_goals: Vec::new(),
                retreats: Vec::new(),
                returns: Vec::new(),
                entry_choices: Vec::new(),
            }],
            CommandSegment::Initiative => vec![Action::Initiative {
                attempts: Vec::new(),
            }],
            _ => Vec::new(),
        }
    }

    /// What happens on entering a segment of the Command Phase (S10.1f, S10.3).
    pub(crate) fn enter_command(&mut self, side: Side, segment: CommandSegment, fx: &mut Fx) {
        self.command_state.batch_posted = false;
        match segment {
            CommandSegment::OrderIssue => self.command_phase_start(side, fx),
            CommandSegment::AttackStoppage => self.attack_stoppage_segment(side, fx),
            CommandSegment::Initiative => {}
            CommandSegment::DelayReduction => self.delay_reduction_segment(side, fx),
            CommandSegment::Acceptance => self.acceptance_segment(side, fx),
        }
    }

    /// The start of a side's Command Phase: last turn's attempts and Loose Cannon orders end
    /// (S10.2, S10.2g), the 9th Corps' release by time (3.3a), reinforcements' orders (6.0d),
    /// forced emergency retreats (S10.0), army HQs (S10.6), command points (S10.1b).
    fn command_phase_start(&mut self, side: Side, fx: &mut Fx) {
        self.command_state.tries.retain(|t| t.side != side);
        self.end_loose_cannon_orders(side);
        if self.command_state.ninth_released.is_none() && self.ninth_release_time_reached() {
            let at: crate::data::GameTime = "5 May 10:00pm".parse().expect("a game time");
            let now = crate::data::turn_record().index_of(at) == Some(usize::from(self.turn));
            let ninth = self
                .key(Side::Union, &crate::data::UnitId("9 Corps HQ".into()))
                .is_some();
            if now && ninth {
                self.release_ninth_corps(Release::Time, fx);
            } else {
                self.command_state.ninth_released = Some(Release::Time);
            }
        }
        self.install_reinforcement_orders(side, fx);
        self.forced_retreats(side, fx);
        let writers: Vec<_> = self
            .writers(side)
            .into_iter()
            .map(|w| (w.key, w.army))
            .collect();
        self.army_hqs_at_command_start(side, &writers, fx);
        self.refill_command_points(side);
    }

    /// The very start of the movement segment: corps leaders standing at their HQ touch base
    /// (S10.0) and command radius is checked (S10.5a).
    pub(crate) fn command_at_movement_start(&mut self, side: Side, fx: &mut Fx) {
        for corps in self.corps_on_map(side) {
            self.touch_base(side, &corps, fx);
        }
        self.radius_at_movement_start(side, fx);
    }

    /// Checks the typed parts of a Loose Cannon's order before anything changes (S10.2g):
    /// its objective, if any, lies within a turn's movement of the HQ (decision: a Loose
    /// Cannon's order without an objective holds the force in place). The batches are checked
    /// by `check_batch`.
    pub(crate) fn check_order_parts(&self, _side: Side, action: &Action) -> Result<(), String> {
        match action {
            Action::LooseCannonOrder { objective, .. } => {
                let Some(Question::LooseCannon { leader, receiver }) =
                    self.decisions.first().map(|d| d.question())
                else {
                    return Ok(());
                };
                let owner = self.unit(*leader).side;
                let Some(hex) = objective else {
                    // Decision: no objective is a one-turn order to hold.
                    return Ok(());
                };
                if !self.within_a_turn_of(owner, receiver, *hex) {
                    return Err(format!(
                        "{hex} is not within a turn's movement (13 leader MP) of the force's HQ \
                         (10.2g)."
                    ));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}
