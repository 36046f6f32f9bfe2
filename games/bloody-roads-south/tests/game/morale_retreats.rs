//! Retreats and rout-through (S24.3, S14.1a, S15.0, S26.1; reference 2.10.5; BRS 1.2g).

use adjutant_engine::{Rules, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::fire::reaction::Drawn;
use bloody_roads_south::model::decision::{Question, RetreatCause};
use bloody_roads_south::model::unit::{Formation, Location, UnitKey};
use bloody_roads_south::testing;

use crate::fire_setup::*;

fn start(
    g: &mut bloody_roads_south::BloodyRoadsSouth,
    at: &str,
    hexes: u8,
    away_from: &str,
    cause: RetreatCause,
) {
    let units: Vec<UnitKey> = g.stack_of(hex(at), U);
    let mut d = dice();
    testing::with_fx(g, &mut d, |g, fx| {
        g.begin_retreat(&units, hexes, hex(away_from), cause, fx)
    });
}

#[test]
fn s24_3_retreat_hexes_lead_away_from_the_enemy_hex_by_hex() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    start(&mut g, "A18.10", 2, "A17.10", RetreatCause::Morale);
    let map = bloody_roads_south::data::map();
    let offered = g.legal_actions(U);
    assert!(!offered.is_empty());
    for a in &offered {
        let Action::Retreat { to } = a else {
            panic!("{a:?}")
        };
        assert_eq!(map.distance(*to, hex("A17.10")), Some(2), "{to}");
    }
    let first = offered[0].clone();
    let mut d = dice();
    let ev = testing::play(&mut g, U, first.clone(), &mut d);
    let Action::Retreat { to } = first else {
        unreachable!()
    };
    assert_eq!(testing::unit(&g, U, "2/1/5").hex(), Some(to));
    assert!(all(&ev, Viewer::Seat(C)).contains("retreats from A18.10"));
    let Question::Retreat { hexes_left, .. } = g.decisions()[0].question() else {
        panic!("the second hex is asked")
    };
    assert_eq!(*hexes_left, 1);
    let next = g.legal_actions(U)[0].clone();
    testing::play(&mut g, U, next, &mut d);
    assert!(g.decisions().is_empty());
    let at = testing::unit(&g, U, "2/1/5").hex().unwrap();
    assert_eq!(map.distance(at, hex("A17.10")), Some(3));
}

#[test]
fn s24_3_a_stack_that_cannot_retreat_routs() {
    let mut g = game();
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    let units = g.stack_of(hex("A18.10"), U);
    let ways = g.retreat_hexes(&units, hex("A17.10"), RetreatCause::Morale);
    assert!(!ways.is_empty() && ways.len() <= 4);
    for (h, id) in ways.iter().zip(["J/J/2", "Ste/J/2", "Sta/J/2", "Stwl/J/2"]) {
        testing::place(&mut g, C, id, &h.to_string());
    }
    start(&mut g, "A18.10", 1, "A17.10", RetreatCause::Morale);
    assert!(g.decisions().is_empty());
    assert_eq!(testing::unit(&g, U, "2/1/5").morale(), MoraleState::Routed);
    assert_eq!(testing::unit(&g, U, "2/1/5").hex(), Some(hex("A18.10")));
}

#[test]
fn s24_3_a_unit_forced_off_the_map_is_eliminated() {
    let mut g = game();
    put(&mut g, U, "2/1/5", "A1.05", toward("A1.05", "A2.05"));
    let units = g.stack_of(hex("A1.05"), U);
    for (h, id) in g
        .retreat_hexes(&units, hex("A2.05"), RetreatCause::Morale)
        .into_iter()
        .zip(["J/J/2", "Ste/J/2", "Sta/J/2"])
    {
        testing::place(&mut g, C, id, &h.to_string());
    }
    start(&mut g, "A1.05", 2, "A2.05", RetreatCause::Morale);
    assert_eq!(testing::unit(&g, U, "2/1/5").location(), Location::Gone);
}

#[test]
fn s24_3_retreats_avoid_enemy_zones_of_control_while_they_can() {
    let mut g = game();
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    let units = g.stack_of(hex("A18.10"), U);
    let ways = g.retreat_hexes(&units, hex("A17.10"), RetreatCause::Morale);
    assert!(ways.len() >= 2, "{ways:?}");
    // A Confederate brigade facing the first way puts it in its zone of control.
    let map = bloody_roads_south::data::map();
    let zoc_from = map
        .neighbours(ways[0], g.maps())
        .into_iter()
        .map(|(_, h)| h)
        .find(|&h| {
            h != hex("A18.10") && !ways.contains(&h) && map.distance(h, hex("A18.10")) == Some(2)
        })
        .expect("a hex beyond");
    put(
        &mut g,
        C,
        "J/J/2",
        &zoc_from.to_string(),
        toward(&zoc_from.to_string(), &ways[0].to_string()),
    );
    assert!(g.in_enemy_zoc(ways[0], U));
    let now = g.retreat_hexes(&units, hex("A17.10"), RetreatCause::Morale);
    assert!(!now.contains(&ways[0]), "{now:?}");
    assert!(!now.is_empty());
}

