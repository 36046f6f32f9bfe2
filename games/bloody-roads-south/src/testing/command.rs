//! Test support for the Order Issue: a side put in its Order Issue with its command points
//! (S10.1b), as the start of its Command Phase leaves them.

use adjutant_engine::Side;

use crate::model::game::BloodyRoadsSouth;
use crate::model::step::{CommandSegment, Step};

/// Puts `side` in its Order Issue, its batch not yet posted, its writers' command points
/// given (S10.1b).
pub fn order_issue(g: &mut BloodyRoadsSouth, side: Side) {
    g.step = Step::Command {
        side,
        segment: CommandSegment::OrderIssue,
    };
    g.command_state.batch_posted = false;
    g.refill_command_points(side);
}

/// Logs the printed orders of `side`'s reinforcements due by this turn (rule 6.0d), as the
/// start of its Command Phase does.
pub fn reinforcement_orders(
    g: &mut BloodyRoadsSouth,
    side: Side,
    dice: &mut adjutant_engine::Dice,
) -> Vec<crate::events::Event> {
    super::with_fx(g, dice, |g, fx| g.install_reinforcement_orders(side, fx)).1
}
