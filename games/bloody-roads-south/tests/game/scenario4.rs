//! Scenario 4, The Battles of May 5th (book 7.0): its set-up on both maps read from the data's
//! book lines, its pre-set orders (6.0b), attachments and reinforcements, and the standard
//! victory conditions it is won by (5.1-5.3): each tactical item and ratio band, each
//! strategic item, location row and differential band.

use adjutant_engine::{Match, Rules, Side};
use bloody_roads_south::data::charts::victory::{StrategicResult, TacticalLevel};
use bloody_roads_south::data::{self, FormationId, HexId, ScenarioId, Sheet, UnitId};
use bloody_roads_south::model::order::{OrderStatus, Receiver};
use bloody_roads_south::model::unit::UnitKind;
use bloody_roads_south::{BloodyRoadsSouth, testing};

use crate::scenario2::assert_set_up_as_listed;
use crate::support::{battles_of_may_5th, set_up_quickly};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn f(s: &str) -> FormationId {
    FormationId(s.into())
}

/// A game of Scenario 4 with both set-ups made (first hex offered for every choice).
fn set_up(n: u64) -> BloodyRoadsSouth {
    let mut m = battles_of_may_5th(n);
    set_up_quickly(&mut m);
    m.state().clone()
}

#[test]
fn rule_7_0_scenario_4_sets_up_every_listed_unit_on_both_maps() {
    let s = data::scenario(ScenarioId::BattlesOfMay5th);
    for n in [1, 2] {
        let g = set_up(n);
        assert_set_up_as_listed(&g, s, n);
        let sheets: Vec<Sheet> = g
            .units()
            .iter()
            .filter_map(|u| u.hex())
            .map(|x| x.sheet())
            .collect();
        assert!(
            sheets.contains(&Sheet::A) && sheets.contains(&Sheet::B),
            "both maps"
        );
        // Spot checks against the book's lines (7.0, Scenario 4).
        for (side, id, hex) in [
            (U, "Grant", "A32.08"),
            (U, "Warren", "A32.06"),
            (U, "5 Corps Supply", "A38.06"),
            (U, "1/1/5", "A19.10"),
            (U, "3/2/5", "A21.07"),
            (U, "1/3/5", "B11.27"),
            (U, "3/4/5", "A17.05"),
            (U, "1/1/6", "A28.18"),
            (U, "3/2/6", "A33.20"),
            (U, "4/2/6", "B32.27"),
            (C, "Sta/J/2", "A15.14"),
            (C, "P/E/2", "A7.11"),
            (C, "Da/R/2", "A15.04"),
            (C, "1 NC Cav", "A24.16"),
            (C, "C/H/3", "B28.25"),
            (C, "M/W/3", "B2.21"),
        ] {
            assert_eq!(testing::unit(&g, side, id).hex(), Some(h(hex)), "{id}");
        }
        // Sta/J/2 is out of command radius (6.0a); the three 5b(5) have 4, 4 and 3 GP.
        assert!(testing::unit(&g, C, "Sta/J/2").ocr());
        let gp: Vec<u8> = ["5b-1", "5b-2", "5b-3"]
            .iter()
            .map(|id| testing::unit(&g, U, id).gun_points())
            .collect();
        assert_eq!(gp, [4, 4, 3]);
        // Attachments: 3/2/5 to 1/5, 3/2/6 to 1/6, 2/6 to 2 Corps, the corps batteries to
        // the A Pot reserve.
        assert_eq!(g.division_of(testing::key(&g, U, "3/2/5")), Some(f("1/5")));
        assert_eq!(g.division_of(testing::key(&g, U, "3/2/6")), Some(f("1/6")));
        assert_eq!(g.corps_of_division(U, &f("2/6")), Some(f("2")));
        assert_eq!(g.corps_of(testing::key(&g, U, "6b-2")), Some(f("A Pot")));
        // Union reinforcements wait (Scenario 5's of 5 May, 7.0 (b)); Anderson's division
        // (4.5c, not offered) and 1 Corps are not in the game.
        for id in [
            "Birney",
            "Gibbon",
            "Barlow",
            "4/1/2",
            "Willcox",
            "Burnside",
            "9 Corps HQ",
        ] {
            let u = testing::unit(&g, U, id);
            assert!(!u.on_map(), "{id} is a reinforcement");
        }
        for absent in ["Anderson", "Prn/A/3", "Longstreet"] {
            assert!(g.key(C, &UnitId::new(absent)).is_none(), "{absent}");
        }
        assert!(g.key(U, &UnitId::new("4/1/6")).is_none());
    }
}

