//! Cheapest paths in leader movement points: aide delivery (series 10.1e, reference 2.3.3) and
//! command radius (series 10.5a, reference 2.3.11); hexes around a hex (ranges, retreats).

use bloody_roads_south::data::charts::cell::Halves;
use bloody_roads_south::data::charts::movement::MoveClass;
use bloody_roads_south::data::{self, HexId, MapsUsed, Sheet};
use bloody_roads_south::geometry::{
    Mover, Settling, aide_turns, away_from, canonical_id, cost_between, hexes_within, within,
};
use proptest::prelude::*;
use std::cell::RefCell;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn leader(maps: MapsUsed) -> Mover<'static> {
    Mover {
        map: data::map(),
        chart: &data::charts().movement,
        maps,
        class: MoveClass::Leader,
        railroad_found: false,
    }
}

fn cost(from: &str, to: &str) -> Option<Halves> {
    cost_between(&leader(MapsUsed::Both), h(from), h(to), |_| true)
}

#[test]
fn s10_1e_aide_turns_from_leader_mp() {
    let aides = &data::charts().command.aide_delivery;
    assert_eq!(aide_turns(aides, Halves(0)), 0);
    assert_eq!(aide_turns(aides, Halves(1)), 1);
    assert_eq!(aide_turns(aides, Halves(20)), 1); // 10 MP
    assert_eq!(aide_turns(aides, Halves(21)), 2); // 10 1/2 MP
    // along the whole Turnpike on Map A: 48 hexes at 1/2, 24 MP, three turns
    assert_eq!(data::map().distance(h("A1.10"), h("A49.01")), Some(48));
    let ride = cost("A1.10", "A49.01").expect("a path");
    assert_eq!(ride, Halves(48));
    assert_eq!(aide_turns(aides, ride), 3);
}

#[test]
fn s10_1e_the_cheapest_path_uses_roads_and_clearings() {
    // six Turnpike hexes at 1/2 each
    assert_eq!(cost("A9.10", "A15.10"), Some(Halves(6)));
    // roadless Wilderness: 2 MP a hex
    assert_eq!(cost("A21.20", "A25.22"), Some(Halves(16)));
    assert_eq!(cost("A15.10", "A15.10"), Some(Halves(0)));
    // paths are directed: entering the clearing costs 1, leaving it into the Wilderness 2
    assert_eq!(cost("A16.09", "A17.09"), Some(Halves(2)));
    assert_eq!(cost("A17.09", "A16.09"), Some(Halves(4)));
}

#[test]
fn s10_5a_enemy_units_and_zoc_block_the_radius() {
    let m = leader(MapsUsed::Both);
    assert_eq!(cost("A15.10", "A17.10"), Some(Halves(2)));
    // A16.10 held by the enemy: round it through the Wilderness, 2 + 1
    let blocked = |x: HexId| x != h("A16.10");
    assert_eq!(
        cost_between(&m, h("A15.10"), h("A17.10"), blocked),
        Some(Halves(6))
    );
    // every neighbour of the leader blocked: no path
    let ring: Vec<HexId> = data::map()
        .neighbours(h("A15.10"), MapsUsed::Both)
        .into_iter()
        .map(|(_, n)| n)
        .collect();
    assert_eq!(
        cost_between(&m, h("A15.10"), h("A17.10"), |x| !ring.contains(&x)),
        None
    );
    // the destination itself is tested; the start is not
    assert_eq!(
        cost_between(&m, h("A15.10"), h("A17.10"), |x| x != h("A17.10")),
        None
    );
    assert_eq!(
        cost_between(&m, h("A15.10"), h("A17.10"), |x| x != h("A15.10")),
        Some(Halves(2))
    );
}

#[test]
fn s10_5a_hexes_within_a_radius_of_4_leader_mp() {
    let m = leader(MapsUsed::Both);
    let reach = within(&m, h("A15.10"), Halves(8), |_| true);
    assert_eq!(reach[0], (h("A15.10"), Halves(0)));
    assert!(reach.contains(&(h("A17.10"), Halves(2))));
    assert!(
        reach
            .windows(2)
            .all(|w| (w[0].1, w[0].0) < (w[1].1, w[1].0)),
        "ordered"
    );
    for &(hex, c) in &reach {
        assert!(c <= Halves(8));
        assert_eq!(
            cost_between(&m, h("A15.10"), hex, |_| true),
            Some(c),
            "{hex}"
        );
    }
    // exactly 4 MP is within; a hex beyond is not
    assert!(reach.iter().any(|&(_, c)| c == Halves(8)));
    let far = h("A15.16");
    assert!(cost_between(&m, h("A15.10"), far, |_| true).expect("a path") > Halves(8));
    assert!(!reach.iter().any(|&(x, _)| x == far));
}

#[test]
fn s10_5a_shared_row_hexes_are_named_on_map_a_when_it_is_in_play() {
    // B17.35 = A23.01 (the errata hex): Wilderness, 2 MP for a leader from B17.34
    let both = within(&leader(MapsUsed::Both), h("B17.34"), Halves(4), |_| true);
    assert!(both.contains(&(h("A23.01"), Halves(4))));
    assert!(!both.iter().any(|&(x, _)| x == h("B17.35")));
    let b_only = within(&leader(MapsUsed::B), h("B17.34"), Halves(4), |_| true);
    assert!(b_only.contains(&(h("B17.35"), Halves(4))));
    // passable() is asked with the canonical id
    let asked = RefCell::new(Vec::new());
    let m = leader(MapsUsed::Both);
    cost_between(&m, h("B17.34"), h("B17.35"), |x| {
        asked.borrow_mut().push(x);
        true
    });
    assert!(asked.borrow().contains(&h("A23.01")));
    assert!(!asked.borrow().contains(&h("B17.35")));
    assert_eq!(
        canonical_id(data::map(), MapsUsed::Both, h("B17.35")),
        Some(h("A23.01"))
    );
    assert_eq!(
        canonical_id(data::map(), MapsUsed::B, h("A23.01")),
        Some(h("B17.35"))
    );
    assert_eq!(canonical_id(data::map(), MapsUsed::B, h("A23.02")), None);
}