#[test]
fn rule_1_2g_retreats_in_the_wilderness_take_the_road() {
    let map = bloody_roads_south::data::map();
    let mut g = game();
    put(&mut g, U, "2/1/5", "A14.09", toward("A14.09", "A14.08"));
    let units = g.stack_of(hex("A14.09"), U);
    // An enemy side from which both roadless and road hexes lie farther away.
    let (enemy, roadless) = map
        .neighbours(hex("A14.09"), g.maps())
        .into_iter()
        .map(|(_, e)| e)
        .find_map(|e| {
            let farther: Vec<_> = map
                .neighbours(hex("A14.09"), g.maps())
                .into_iter()
                .map(|(_, h)| h)
                .filter(|&h| map.distance(h, e) == Some(2))
                .collect();
            let road = farther
                .iter()
                .any(|&h| map.hex(h).unwrap().has_road_feature(false));
            let bare: Vec<_> = farther
                .into_iter()
                .filter(|&h| !map.hex(h).unwrap().has_road_feature(false))
                .collect();
            (road && !bare.is_empty()).then_some((e, bare))
        })
        .expect("a side with both kinds of hexes behind");
    let ways = g.retreat_hexes(&units, enemy, RetreatCause::Morale);
    assert!(!ways.is_empty());
    for h in &ways {
        assert!(
            map.hex(*h).unwrap().has_road_feature(false),
            "{h} has no road"
        );
        assert!(!roadless.contains(h));
    }
}

#[test]
fn s24_3_rout_through_stand_fast_shares_the_worst_state() {
    let mut g = game();
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    testing::morale(&mut g, U, "2/1/5", MoraleState::Disorganized);
    let units = g.stack_of(hex("A18.10"), U);
    let ways = g.retreat_hexes(&units, hex("A17.10"), RetreatCause::Morale);
    put(
        &mut g,
        U,
        "3/1/5",
        &ways[0].to_string(),
        toward("A18.10", "A17.10"),
    );
    testing::morale(&mut g, U, "3/1/5", MoraleState::BloodLust);
    // 3/1/5 down to A (4 C units) and 2/1/5 at AA (8): 12, within the stacking limit.
    testing::losses(&mut g, U, "3/1/5", 10, 0);
    start(&mut g, "A18.10", 1, "A17.10", RetreatCause::Morale);
    let mut d = dice();
    testing::play(&mut g, U, Action::Retreat { to: ways[0] }, &mut d);
    assert!(matches!(
        g.decisions()[0].question(),
        Question::RoutThrough { .. }
    ));
    let offered = g.legal_actions(U);
    assert!(offered.contains(&Action::StandFast));
    testing::play(&mut g, U, Action::StandFast, &mut d);
    assert_eq!(
        testing::unit(&g, U, "3/1/5").morale(),
        MoraleState::Disorganized
    );
    assert!(g.decisions().is_empty());
    // Retreating units go on top.
    assert_eq!(g.at(ways[0])[0], testing::key(&g, U, "2/1/5"));
}

#[test]
fn s24_3_rout_through_displace_worsens_one_level_and_loses_blood_lust() {
    let mut g = game();
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    let units = g.stack_of(hex("A18.10"), U);
    let ways = g.retreat_hexes(&units, hex("A17.10"), RetreatCause::Morale);
    put(
        &mut g,
        U,
        "3/1/5",
        &ways[0].to_string(),
        toward("A18.10", "A17.10"),
    );
    testing::morale(&mut g, U, "3/1/5", MoraleState::BloodLust);
    start(&mut g, "A18.10", 1, "A17.10", RetreatCause::Morale);
    let mut d = dice();
    testing::play(&mut g, U, Action::Retreat { to: ways[0] }, &mut d);
    // AA and AA would over-stack at rest: the units there must step aside (decision, S12.0).
    assert!(!g.legal_actions(U).contains(&Action::StandFast));
    let displace = g
        .legal_actions(U)
        .into_iter()
        .find(|a| matches!(a, Action::Displace { .. }))
        .expect("a hex to step aside into");
    testing::play(&mut g, U, displace.clone(), &mut d);
    let Action::Displace { to } = displace else {
        unreachable!()
    };
    assert_eq!(testing::unit(&g, U, "3/1/5").hex(), Some(to));
    assert_eq!(testing::unit(&g, U, "3/1/5").morale(), MoraleState::Shaken);
}