#[test]
fn rule_6_0b_scenario_4_pre_set_orders() {
    let m = battles_of_may_5th(3);
    let g = m.state();
    let order_of = |r: &Receiver, delayed: bool| {
        let c = g.command(U, r).expect("a command");
        let no = if delayed { c.delayed() } else { c.current() };
        g.order(U, no.expect("an order")).expect("logged")
    };
    let fifth = order_of(&Receiver::Corps(f("5")), false);
    assert_eq!(
        fifth.text(),
        "Attack Ewell's forces along the Orange Turnpike."
    );
    assert_eq!(fifth.status(), OrderStatus::Implemented);
    let hold = order_of(&Receiver::Corps(f("2")), false);
    assert!(hold.text().contains("Brock Crossing"));
    let attack = order_of(&Receiver::Corps(f("2")), true);
    assert!(attack.text().contains("B8.20"));
    assert_eq!(attack.status(), OrderStatus::D2);
    let sixth = order_of(&Receiver::Corps(f("6")), false);
    assert!(sixth.text().contains("Culpepper Mine Road"));
    let ricketts = order_of(&Receiver::Division(f("3/6")), false);
    let half_past = data::turn_record()
        .index_of("5 May 1:30pm".parse().unwrap())
        .unwrap() as u16;
    assert_eq!(ricketts.not_before(), Some(half_past));
    assert!(
        order_of(&Receiver::Division(f("4/5")), false)
            .text()
            .contains("left of 1/5")
    );
    assert!(
        order_of(&Receiver::Division(f("3/5")), false)
            .text()
            .contains("Chewning")
    );
    // The Confederates write their own orders at set-up (6.0c); Lee is on the map.
    let s = data::scenario(ScenarioId::BattlesOfMay5th);
    assert!(s.confederate.own_orders_at_start && !s.union.initiative_only);
    assert!(g.orders(C).is_empty());
}

#[test]
fn rule_7_0_scenario_4_is_offered_with_army_status_and_its_options() {
    let info = <BloodyRoadsSouth as Rules>::info();
    let s = info.scenario("battles-of-may-5th").expect("offered");
    assert!(s.name.contains("May 5th") && s.description.contains("A and B"));
    assert_eq!(s.turns, 16);
    // The optional rule 3.6 (the AoP Reserve, `aop_reserve`) is offered.
    assert!(
        info.choices
            .iter()
            .any(|c| c.id == "aop-reserve" && c.scenarios.iter().any(|s| s == "battles-of-may-5th"))
    );
    // The Army Status rules (3A) and their option 3.3 are (`army_status`).
    for id in ["army-status", "burnside-always-negative"] {
        assert!(info.choices.iter().any(|c| c.id == id), "{id} offered");
    }
    // Its variants 3.8b and 4.5c are offered (`scenario4_variants`); a set-up naming 4.5c as
    // a public option plays without it (it is the Confederate's secret choice).
    let setup = crate::support::setup_for("battles-of-may-5th", &["anderson-with-hill"]);
    let m: Match<BloodyRoadsSouth> = Match::new(&setup, &crate::support::seed(5)).expect("sets up");
    assert!(m.state().key(C, &UnitId::new("Anderson")).is_none());
    assert!(m.state().key(U, &UnitId::new("Burnside")).is_some());
}

/// Casualties (steps) on the first `n` brigades of `side` that can take one without being
/// wrecked: `n` tactical points for the enemy (5.2: 1 per full 100 casualties).
fn bleed(g: &mut BloodyRoadsSouth, side: Side, n: usize) {
    let ids: Vec<String> = g
        .units()
        .iter()
        .filter(|u| u.side() == side && u.kind() == UnitKind::Brigade && u.part_of().is_none())
        .map(|u| u.id().as_str().to_string())
        .filter(|id| {
            data::order_of_battle()
                .side(side)
                .brigade(&UnitId::new(id))
                .is_some_and(|b| b.wreck_after > 1)
        })
        .take(n)
        .collect();
    assert_eq!(ids.len(), n);
    for id in ids {
        testing::losses(g, side, &id, 1, 0);
    }
}

