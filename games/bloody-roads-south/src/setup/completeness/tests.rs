//! Rule 6.0's complete set-up, by a set-up line that can never be met (the class of Scenario
//! 7's "with or adjacent to any 2 Corps unit" batteries, which waited for themselves).

use adjutant_engine::{PerSide, Setup, Side};

use crate::data::UnitId;
use crate::data::placement::{Placement, SetupLocation};
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::setup::placement::auto_placed;

const SIDE: Side = Side::Union;

fn fresh() -> BloodyRoadsSouth {
    let setup = Setup {
        scenario: "wasted-day".into(),
        options: Default::default(),
        secret_choices: PerSide::default(),
    };
    BloodyRoadsSouth::new_game(&setup).expect("Scenario 7 sets up")
}

/// Places every counter as offered (the first hex), by `lines`.
fn place_all_offered(g: &mut BloodyRoadsSouth, lines: &[&Placement]) {
    for _ in 0..1000 {
        let Some((k, hexes)) = g.next_placement_in(SIDE, lines) else {
            return;
        };
        let first = *hexes.first().expect("a counter offered has a hex to go to");
        g.set_up_at(k, first);
    }
    panic!("the set-up never ends");
}

fn offers_finish(g: &BloodyRoadsSouth, lines: &[&Placement]) -> bool {
    g.setup_actions_in(SIDE, lines)
        .iter()
        .any(|a| matches!(a, Action::FinishSetUp { .. }))
}

#[test]
fn rule_6_0_finish_setting_up_is_not_offered_while_a_counter_is_unplaced() {
    let mut g = fresh();
    let real = g.placements(SIDE);
    let target = real
        .iter()
        .position(|p| !auto_placed(p) && !matches!(p.location, SetupLocation::At(_)))
        .expect("Scenario 7's Union has a line with a choice");
    // The line now waits for a counter that is never placed: it can never be met.
    let stuck = Placement {
        location: SetupLocation::WithinOfUnit {
            radius: 1,
            unit: UnitId::new("No such counter"),
        },
        ..real[target].clone()
    };
    let lines: Vec<&Placement> = real
        .iter()
        .enumerate()
        .map(|(i, &p)| if i == target { &stuck } else { p })
        .collect();
    place_all_offered(&mut g, &lines);

    let unplaced = g.unplaced_in(SIDE, &lines);
    assert!(!unplaced.is_empty());
    for id in &stuck.units {
        assert!(
            unplaced.contains(id),
            "{id} should be unplaced: {unplaced:?}"
        );
    }
    // Before the rule, nothing was left to place, so Finish was offered.
    assert!(!offers_finish(&g, &lines));
    assert!(g.setup_actions_in(SIDE, &lines).is_empty());
    let err = g
        .check_setup_complete_in(SIDE, &lines)
        .expect_err("a stuck set-up breaks the invariant");
    assert!(err.contains("stuck"), "{err}");
    assert!(err.contains(stuck.units[0].as_str()), "{err}");

    // A side that finished anyway (the old behaviour) breaks it too.
    *g.setup_done.get_mut(SIDE) = true;
    let err = g
        .check_setup_complete_in(SIDE, &lines)
        .expect_err("a finished set-up with a counter unplaced breaks the invariant");
    assert!(err.contains("never placed"), "{err}");
    assert!(err.contains(stuck.units[0].as_str()), "{err}");
}

#[test]
fn rule_6_0_finish_setting_up_is_offered_once_every_counter_is_placed() {
    let mut g = fresh();
    let lines = g.placements(SIDE);
    assert!(!g.unplaced_in(SIDE, &lines).is_empty());
    assert!(!offers_finish(&g, &lines));
    place_all_offered(&mut g, &lines);
    assert_eq!(g.unplaced_setup_counters(SIDE), Vec::<UnitId>::new());
    assert!(offers_finish(&g, &lines));
    assert_eq!(g.check_setup_complete_in(SIDE, &lines), Ok(()));
}
