//! Extended lines under losses and morale results (series 17.0, 17.2a, 17.2b; reference 2.5,
//! 2.10): 1/2/5 (loss chart AB4 A5 B3 C3: AB = 6 C units, A = 4, B = 2, C = 1) and 2/2/5
//! (AA3 AB5 A5 B3 C3: AA = 8). Both are rated C: row 6 of the Morale Table with no shifts,
//! where d66 62 is DG back 1, 64 DG back 2 straggle 1 and 66 Routed back 2 straggle 3.

use adjutant_engine::{Rules, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::decision::{Question, RetreatCause};
use bloody_roads_south::model::unit::UnitKey;
use bloody_roads_south::morale::check::MoraleContext;
use bloody_roads_south::testing;

use crate::fire_setup::*;

/// 1/2/5 in A18.10 with a part in A18.11 (3 and 3 C), threatened from A17.10.
fn extended() -> (BloodyRoadsSouth, UnitKey, UnitKey) {
    let mut g = game();
    let k = put(&mut g, U, "1/2/5", "A18.10", toward("A18.10", "A17.10"));
    let part = g.test_extend(k, "A18.11");
    assert_eq!((g.c_units(k), g.c_units(part)), (3, 3));
    (g, k, part)
}

/// The stack in `at` checks morale with the owner's dice `d66`.
fn check(g: &mut BloodyRoadsSouth, at: &str, d66: [u8; 2]) -> Vec<bloody_roads_south::Event> {
    testing::script_dice(g, U, &d66);
    let units = g.stack_of(hex(at), U);
    let mut d = dice();
    let ctx = MoraleContext::after_fire(hex("A17.10"));
    testing::with_fx(g, &mut d, |g, fx| g.morale_check(&units, &ctx, fx)).1
}

fn retreating(g: &BloodyRoadsSouth) -> (Vec<UnitKey>, u8) {
    match g.decisions().first().map(|d| d.question()) {
        Some(Question::Retreat {
            units, hexes_left, ..
        }) => (units.clone(), *hexes_left),
        q => panic!("a retreat is asked, not {q:?}"),
    }
}

#[test]
fn s17_0_losses_fall_on_the_extended_parts_first() {
    let (mut g, k, part) = extended();
    // The parent is hit: 4 steps take the brigade from AB to A (6 C to 4), and the part
    // loses the 2 C.
    testing::casualties(&mut g, k, 4, &mut dice());
    assert_eq!(g.c_units(part), 1);
    assert_eq!(g.c_units(k), 3);
    assert_eq!(testing::unit(&g, U, "1/2/5").casualties(), 4);
    g.check_invariants()
        .expect("the shares add up to the fire level");
}

#[test]
fn s17_0_a_part_that_would_fall_below_c_rejoins_its_parent() {
    let (mut g, k, part) = extended();
    testing::casualties(&mut g, k, 4, &mut dice());
    g.test_set_morale(part, MoraleState::Disorganized);
    // 5 more steps: A to B (4 C to 2). The part at C would fall below it: it rejoins (its C
    // is the one lost), and the parent loses the other.
    let ev = testing::casualties(&mut g, part, 5, &mut dice());
    assert!(!g.unit(part).on_map());
    assert!(g.parts_of(k).is_empty());
    assert_eq!(
        g.c_units(k),
        2,
        "the brigade's whole B, read from its chart"
    );
    assert_eq!(
        g.unit(k).morale(),
        MoraleState::Disorganized,
        "the worse state"
    );
    g.check_invariants().expect("consistent");
    let own = all(&ev, Viewer::Seat(U));
    assert!(own.contains("would fall below C"), "{own}");
    // The opponent reads that the counter went, never why.
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        let seen = all(&ev, viewer);
        assert!(
            seen.contains("The extended line of 1/2/5 in A18.11 rejoins its brigade in A18.10"),
            "{seen}"
        );
        assert!(
            !seen.contains("below C") && !seen.contains("casualt"),
            "{seen}"
        );
    }
}