/// Wrecks a brigade (casualties to its wreck line, 5.1a); returns the casualty steps.
fn wreck(g: &mut BloodyRoadsSouth, side: Side, id: &str) -> u32 {
    let w = data::order_of_battle()
        .side(side)
        .brigade(&UnitId::new(id))
        .unwrap()
        .wreck_after;
    testing::losses(g, side, id, w, 0);
    u32::from(w)
}

#[test]
fn rule_5_2_tactical_ratio_bands() {
    let base = set_up(6);
    let r = base.standard_result();
    assert_eq!(
        (r.tactical.union.total, r.tactical.confederate.total),
        (0, 0)
    );
    assert_eq!(
        r.tactical_words(),
        "Tactical Draw",
        "0 against 0 is a draw (gap 2)"
    );
    // (Union points, Confederate points) -> the result in the book's words.
    for (u, c, words, level) in [
        (3, 2, "Tactical Draw", TacticalLevel::Draw),
        (4, 2, "Union Minor Tactical Victory", TacticalLevel::Minor),
        (5, 2, "Union Minor Tactical Victory", TacticalLevel::Minor),
        (6, 2, "Union Major Tactical Victory", TacticalLevel::Major),
        (2, 0, "Union Minor Tactical Victory", TacticalLevel::Minor),
        (1, 0, "Tactical Draw", TacticalLevel::Draw),
        (3, 0, "Union Major Tactical Victory", TacticalLevel::Major),
        (
            2,
            6,
            "Confederate Major Tactical Victory",
            TacticalLevel::Major,
        ),
        (
            2,
            5,
            "Confederate Minor Tactical Victory",
            TacticalLevel::Minor,
        ),
        (4, 4, "Tactical Draw", TacticalLevel::Draw),
    ] {
        let mut g = base.clone();
        // Union points come from Confederate casualties, and the reverse.
        bleed(&mut g, C, u);
        bleed(&mut g, U, c);
        let r = g.standard_result();
        assert_eq!(
            (r.tactical.union.total, r.tactical.confederate.total),
            (u32::try_from(u).unwrap(), u32::try_from(c).unwrap())
        );
        assert_eq!(r.tactical_level, level, "{u} to {c}");
        assert_eq!(r.tactical_words(), words, "{u} to {c}");
        assert!(r.outcome().summary.starts_with(words));
    }
}

#[test]
fn rule_5_2_each_tactical_item_scores() {
    let base = set_up(7);
    // A wrecked brigade: 1, and its casualties, 1 per full 100 (5.1a: casualties alone).
    let mut g = base.clone();
    let steps = wreck(&mut g, C, "G/E/2");
    assert_eq!(g.standard_result().tactical.union.total, 1 + steps);
    // Stragglers never count, nor wreck (5.1a).
    let mut g = base.clone();
    testing::losses(&mut g, C, "G/E/2", 0, 9);
    assert_eq!(g.standard_result().tactical.union.total, 0);
    // A wrecked division: 2 more (E/2 has three brigades; its threshold from the data).
    let e2 = data::order_of_battle().side(C).division(&f("E/2")).unwrap();
    let mut g = base.clone();
    let mut steps = 0;
    for b in e2.brigades.iter().take(usize::from(e2.wreck_threshold)) {
        steps += wreck(&mut g, C, b.as_str());
    }
    let brigades = u32::from(e2.wreck_threshold);
    assert_eq!(
        g.standard_result().tactical.union.total,
        brigades + 2 + steps
    );
    // A leader killed or wounded: his rating.
    let mut g = base.clone();
    testing::remove(&mut g, C, "Early");
    let early = data::order_of_battle()
        .side(C)
        .leader(&UnitId::new("Early"))
        .unwrap();
    assert_eq!(
        g.standard_result().tactical.union.total,
        u32::from(early.rating)
    );
    // Gun points: 1 per full 5 lost (the 5b(5) set up with 4, 4 and 3 GP).
    for (gp, points) in [
        ([4, 4, 3], 0),
        ([0, 4, 3], 0),
        ([0, 3, 3], 1),
        ([0, 0, 2], 1),
        ([0, 0, 1], 2),
    ] {
        let mut g = base.clone();
        for (id, n) in ["5b-1", "5b-2", "5b-3"].into_iter().zip(gp) {
            testing::gun_points(&mut g, U, id, n);
        }
        assert_eq!(
            g.standard_result().tactical.confederate.total,
            points,
            "{gp:?}"
        );
    }
}

