//! Small-arms ammunition and its resupply (S28; reference 2.12.3; BRS 2.1, 3.7).

use adjutant_engine::Viewer;
use bloody_roads_south::testing;

use crate::fire_setup::*;

#[test]
fn s28_a_low_ammo_brigade_within_two_hexes_of_its_corps_wagon_is_resupplied() {
    let mut g = game();
    let f = toward("A18.10", "A17.10");
    put(&mut g, U, "2/1/5", "A18.10", f);
    put(&mut g, U, "3/1/5", "A22.10", f);
    put(&mut g, U, "5 Corps Supply", "A20.10", f);
    testing::low_ammo(&mut g, U, "2/1/5", true);
    testing::low_ammo(&mut g, U, "3/1/5", true);
    let map = bloody_roads_south::data::map();
    assert_eq!(map.distance(hex("A18.10"), hex("A20.10")), Some(2));
    assert!(map.distance(hex("A22.10"), hex("A20.10")).unwrap() <= 2);
    testing::supply(&mut g, U, "5 Corps Supply", 1);
    let mut d = dice();
    let ev = testing::resupply(&mut g, U, &mut d);
    // One point: one brigade (the first in order) is resupplied, the other stays Low Ammo.
    let low = [
        testing::unit(&g, U, "2/1/5").low_ammo(),
        testing::unit(&g, U, "3/1/5").low_ammo(),
    ];
    assert_eq!(low.iter().filter(|&&l| l).count(), 1);
    assert_eq!(testing::unit(&g, U, "5 Corps Supply").supply(), 0);
    assert!(read(&ev, Viewer::Seat(C)).is_empty(), "resupply is secret");
    // Beyond 2 hexes: nothing.
    let mut g = game();
    put(&mut g, U, "2/1/5", "A17.10", f);
    put(&mut g, U, "5 Corps Supply", "A20.10", f);
    testing::low_ammo(&mut g, U, "2/1/5", true);
    testing::resupply(&mut g, U, &mut d);
    assert!(testing::unit(&g, U, "2/1/5").low_ammo());
}

#[test]
fn brs_3_7_a_union_wagon_reloads_by_a_whole_turn_on_the_reload_hex() {
    let mut g = game();
    put(
        &mut g,
        U,
        "5 Corps Supply",
        "A49.01",
        toward("A48.01", "A49.01"),
    );
    testing::supply(&mut g, U, "5 Corps Supply", 2);
    let mut d = dice();
    testing::with_fx(&mut g, &mut d, |g, fx| {
        g.park_union_wagons();
        g.reload_union_wagons(fx);
    });
    assert_eq!(testing::unit(&g, U, "5 Corps Supply").supply(), 5);
    // A wagon that left the hex during the turn does not reload.
    testing::supply(&mut g, U, "5 Corps Supply", 2);
    testing::with_fx(&mut g, &mut d, |g, fx| {
        g.park_union_wagons();
        testing::place(g, U, "5 Corps Supply", "A48.01");
        g.reload_union_wagons(fx);
    });
    assert_eq!(testing::unit(&g, U, "5 Corps Supply").supply(), 2);
}

#[test]
fn s28_low_ammo_checks_morale_one_row_down() {
    let mut g = game();
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    testing::low_ammo(&mut g, U, "2/1/5", true);
    let units = g.stack_of(hex("A18.10"), U);
    let ctx = bloody_roads_south::morale::check::MoraleContext::after_fire(hex("A17.10"));
    let (_, s) = g.morale_shifts(&units, &ctx).unwrap();
    assert_eq!(s, vec![(-1, "Low Ammo")]);
}