#[test]
fn s17_0_the_larger_part_loses_first_and_regained_fire_goes_to_the_parent() {
    let mut g = game();
    let k = put(&mut g, U, "2/2/5", "A18.10", toward("A18.10", "A17.10"));
    let a = g.test_extend(k, "A18.11");
    let b = g.test_extend(k, "A19.11");
    // AA = 8: 2 and 2, the parent 4.
    assert_eq!((g.c_units(k), g.c_units(a), g.c_units(b)), (4, 2, 2));
    // 3 stragglers: AA to AB (6): one C from each part in turn.
    g.test_set_losses(k, 0, 3);
    testing::settle_losses(&mut g, k, &mut dice());
    assert_eq!((g.c_units(k), g.c_units(a), g.c_units(b)), (4, 1, 1));
    // The stragglers come back: the parent holds the 2 C regained.
    g.test_set_losses(k, 0, 0);
    testing::settle_losses(&mut g, k, &mut dice());
    assert_eq!((g.c_units(k), g.c_units(a), g.c_units(b)), (6, 1, 1));
    g.check_invariants().expect("consistent");
}

#[test]
fn s17_2a_a_routed_part_collapses_the_brigade_into_the_parent_hex() {
    let (mut g, k, part) = extended();
    // A stack-mate of the parent is routed with it (S24.3).
    put(&mut g, U, "3/1/5", "A18.10", toward("A18.10", "A17.10"));
    let ev = check(&mut g, "A18.11", [6, 6]);
    assert!(!g.unit(part).on_map(), "the part's counter is gone");
    assert_eq!(g.unit(k).hex(), Some(hex("A18.10")), "the parent stays");
    assert_eq!(g.unit(k).morale(), MoraleState::Routed);
    assert_eq!(testing::unit(&g, U, "3/1/5").morale(), MoraleState::Routed);
    // The collapse is the part's retreat: the parent is not asked to retreat.
    assert!(g.decisions().is_empty(), "{:?}", g.decisions());
    // Its stragglers are on the brigade's chart all the same.
    assert_eq!(g.unit(k).stragglers(), 3);
    g.check_invariants().expect("consistent");
    assert!(all(&ev, Viewer::Seat(U)).contains("17.2a"));
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        let seen = all(&ev, viewer);
        assert!(seen.contains("rejoins its brigade in A18.10"), "{seen}");
        assert!(!seen.contains("rout") && !seen.contains("17.2a"), "{seen}");
    }
}

#[test]
fn s17_2a_a_routed_parent_collapses_its_parts_then_retreats_as_one_stack() {
    let mut g = game();
    let k = put(&mut g, U, "2/2/5", "A18.10", toward("A18.10", "A17.10"));
    let a = g.test_extend(k, "A18.11");
    let b = g.test_extend(k, "A19.11");
    check(&mut g, "A18.10", [6, 6]);
    assert!(!g.unit(a).on_map() && !g.unit(b).on_map());
    assert_eq!(g.unit(k).morale(), MoraleState::Routed);
    let (units, hexes) = retreating(&g);
    assert_eq!(units, vec![k]);
    assert_eq!(hexes, 2);
    assert_eq!(
        g.c_units(k),
        6,
        "AA less 3 stragglers: AB, all in the parent"
    );
}

#[test]
fn s17_2a_a_part_that_cannot_complete_its_retreat_collapses_the_brigade() {
    let (mut g, k, part) = extended();
    // Every way back from the part's hex is held by the enemy.
    let units = g.stack_of(hex("A18.11"), U);
    let ways = g.retreat_hexes(&units, hex("A17.10"), RetreatCause::Morale);
    for (h, id) in ways.iter().zip(["J/J/2", "Ste/J/2", "Sta/J/2", "Stwl/J/2"]) {
        testing::place(&mut g, C, id, &h.to_string());
    }
    let mut d = dice();
    testing::with_fx(&mut g, &mut d, |g, fx| {
        g.begin_retreat(&units, 1, hex("A17.10"), RetreatCause::Morale, fx)
    });
    assert!(!g.unit(part).on_map());
    assert_eq!(g.unit(k).morale(), MoraleState::Routed);
    assert_eq!(g.unit(k).hex(), Some(hex("A18.10")));
}