#[test]
fn s24_2_artillery_limbers_to_retreat_and_rolls_for_gun_loss_in_close_combat() {
    let mut g = game();
    put(&mut g, U, "Db-1", "A18.10", toward("A18.10", "A17.10"));
    let gp = testing::unit(&g, U, "Db-1").gun_points();
    testing::script_dice(&mut g, U, &[3]);
    start(
        &mut g,
        "A18.10",
        2,
        "A17.10",
        RetreatCause::CloseCombatDefender,
    );
    assert_eq!(
        testing::unit(&g, U, "Db-1").formation(),
        Formation::Limbered
    );
    assert_eq!(
        testing::unit(&g, U, "Db-1").gun_points(),
        gp - 1,
        "Gun Loss 3: one GP"
    );
}

#[test]
fn s14_1a_a_retreat_into_an_enemy_zone_of_control_draws_fire() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    testing::script_shared(&mut g, &[3, 3, 1]);
    testing::script_dice(&mut g, U, &[1, 2, 1]);
    let mut d = dice();
    let ev = testing::drawn_fire(&mut g, "A18.10", Drawn::Retreat, &mut d);
    let text = all(&ev, Viewer::Seat(C));
    assert!(
        text.contains("Confederate fire from A17.10 at A18.10"),
        "{text}"
    );
    assert!(
        !text.contains("+2"),
        "a retreat is fired on as it stands: {text}"
    );
    // A formation change counts as the worse formation: +2.
    testing::script_shared(&mut g, &[3, 3, 1]);
    testing::script_dice(&mut g, U, &[1, 2, 1]);
    let ev = testing::drawn_fire(&mut g, "A18.10", Drawn::FormationChange, &mut d);
    assert!(all(&ev, Viewer::Seat(C)).contains("+2 target in column"));
}

#[test]
fn s15_0c_unlimbering_draws_fire_from_units_within_two_hexes() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.09", toward("A17.09", "A17.11"));
    put(&mut g, U, "Db-1", "A17.11", toward("A17.11", "A17.09"));
    testing::script_shared(&mut g, &[3, 3, 1]);
    testing::script_dice(&mut g, U, &[1, 2]);
    let mut d = dice();
    let ev = testing::drawn_fire(&mut g, "A17.11", Drawn::Unlimbering, &mut d);
    let text = all(&ev, Viewer::Seat(C));
    assert!(text.contains("fire from A17.09 at A17.11"), "{text}");
    assert!(text.contains("+2 target in column, limbered"), "{text}");
}

#[test]
fn s12_0_a_stack_left_over_the_limits_after_a_retreat_takes_the_penalty() {
    // The Union's Fire Combat Phase: 1/2/5 (AB, 6 C units) retreats 2 hexes from A17.10 into
    // 2/2/5 (AA, 8) in A19.10; it may stand fast there, the retreat going on (momentary
    // stacking), but the way on is then closed: it routs where it stands, over the 12 C units
    // of S12.0.
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "1/2/5", "A18.10", toward("A18.10", "A17.10"));
    let units = g.stack_of(hex("A18.10"), U);
    let first = g.retreat_hexes(&units, hex("A17.10"), RetreatCause::Morale)[0];
    put(
        &mut g,
        U,
        "2/2/5",
        &first.to_string(),
        toward("A18.10", "A17.10"),
    );
    start(&mut g, "A18.10", 2, "A17.10", RetreatCause::Morale);
    let mut d = dice();
    testing::play(&mut g, U, Action::Retreat { to: first }, &mut d);
    assert!(matches!(
        g.decisions()[0].question(),
        Question::RoutThrough { .. }
    ));
    // Close every way on from `first` before the stack stands fast.
    let map = bloody_roads_south::data::map();
    let moved = g.stack_of(first, U);
    let ways: Vec<_> = map
        .neighbours(first, g.maps())
        .into_iter()
        .map(|(_, h)| h)
        .filter(|&h| map.distance(h, hex("A17.10")) > map.distance(first, hex("A17.10")))
        .collect();
    for (h, id) in ways.iter().zip(["J/J/2", "Ste/J/2", "Sta/J/2", "B/R/2"]) {
        testing::place(&mut g, C, id, &h.to_string());
    }
    let ev = testing::play(&mut g, U, Action::StandFast, &mut d);
    assert!(g.decisions().is_empty(), "{:?}", g.decisions());
    assert_eq!(g.stack_of(first, U).len(), moved.len());
    // The penalty: DG for the stack that stood fast, R (R + DG) for the routed arrivals.
    for (id, state) in [
        ("2/2/5", MoraleState::Disorganized),
        ("1/2/5", MoraleState::Routed),
    ] {
        let u = testing::unit(&g, U, id);
        assert_eq!(u.morale(), state, "{id}");
        assert!(u.marks().must_split, "{id}");
    }
    let own = all(&ev, Viewer::Seat(U));
    assert!(
        own.contains("breaks the stacking limits at the end of a retreat"),
        "{own}"
    );
    assert!(
        !all(&ev, Viewer::Seat(C)).contains("stacking"),
        "the penalty is secret"
    );
    g.check_invariants()
        .expect("penalised, not over-stacked at rest");
}