/// The book's 5.3 table: (label, Union points, Confederate points).
const LOCATIONS: [(&str, u32, u32); 9] = [
    ("Brock Crossing", 0, 2),
    ("Parker’s Store (B2.21)", 4, 0),
    ("Wilderness Tavern (A39.06)", 0, 3),
    ("Tapp Clearing", 1, 1),
    ("Spottswood Clearing", 0, 3),
    ("A12.10", 3, 1),
    ("Chewning Clearing", 4, 2),
    ("Trigg (B37.10)", 1, 3),
    ("Entry hex F", 0, 3),
];

/// Puts combat units of `side` in more than half of a location's hexes (every hex of a
/// one-hex location), taking the enemy's combat units out of them; records possession.
fn occupy(g: &mut BloodyRoadsSouth, label: &str, side: Side) {
    let loc = data::charts().victory.location(label).expect(label);
    let hexes = bloody_roads_south::victory::possession::location_hexes(loc);
    let need = hexes.len() / 2 + 1;
    let enemy: Vec<String> = g
        .units()
        .iter()
        .filter(|u| u.side() == side.opponent() && u.kind().is_combat() && u.part_of().is_none())
        .filter(|u| {
            u.hex()
                .is_some_and(|x| hexes.iter().any(|&y| g.canonical(y) == Some(x)))
        })
        .map(|u| u.id().as_str().to_string())
        .collect();
    for id in enemy {
        testing::remove(g, side.opponent(), &id);
    }
    let ours: Vec<String> = g
        .units()
        .iter()
        .filter(|u| u.side() == side && u.kind() == UnitKind::Battery && u.on_map())
        .map(|u| u.id().as_str().to_string())
        .take(need)
        .collect();
    assert_eq!(ours.len(), need);
    for (id, hex) in ours.iter().zip(&hexes) {
        testing::place(g, side, id, &hex.to_string());
    }
    testing::record_possession(g);
}

#[test]
fn rule_5_1d_scenario_4_locations_start_as_its_possession_table() {
    let g = set_up(8);
    let s = data::scenario(ScenarioId::BattlesOfMay5th);
    let held = g.place_holders();
    assert_eq!(held.len(), 9, "every row of the 5.3 table");
    for (loc, side) in held {
        assert_eq!(
            s.possession.get(&loc.printed),
            Some(&side),
            "{}",
            loc.printed
        );
    }
    // Union 4 (Chewning) + 1 (Trigg); Confederates 1 (Tapp) + 1 (A12.10): nothing else.
    let r = g.standard_result();
    assert_eq!(
        (r.strategic.union.total, r.strategic.confederate.total),
        (5, 2)
    );
    assert_eq!(r.differential, 3);
    assert_eq!(r.strategic_words(), "Union Minor Strategic Victory");
}

#[test]
fn rule_5_3_each_location_row_scores_its_possessor() {
    let base = set_up(9);
    for (label, union, confederate) in LOCATIONS {
        let total = |side: Side| {
            let mut g = base.clone();
            occupy(&mut g, label, side);
            let holder = g
                .place_holders()
                .into_iter()
                .find(|(l, _)| l.printed == label)
                .map(|(_, s)| s);
            assert_eq!(holder, Some(side), "{label}");
            let r = g.standard_result();
            (r.strategic.union.total, r.strategic.confederate.total)
        };
        let (u_held, c_held) = (total(U), total(C));
        assert_eq!(u_held.0 - c_held.0, union, "{label}: Union points");
        assert_eq!(
            c_held.1 - u_held.1,
            confederate,
            "{label}: Confederate points"
        );
    }
}

#[test]
fn rule_5_1d_a_clearing_needs_more_than_half_of_its_hexes() {
    let mut g = set_up(10);
    let label = "Tapp Clearing";
    let loc = data::charts().victory.location(label).unwrap();
    let hexes = bloody_roads_south::victory::possession::location_hexes(loc);
    assert!(hexes.len() >= 2, "Tapp's clearing has several hexes");
    let half = hexes.len() / 2;
    let batteries: Vec<String> = g
        .units()
        .iter()
        .filter(|u| u.side() == U && u.kind() == UnitKind::Battery && u.on_map())
        .map(|u| u.id().as_str().to_string())
        .collect();
    for (id, hex) in batteries.iter().zip(&hexes).take(half) {
        testing::place(&mut g, U, id, &hex.to_string());
    }
    testing::record_possession(&mut g);
    let holder = |g: &BloodyRoadsSouth| {
        g.place_holders()
            .into_iter()
            .find(|(l, _)| l.printed == label)
            .map(|(_, s)| s)
    };
    assert_eq!(holder(&g), Some(C), "half is not a majority");
    let (id, hex) = (&batteries[half], hexes[half]);
    testing::place(&mut g, U, id, &hex.to_string());
    testing::record_possession(&mut g);
    assert_eq!(holder(&g), Some(U));
    // Leaving does not give it back (the last to occupy it, 5.1d).
    for id in batteries.iter().take(half + 1) {
        testing::place(&mut g, U, id, "A32.05");
    }
    testing::record_possession(&mut g);
    assert_eq!(holder(&g), Some(U));
}

