//! Army successions in Scenario 1 (rules 3.1a "succession", 3.1c(1); reference section 3):
//! Burnside is not in the scenario, so he counts as fallen.

use adjutant_engine::Side;
use bloody_roads_south::data::charts::command::OrderMethod;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::data::{FormationId, UnitId};
use bloody_roads_south::model::order::{Origin, Receiver};
use bloody_roads_south::testing;

use crate::support::*;

fn five() -> Receiver {
    Receiver::Corps(FormationId("5".into()))
}

#[test]
fn rule_3_1a_with_grant_fallen_and_burnside_absent_meade_commands_everything() {
    let m = union_order_issue(11);
    let m = edit(&m, 11, |g| testing::remove(g, Side::Union, "Grant"));
    let g = m.state();
    let (chief, army) = g.chief(Side::Union).expect("someone commands");
    assert_eq!(g.unit(chief).id(), &UnitId("Meade".into()));
    assert_eq!(army.as_str(), "A Pot");
    assert!(
        g.relay_commander(Side::Union).is_none(),
        "nobody relays now"
    );
    let drafts = menu_drafts(&m, Side::Union);
    assert!(
        drafts
            .iter()
            .all(|d| d.relay.is_none() && d.receiver != Receiver::Relay),
        "no relays: {drafts:?}"
    );
    assert!(drafts.iter().any(|d| d.receiver == five()));
    let mut m = m;
    play(
        &mut m,
        Side::Union,
        &issue(vec![draft(
            five(),
            OrderMethod::AideWritten,
            OrderType::Complex,
            "Attack.",
        )]),
    );
    let o = m.state().orders(Side::Union).last().unwrap().clone();
    assert_eq!(o.origin(), &Origin::Written(UnitId("Meade".into())));
    assert!(
        !m.state()
            .acceptance_shifts(Side::Union, &o)
            .iter()
            .any(|s| s.contains("3.1b")),
        "Meade's own order does not bypass anyone"
    );
}

#[test]
fn rule_3_1c1_with_meade_fallen_and_burnside_absent_grant_orders_the_corps_directly() {
    let m = union_order_issue(12);
    let before = menu_drafts(&m, Side::Union);
    assert!(
        before.iter().any(|d| d.receiver == Receiver::Relay),
        "Meade relays"
    );
    let m = edit(&m, 12, |g| testing::remove(g, Side::Union, "Meade"));
    let g = m.state();
    assert_eq!(
        g.unit(g.chief(Side::Union).unwrap().0).id(),
        &UnitId("Grant".into())
    );
    assert!(g.relay_commander(Side::Union).is_none());
    let drafts = menu_drafts(&m, Side::Union);
    assert!(!drafts.iter().any(|d| d.receiver == Receiver::Relay));
    let mut m = m;
    play(
        &mut m,
        Side::Union,
        &issue(vec![draft(
            five(),
            OrderMethod::AideWritten,
            OrderType::Complex,
            "Attack.",
        )]),
    );
    let o = m.state().orders(Side::Union).last().unwrap().clone();
    assert_eq!(o.origin(), &Origin::Written(UnitId("Grant".into())));
    assert!(
        !m.state()
            .acceptance_shifts(Side::Union, &o)
            .iter()
            .any(|s| s.contains("3.1b")),
        "with no Meade there is nobody to bypass"
    );
}

#[test]
fn rule_3_1b_grant_directly_to_5_corps_shifts_while_meade_commands() {
    let mut m = union_order_issue(13);
    play(
        &mut m,
        Side::Union,
        &issue(vec![draft(
            five(),
            OrderMethod::AideWritten,
            OrderType::Complex,
            "Attack.",
        )]),
    );
    let o = m.state().orders(Side::Union).last().unwrap().clone();
    assert!(
        m.state()
            .acceptance_shifts(Side::Union, &o)
            .iter()
            .any(|s| s.contains("3.1b"))
    );
}
