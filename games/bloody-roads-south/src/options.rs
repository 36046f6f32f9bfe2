//! Which of the book's optional rules a scenario offers (read from the data), for the catalog
//! and the set-up alike.

use crate::data::ScenarioId;
use crate::data::variant::OptionId;

/// Which optional rules a scenario can use. The Army Status rules (reference 3A) in the
/// scenarios their data lists (`charts/army_status.toml`: Scenarios 4-7, all built), and 3.3
/// (Burnside always negative, part of them) where they are and 9 Corps can be in play; 3.6
/// (the Army of the Potomac's reserve) where the scenario's file says `aop_reserve = true`
/// (Grant writes and Meade relays: Scenarios 1, 2 and 4-7); playing on past the last turn where
/// the scenario's file names a later one (`may_continue_to`: Scenario 6, into 7 May).
pub(crate) fn option_applies(id: OptionId, scenario: ScenarioId) -> bool {
    use OptionId as O;
    let army_status = crate::data::charts()
        .army_status
        .status
        .scenarios
        .contains(&scenario);
    match id {
        O::UnionRallyNeedsLeader | O::WildernessFirePenalty => true,
        O::ArmyStatus | O::BurnsideAlwaysNegative => army_status,
        O::ArmyOfThePotomacReserve => crate::data::scenario(scenario).aop_reserve,
        O::PlayOnInto7May => crate::data::scenario(scenario).may_continue_to.is_some(),
    }
}