#[test]
fn s17_2b_a_two_hex_retreat_of_a_part_drags_the_rest_of_the_brigade() {
    let mut g = game();
    let k = put(&mut g, U, "2/2/5", "A18.10", toward("A18.10", "A17.10"));
    let a = g.test_extend(k, "A18.11");
    let b = g.test_extend(k, "A19.11");
    g.test_set_morale(b, MoraleState::Shaken);
    // A's stack: DG back 2, straggle 1.
    let ev = check(&mut g, "A18.11", [6, 4]);
    // The parent (Normal) and the other part (Shaken) are dragged, one level worse (Shaken
    // and DG), into A's hex; the brigade is one counter, the parent, with the worst state.
    assert!(!g.unit(a).on_map() && !g.unit(b).on_map());
    assert_eq!(g.unit(k).hex(), Some(hex("A18.11")));
    assert_eq!(g.unit(k).morale(), MoraleState::Disorganized);
    let (units, hexes) = retreating(&g);
    assert_eq!(units, vec![k], "the brigade retreats as one stack");
    assert_eq!(hexes, 2);
    g.check_invariants().expect("consistent");
    assert!(all(&ev, Viewer::Seat(U)).contains("one morale level worse"));
    let seen = all(&ev, Viewer::Seat(C));
    assert!(seen.contains("17.2b") && !seen.contains("worse"), "{seen}");
    // The retreat ends in one hex, 2 hexes from the threat.
    let mut d = dice();
    for _ in 0..2 {
        let first = g.legal_actions(U)[0].clone();
        testing::play(&mut g, U, first, &mut d);
    }
    let map = bloody_roads_south::data::map();
    let at = g.unit(k).hex().expect("on the map");
    assert_eq!(
        map.distance(at, hex("A17.10")),
        Some(4),
        "two hexes back from A18.11"
    );
}

#[test]
fn s17_2b_a_dragged_dg_parent_routs_the_whole_brigade() {
    let (mut g, k, part) = extended();
    g.test_set_morale(k, MoraleState::Disorganized);
    g.test_set_morale(part, MoraleState::Normal);
    check(&mut g, "A18.11", [6, 4]);
    assert!(!g.unit(part).on_map());
    assert_eq!(g.unit(k).morale(), MoraleState::Routed, "DG one worse");
    assert_eq!(retreating(&g).0, vec![k]);
    g.check_invariants().expect("consistent");
}

#[test]
fn s17_2b_a_one_hex_retreat_drags_nothing() {
    let (mut g, k, part) = extended();
    // DG back 1.
    check(&mut g, "A18.11", [6, 2]);
    assert_eq!(g.parts_of(k), vec![part]);
    assert_eq!(g.unit(k).hex(), Some(hex("A18.10")));
    assert_eq!(g.unit(k).morale(), MoraleState::Normal);
    assert_eq!(retreating(&g), (vec![part], 1));
}

#[test]
fn s17_0_an_eliminated_part_takes_its_share_of_the_fire_level() {
    let (mut g, k, part) = extended();
    let ev = testing::eliminate(&mut g, part, &mut dice());
    assert!(!g.unit(part).on_map());
    assert!(g.unit(k).on_map(), "the parent stands");
    // 6 C less the part's 3: casualties until the chart reads no more than 3 — A (4) at 4
    // steps is more, B (2) at 9 is the first that is not.
    assert_eq!(g.unit(k).casualties(), 9);
    assert_eq!(g.c_units(k), 2);
    g.check_invariants().expect("consistent");
    assert!(all(&ev, Viewer::Seat(C)).contains("eliminated in A18.11"));
}

#[test]
fn s17_0_an_eliminated_parent_takes_its_parts_with_it() {
    let (mut g, k, part) = extended();
    testing::eliminate(&mut g, k, &mut dice());
    assert!(!g.unit(k).on_map() && !g.unit(part).on_map());
    g.check_invariants().expect("no part without its parent");
}