#[test]
fn s16_hexes_within_n_hexes_in_play() {
    let map = data::map();
    let one = hexes_within(map, MapsUsed::Both, h("A18.10"), 1);
    assert_eq!(one.len(), 7);
    assert_eq!(one[0], (h("A18.10"), 0));
    assert_eq!(hexes_within(map, MapsUsed::Both, h("A18.10"), 2).len(), 19);
    assert_eq!(hexes_within(map, MapsUsed::Both, h("A18.10"), 3).len(), 37);
    // a corner of Map A: A1.35 has three neighbours (hexrow 1 is low)
    assert_eq!(hexes_within(map, MapsUsed::A, h("A1.35"), 1).len(), 4);
    // the shared row: within one hex of B17.34, named on Map A with both maps
    let near = hexes_within(map, MapsUsed::Both, h("B17.34"), 1);
    assert!(near.contains(&(h("A23.01"), 1)));
    assert_eq!(hexes_within(map, MapsUsed::A, h("B17.34"), 1), []);
}

#[test]
fn s24_retreat_directions_away_from_an_enemy_hex() {
    let map = data::map();
    let named = |v: Vec<(HexId, u32)>| -> Vec<String> {
        v.into_iter().map(|(x, d)| format!("{x}:{d}")).collect()
    };
    // enemy due east of A18.10 (A20.10): the two hexes west of it first (equally far and
    // equally straight: by id), the two toward the enemy last
    assert_eq!(
        named(away_from(map, MapsUsed::Both, h("A18.10"), h("A20.10"))),
        [
            "A17.10:3", "A17.11:3", "A18.09:2", "A18.11:2", "A19.10:1", "A19.11:1"
        ]
    );
    // enemy due north (A18.12): straight south first, then the two equally far beside it
    assert_eq!(
        named(away_from(map, MapsUsed::Both, h("A18.10"), h("A18.12"))),
        [
            "A18.09:3", "A17.10:3", "A19.10:3", "A17.11:2", "A19.11:2", "A18.11:1"
        ]
    );
    // enemy beyond the NE hexside (A21.12): straight away is SW, A17.10
    assert_eq!(
        away_from(map, MapsUsed::Both, h("A18.10"), h("A21.12"))[0],
        (h("A17.10"), 4)
    );
    // at the edge of the play area only the neighbours in play are offered
    assert_eq!(away_from(map, MapsUsed::A, h("A1.35"), h("A3.30")).len(), 3);
}

fn hex_in(cols: std::ops::RangeInclusive<u8>) -> impl Strategy<Value = HexId> {
    (cols, 1u8..=35).prop_map(|(r, n)| HexId::new(Sheet::A, r, n).expect("valid"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn s10_5a_path_costs_satisfy_the_triangle_inequality(
        a in hex_in(8..=30), b in hex_in(8..=30), c in hex_in(8..=30),
    ) {
        let ab = cost_between(&leader(MapsUsed::A), a, b, |_| true).expect("connected");
        let bc = cost_between(&leader(MapsUsed::A), b, c, |_| true).expect("connected");
        let ac = cost_between(&leader(MapsUsed::A), a, c, |_| true).expect("connected");
        prop_assert!(ac.0 <= ab.0 + bc.0, "{a}->{c} {ac} > {a}->{b} {ab} + {b}->{c} {bc}");
        // no cheaper than 1/2 a hex
        prop_assert!(u32::from(ac.0) >= data::map().distance(a, c).expect("on the map"));
    }
}

/// S10.5a: a closing search taken up again for another hex (nearer or farther, reached or not)
/// answers as a fresh search does: the cheapest cost of that hex, and of every hex cheaper.
#[test]
fn s10_5a_a_closing_search_taken_up_again_answers_as_a_fresh_one() {
    let m = leader(MapsUsed::Both);
    let (from, max) = (h("A15.10"), Halves(48));
    let blocked = [h("A17.10"), h("A16.12"), h("A20.15"), h("A18.11")];
    let passable = |x: HexId| !blocked.contains(&x);
    let all = within(&m, from, max, passable);
    let exact = |x: HexId| all.iter().find(|(y, _)| *y == x).map(|&(_, c)| c);
    let goals = [
        "A25.22", "A19.11", "A30.10", "A15.12", "A25.22", "A45.40", "A16.09", "A17.10",
    ];
    let mut kept = Settling::new(&m, from, max);
    let mut reached = 0;
    for g in goals.map(h) {
        let fresh = Settling::new(&m, from, max).settle_to(&m, g, passable);
        let cost = kept.settle_to(&m, g, passable);
        assert_eq!(cost, exact(g), "{g}");
        assert_eq!(cost, fresh, "{g}");
        if let Some(c) = cost {
            reached += 1;
            for &(x, cx) in all.iter().filter(|(_, cx)| *cx < c) {
                assert_eq!(kept.cost_of(x), Some(cx), "{x} on the way to {g}");
            }
        }
    }
    assert!(reached >= 4 && reached < goals.len(), "near and far goals");
}