#[test]
fn rule_5_3_differential_bands() {
    let charts = &data::charts().victory;
    for (d, result) in [
        (9, StrategicResult::UnionMajor),
        (6, StrategicResult::UnionMajor),
        (5, StrategicResult::UnionMinor),
        (2, StrategicResult::UnionMinor),
        (1, StrategicResult::Draw),
        (0, StrategicResult::Draw),
        (-1, StrategicResult::Draw),
        (-2, StrategicResult::ConfederateMinor),
        (-5, StrategicResult::ConfederateMinor),
        (-6, StrategicResult::ConfederateMajor),
    ] {
        assert_eq!(charts.strategic_result(d), Some(result), "{d}");
    }
    // In a game: the Confederates take Wilderness Tavern, Spottswood and Entry F (+9):
    // 5 - 11 = -6, a Confederate Major Strategic Victory, and the game is theirs.
    let mut g = set_up(11);
    for label in [
        "Wilderness Tavern (A39.06)",
        "Spottswood Clearing",
        "Entry hex F",
    ] {
        occupy(&mut g, label, C);
    }
    let r = g.standard_result();
    assert_eq!(r.differential, -6);
    assert_eq!(r.strategic_words(), "Confederate Major Strategic Victory");
    let o = r.outcome();
    assert_eq!(o.winner, Some(C));
    assert!(
        o.summary.contains("Confederate Major Strategic Victory"),
        "{}",
        o.summary
    );
}

#[test]
fn rule_5_3_wrecked_corps_commanders_and_tactical_fifths() {
    let base = set_up(12);
    let start = base.standard_result();
    // 6 Corps has nine brigades in Scenario 4 (4/1/6 is absent; 2/6 counts with 6 Corps
    // although it serves 2 Corps, 5.1c): two wrecked are 22%, three 33% (5.1b: 25%).
    let mut g = base.clone();
    let mut steps = 0;
    for b in ["1/2/6", "2/2/6"] {
        steps += wreck(&mut g, U, b);
    }
    assert!(g.wrecked_corps(U).is_empty());
    steps += wreck(&mut g, U, "4/2/6");
    let sixth = data::order_of_battle().side(U).corps_of(&f("6")).unwrap();
    assert_eq!(g.wrecked_corps(U), vec![sixth.name.clone()]);
    let r = g.standard_result();
    let tactical = r.tactical.confederate.total;
    let division = if g.division_wrecked(
        U,
        &f("2/6"),
        bloody_roads_south::victory::wrecks::WreckCount::Victory,
    ) {
        2
    } else {
        0
    };
    assert_eq!(tactical, 3 + division + steps);
    assert_eq!(
        r.strategic.confederate.total,
        start.strategic.confederate.total + 2 + tactical / 5,
        "2 per wrecked corps, 1 per full 5 tactical points"
    );
    // A corps commander or higher who falls: his rating at both levels.
    let mut g = base.clone();
    testing::remove(&mut g, U, "Warren");
    let warren = data::order_of_battle()
        .side(U)
        .leader(&UnitId::new("Warren"))
        .unwrap();
    let r = g.standard_result();
    let rating = u32::from(warren.rating);
    assert_eq!(r.tactical.confederate.total, rating);
    assert_eq!(
        r.strategic.confederate.total,
        start.strategic.confederate.total + rating + rating / 5
    );
    // A division commander is no corps commander: tactical only.
    let mut g = base.clone();
    testing::remove(&mut g, U, "Griffin");
    let r = g.standard_result();
    assert_eq!(
        r.strategic.confederate.total,
        start.strategic.confederate.total
    );
}
