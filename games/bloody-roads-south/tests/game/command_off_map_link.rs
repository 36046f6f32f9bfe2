//! Orders by the Confederate off-map link (rule 4.2c; reference 2.3.3, 4.2): "Leaders and
//! Orders. 2 turns." A Confederate aide rides the quicker way, over the map or off it between
//! A1.01 and B1.21 (2 turns plus the rides to and from the ends), in the scenario that offers
//! the link (Scenario 5); Union orders, and scenarios without the link, never use it.

use adjutant_engine::{Dice, Rules, Seed, Side, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::data::FormationId;
use bloody_roads_south::data::charts::command::OrderMethod;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::model::order::Receiver;
use bloody_roads_south::testing;

use crate::support::{draft, issue};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

/// `scenario` with an empty map at 5 May 2:00pm, `side` in its Order Issue, its army
/// commander and HQ at `writer`, and corps `corps`' commander and HQ at `receiver`.
fn position(
    scenario: &str,
    side: Side,
    writer: &str,
    corps: &str,
    receiver: &str,
) -> BloodyRoadsSouth {
    let mut g = testing::empty_game(scenario, &[]);
    testing::set_turn(&mut g, "5 May 2:00pm");
    let (chief, hq) = match side {
        Side::Union => ("Grant", "AUS HQ"),
        Side::Confederate => ("Lee", "ANVa HQ"),
    };
    testing::place(&mut g, side, hq, writer);
    testing::place(&mut g, side, chief, writer);
    let (leader, corps_hq) = match corps {
        "2" => ("Ewell", "2 Corps HQ"),
        "3" => ("Hill", "3 Corps HQ"),
        "5" => ("Warren", "5 Corps HQ"),
        other => panic!("no corps {other} in these tests"),
    };
    testing::place(&mut g, side, corps_hq, receiver);
    testing::place(&mut g, side, leader, receiver);
    testing::order_issue(&mut g, side);
    g
}

/// The menu label of an aide-written simple order to `corps`.
fn label(g: &BloodyRoadsSouth, side: Side, corps: &str) -> String {
    let menu = g.view(Viewer::Seat(side))["command"]["batch_menu"]["entries"].clone();
    menu.as_array()
        .expect("a batch menu")
        .iter()
        .find(|e| {
            e["field"] == "orders"
                && e["item"]["receiver"]["id"] == corps
                && e["item"]["method"] == "aide-written"
                && e["item"]["order_type"] == "simple"
        })
        .unwrap_or_else(|| panic!("an AW simple order to {corps} Corps is offered: {menu}"))["label"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Writes an aide-written simple order to `corps`: the turns it takes to arrive, and what the
/// writer's side reads.
fn write(g: &mut BloodyRoadsSouth, side: Side, corps: &str) -> (u16, String) {
    let order = draft(
        Receiver::Corps(FormationId(corps.into())),
        OrderMethod::AideWritten,
        OrderType::Simple,
        "March.",
    );
    let mut dice = Dice::new(&Seed::from_bytes([3; 32]));
    let applied = BloodyRoadsSouth::apply(g, side, issue(vec![order]), &mut dice)
        .unwrap_or_else(|e| panic!("the order is written: {e}"));
    let read: Vec<String> = applied
        .events
        .iter()
        .filter_map(|e| e.sentence(Viewer::Seat(side)))
        .collect();
    let last = g.orders(side).last().expect("the order is logged");
    (last.arrives() - last.written(), read.join("\n"))
}

#[test]
fn rule_4_2c_an_order_rides_the_off_map_link_in_two_turns_from_end_to_end() {
    let mut g = position("battle-of-the-wilderness", C, "B1.21", "2", "A1.01");
    let label = label(&g, C, "2");
    assert!(
        label.contains("arrives about 5 May 3:00pm by the off-map link (4.2c)"),
        "{label}"
    );
    let (turns, read) = write(&mut g, C, "2");
    assert_eq!(turns, 2, "2 turns on the link, no ride at either end");
    assert!(read.contains("by the off-map link (4.2c)"), "{read}");
    // The same order the other way round takes the link too.
    let mut g = position("battle-of-the-wilderness", C, "A1.01", "3", "B1.21");
    assert_eq!(write(&mut g, C, "3").0, 2);
}

#[test]
fn rule_4_2c_the_rides_to_and_from_the_ends_add_their_aide_turns() {
    // The ride from A1.01 to the 2 Corps HQ at A6.04, over the map.
    let mut near = position("battle-of-the-wilderness", C, "A1.01", "2", "A6.04");
    let (ride, read) = write(&mut near, C, "2");
    assert!(ride >= 1, "the ride takes a turn at least");
    assert!(!read.contains("off-map link"), "{read}");
    // From B1.21: 2 turns on the link, then the same ride.
    let mut far = position("battle-of-the-wilderness", C, "B1.21", "2", "A6.04");
    let (turns, read) = write(&mut far, C, "2");
    assert_eq!(turns, 2 + ride, "{read}");
    assert!(read.contains("by the off-map link (4.2c)"), "{read}");
}

#[test]
fn rule_4_2c_the_link_is_taken_only_when_quicker_than_the_map() {
    // Lee and the 3 Corps HQ a few hexes apart on Map B: the map is quicker.
    let mut g = position("battle-of-the-wilderness", C, "B1.21", "3", "B4.20");
    let label = label(&g, C, "3");
    assert!(!label.contains("off-map link"), "{label}");
    let (turns, read) = write(&mut g, C, "3");
    assert!(turns < 2, "{turns}");
    assert!(!read.contains("off-map link"), "{read}");
}

#[test]
fn rule_4_2c_union_orders_never_use_the_link() {
    let mut confederate = position("battle-of-the-wilderness", C, "B1.21", "2", "A1.01");
    let (by_link, _) = write(&mut confederate, C, "2");
    let mut union = position("battle-of-the-wilderness", U, "B1.21", "5", "A1.01");
    let label = label(&union, U, "5");
    assert!(!label.contains("off-map link"), "{label}");
    let (turns, read) = write(&mut union, U, "5");
    assert!(
        turns > by_link,
        "the Union aide rides over the map: {turns} turns"
    );
    assert!(!read.contains("off-map link"), "{read}");
}

#[test]
fn rule_4_2c_orders_ride_the_link_in_every_scenario_on_both_maps() {
    // 4.2 is a rule of the two maps, not of one scenario: Scenarios 4, 6 and 7 too.
    for scenario in ["battles-of-may-5th", "second-day", "wasted-day"] {
        let mut g = position(scenario, C, "B1.21", "2", "A1.01");
        let label = label(&g, C, "2");
        assert!(label.contains("off-map link"), "{scenario}: {label}");
        let (turns, read) = write(&mut g, C, "2");
        assert_eq!(turns, 2, "{scenario}: end to end by the link");
        assert!(read.contains("off-map link"), "{scenario}: {read}");
    }
}
