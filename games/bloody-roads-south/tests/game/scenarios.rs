//! The seven scenarios against the book (7.0, 6.0a-h, 4.3, 4.5, 3.8).

use bloody_roads_south::data::order::{OrderKind, OrderStatus};
use bloody_roads_south::data::placement::SetupLocation;
use bloody_roads_south::data::scenario::VictoryRules;
use bloody_roads_south::data::{
    self, FormationId, HexId, MapsUsed, Scenario, ScenarioId, Side, Unit, UnitId, VariantId,
};
use std::collections::{BTreeMap, BTreeSet};

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn u(s: &str) -> UnitId {
    UnitId::new(s)
}

fn all() -> &'static [Scenario] {
    data::scenarios().all()
}

#[test]
fn scenario_ids_are_the_book_scenarios_1_to_7() {
    let expected = [
        ("sanders-field", 1, "The Battle of Sander's Field"),
        (
            "warren-and-sedgwick-vs-ewell",
            2,
            "Warren and Sedgwick vs. Ewell",
        ),
        ("plank-road", 3, "The Battle of the Plank Road"),
        ("battles-of-may-5th", 4, "The Battles of May 5th"),
        (
            "battle-of-the-wilderness",
            5,
            "The Battle of the Wilderness",
        ),
        ("second-day", 6, "The Second Day"),
        ("wasted-day", 7, "The Wasted Day"),
    ];
    assert_eq!(all().len(), 7);
    for (s, (id, n, title)) in all().iter().zip(expected) {
        assert_eq!(s.id.as_str(), id);
        assert_eq!(s.id.book_number(), n);
        assert_eq!(s.title, title);
        assert_eq!(id.parse::<ScenarioId>(), Ok(s.id));
    }
}

#[test]
fn rule_7_0_scenario_lengths_are_5_16_16_16_91_31_29_turns() {
    let turns = data::turn_record();
    for (s, n) in all().iter().zip([5u16, 16, 16, 16, 91, 31, 29]) {
        assert_eq!(s.length, n, "{}", s.id);
        let span = turns.span(s.first_turn, s.last_turn).expect("on the track");
        assert_eq!(
            span.len(),
            usize::from(n),
            "{}: {} to {}",
            s.id,
            s.first_turn,
            s.last_turn
        );
    }
    let six = data::scenario(ScenarioId::SecondDay);
    let more = turns
        .span(six.first_turn, six.may_continue_to.expect("by agreement"))
        .expect("span");
    assert_eq!(more.len(), 31 + 39, "Scenario 6 may run on through 7 May");
}

#[test]
fn rule_7_0_maps_used() {
    let maps: Vec<MapsUsed> = all().iter().map(|s| s.maps).collect();
    use MapsUsed::*;
    assert_eq!(maps, vec![A, A, B, Both, Both, Both, Both]);
}

fn location_hexes(loc: &SetupLocation) -> Vec<HexId> {
    match loc {
        SetupLocation::At(x) => vec![*x],
        SetupLocation::Within { of, .. } => vec![*of],
        SetupLocation::Along { from, to, .. } => vec![*from, *to],
        SetupLocation::WithinOfUnit { .. }
        | SetupLocation::WithUnitOf { .. }
        | SetupLocation::WithOrAdjacentToUnitOf { .. } => Vec::new(),
    }
}

#[test]
fn every_setup_and_reinforcement_hex_lies_on_the_scenarios_maps() {
    let map = data::map();
    let variants = data::variants();
    let mut checked = 0;
    for s in all() {
        for side in Side::BOTH {
            let setup = s.side(side);
            for p in &setup.placements {
                for x in location_hexes(&p.location) {
                    assert!(
                        map.in_play(x, s.maps),
                        "{} {side}: {x} ({}) is off the maps used",
                        s.id,
                        p.book
                    );
                    checked += 1;
                }
                if let SetupLocation::Along { roads, from, to } = &p.location {
                    for x in map.path_along(roads, *from, *to).expect("road stretch") {
                        assert!(map.in_play(x, s.maps), "{} {side}: {x} off the maps", s.id);
                    }
                }
            }
            for r in &setup.reinforcements {
                for code in &r.entry {
                    for &x in &map.entry(*code).hexes {
                        assert!(
                            map.in_play(x, s.maps),
                            "{} {side}: entry {code} ({x}) off the maps",
                            s.id
                        );
                        checked += 1;
                    }
                }
                if let Some(g) = &r.entry_group {
                    let group = variants.entry_group(g).expect("entry group");
                    for x in group.allowed_hexes(&VariantId::ALL) {
                        assert!(
                            map.in_play(x, s.maps),
                            "{} {side}: group {g} hex {x} off the maps",
                            s.id
                        );
                    }
                }
                assert!(
                    r.turn >= s.first_turn && r.turn <= s.last_turn,
                    "{} {side}: {} outside the scenario",
                    s.id,
                    r.book
                );
            }
        }
    }
    assert!(checked > 150, "{checked}");
}

#[test]
fn rule_7_0_scenario_3_exit_hex_and_scenario_1_entry_a() {
    let map = data::map();
    // Scenario 3's exit B13.35 is on Map B's north edge; Entry A is the same hex on Map A.
    assert!(map.is_edge(h("B13.35"), MapsUsed::B));
    let one = data::scenario(ScenarioId::SandersField);
    let r = &one.union.reinforcements[0];
    assert_eq!(r.turn.to_string(), "5 May 2:00pm");
    assert!(map.entry(r.entry[0]).hexes[0].same_hex(h("B13.35"), map.offsets()));
}

/// Every unit id a scenario side names, anywhere.
fn named_units(s: &Scenario, side: Side) -> BTreeSet<UnitId> {
    let setup = s.side(side);
    let mut out = setup.all_units();
    out.extend(setup.casualties.keys().cloned());
    out.extend(setup.gun_points.keys().cloned());
    out.extend(setup.ocr.iter().cloned());
    out.extend(setup.leaders_lost.iter().cloned());
    out.extend(setup.acting_commanders.iter().map(|a| a.leader.clone()));
    for p in &setup.placements {
        match &p.location {
            SetupLocation::WithinOfUnit { unit, .. } => {
                out.insert(unit.clone());
            }
            SetupLocation::WithUnitOf { except, .. }
            | SetupLocation::WithOrAdjacentToUnitOf { except, .. } => {
                out.extend(except.iter().cloned());
            }
            _ => {}
        }
    }
    out
}

#[test]
fn every_unit_named_in_every_scenario_exists_in_the_order_of_battle() {
    let oob = data::order_of_battle();
    let mut n = 0;
    for s in all() {
        for side in Side::BOTH {
            let order = oob.side(side);
            for id in named_units(s, side) {
                assert!(
                    order.unit(&id).is_some(),
                    "{} {side}: unknown unit {id}",
                    s.id
                );
                n += 1;
            }
            let setup = s.side(side);
            for a in &setup.attachments {
                let known = order.unit(&u(&a.unit)).is_some()
                    || order.formation(&FormationId::new(&a.unit)).is_some();
                assert!(known, "{} {side}: unknown {}", s.id, a.unit);
                assert!(
                    order.formation(&a.to).is_some(),
                    "{} {side}: unknown {}",
                    s.id,
                    a.to
                );
            }
            for o in &setup.orders {
                let known = order.formation(&FormationId::new(&o.receiver)).is_some()
                    || order.unit(&u(&o.receiver)).is_some();
                assert!(known, "{} {side}: order to unknown {}", s.id, o.receiver);
            }
            for p in &setup.placements {
                if let SetupLocation::WithUnitOf { formation, .. }
                | SetupLocation::WithOrAdjacentToUnitOf { formation, .. } = &p.location
                {
                    assert!(
                        order.formation(formation).is_some(),
                        "{} {side}: unknown {formation}",
                        s.id
                    );
                }
            }
        }
    }
    assert!(n > 400, "{n}");
}

#[test]
fn scenario_5_names_the_whole_order_of_battle() {
    let s = data::scenario(ScenarioId::BattleOfTheWilderness);
    let oob = data::order_of_battle();
    for side in Side::BOTH {
        let named = s.side(side).all_units();
        let order = oob.side(side);
        let mut every: Vec<UnitId> = order.brigades().iter().map(|b| b.id.clone()).collect();
        every.extend(
            order
                .leaders()
                .iter()
                .map(|l| l.id.clone())
                .filter(|id| id.as_str() != "Replacement"),
        );
        every.extend(order.batteries().iter().map(|b| b.id.clone()));
        every.extend(order.hqs().iter().map(|x| x.id.clone()));
        every.extend(order.specials().iter().map(|x| x.id.clone()));
        for w in order.wagons() {
            if w.id.as_str() != "Supply train" {
                every.push(w.id.clone());
            }
        }
        for id in every {
            assert!(
                named.contains(&id),
                "{side}: {id} never appears in Scenario 5"
            );
        }
    }
}

#[test]
fn scenarios_1_to_3_set_up_their_units_as_in_scenario_4() {
    let four = data::scenario(ScenarioId::BattlesOfMay5th);
    for id in [
        ScenarioId::SandersField,
        ScenarioId::WarrenAndSedgwickVsEwell,
        ScenarioId::PlankRoad,
    ] {
        let s = data::scenario(id);
        for side in Side::BOTH {
            let setup = s.side(side);
            assert_eq!(setup.setup_from, Some(ScenarioId::BattlesOfMay5th));
            for p in &setup.placements {
                for unit in &p.units {
                    let src = four
                        .side(side)
                        .placements
                        .iter()
                        .find(|q| q.units.contains(unit))
                        .unwrap_or_else(|| panic!("{id}: {unit} not in Scenario 4"));
                    assert_eq!(src.location, p.location, "{id}: {unit}");
                }
            }
        }
    }
    let one = data::scenario(ScenarioId::SandersField);
    assert_eq!(one.union.placed_units().len(), 20);
    assert!(
        !one.confederate.placed_units().contains(&u("1 NC Cav")),
        "the 1st NC Cav is not in Scenario 1"
    );
    let two = data::scenario(ScenarioId::WarrenAndSedgwickVsEwell);
    assert!(two.confederate.placed_units().contains(&u("1 NC Cav")));
    assert!(
        !two.union.placed_units().contains(&u("4/1/6")),
        "1/6 less 4/1/6"
    );
    assert!(
        two.union
            .attachments
            .iter()
            .any(|a| a.unit == "3/2/6" && a.to.as_str() == "1/6")
    );
    let five = data::scenario(ScenarioId::BattleOfTheWilderness);
    assert_eq!(five.union.placements, four.union.placements);
    assert_eq!(five.confederate.placements, four.confederate.placements);
}

/// Count printed battery labels ("2x 2b(5), 1x 3b(4)", "Db(2)") in a set-up line.
fn printed_labels(book: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for token in book.split([',', ':']).map(str::trim) {
        let (n, rest) = match token.split_once("x ") {
            Some((n, rest)) if n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty() => {
                (n.parse().expect("count"), rest)
            }
            _ => (1, token),
        };
        let label: String = rest.split_whitespace().next().unwrap_or("").to_string();
        let is_label = label.contains("b(") && label.ends_with(')');
        if is_label {
            *out.entry(label).or_insert(0) += n;
        }
    }
    out
}

#[test]
fn rules_6_0e_6_0f_battery_labels_and_gun_points_match_the_printed_lines() {
    let oob = data::order_of_battle();
    let mut lines = 0;
    for s in all() {
        for side in Side::BOTH {
            let setup = s.side(side);
            let order = oob.side(side);
            let mut groups: Vec<(&str, &Vec<UnitId>)> = setup
                .placements
                .iter()
                .map(|p| (p.book.as_str(), &p.units))
                .collect();
            groups.extend(
                setup
                    .reinforcements
                    .iter()
                    .map(|r| (r.book.as_str(), &r.units)),
            );
            for (book, units) in groups {
                let printed = printed_labels(book);
                if printed.is_empty() {
                    continue;
                }
                let mut listed = BTreeMap::new();
                for id in units {
                    if let Some(b) = order.battery(id) {
                        *listed.entry(b.label.clone()).or_insert(0) += 1;
                    }
                }
                assert_eq!(printed, listed, "{} {side}: {book}", s.id);
                lines += 1;
            }
        }
    }
    assert!(lines >= 20, "{lines}");
    // "3x 5b(5) (less 4 gun points)": 15 - 4 = 11
    let four = data::scenario(ScenarioId::BattlesOfMay5th);
    assert_eq!(
        four.union
            .gun_points
            .values()
            .map(|&g| u32::from(g))
            .sum::<u32>(),
        11
    );
}

#[test]
fn pre_game_casualties_in_brackets_leave_every_brigade_standing() {
    let oob = data::order_of_battle();
    for s in all() {
        for side in Side::BOTH {
            for (id, &c) in &s.side(side).casualties {
                let b = oob
                    .side(side)
                    .brigade(id)
                    .unwrap_or_else(|| panic!("{id} is not a brigade"));
                assert!(c > 0 && c < b.steps, "{} {id}: [{c}] of {}", s.id, b.steps);
                let printed = format!("{id} [{c}]");
                let on_line = s
                    .side(side)
                    .placements
                    .iter()
                    .any(|p| p.book.contains(&printed));
                assert!(on_line, "{} {side}: {printed} is not printed", s.id);
            }
        }
    }
    assert_eq!(
        data::scenario(ScenarioId::SecondDay).union.casualties[&u("2/2/6")],
        8
    );
    assert_eq!(
        data::scenario(ScenarioId::WastedDay).union.casualties[&u("2/3/2")],
        14
    );
    assert_eq!(
        data::scenario(ScenarioId::SecondDay)
            .confederate
            .casualties
            .len(),
        17
    );
    assert!(data::scenario(ScenarioId::WastedDay).counts_pre_game_losses);
    assert!(!data::scenario(ScenarioId::SecondDay).counts_pre_game_losses);
}

#[test]
fn rule_6_0a_ocr_units_are_the_ones_printed_ocr() {
    for s in all() {
        for side in Side::BOTH {
            let setup = s.side(side);
            let printed: BTreeSet<UnitId> = setup
                .placements
                .iter()
                .filter(|p| p.book.contains("(OCR)"))
                .map(|p| p.units.last().expect("unit").clone())
                .collect();
            let ocr: BTreeSet<UnitId> = setup.ocr.iter().cloned().collect();
            assert_eq!(printed, ocr, "{} {side}", s.id);
        }
    }
    assert_eq!(
        data::scenario(ScenarioId::WastedDay).confederate.ocr.len(),
        8
    );
}

#[test]
fn scenario_7_prn_a_3_misprint_a20_25_is_set_up_at_b20_25() {
    let seven = data::scenario(ScenarioId::WastedDay);
    let p = seven
        .confederate
        .placements
        .iter()
        .find(|p| p.units.contains(&u("Prn/A/3")))
        .expect("Prn/A/3");
    assert_eq!(p.printed_hex, Some(h("A20.25")));
    assert_eq!(p.location, SetupLocation::At(h("B20.25")));
    assert!(
        data::map().distance(h("B20.25"), h("B21.24")) <= Some(2),
        "next to Anderson"
    );
}

#[test]
fn rule_5_3_initial_possession_matches_the_set_up() {
    let victory = &data::charts().victory;
    let oob = data::order_of_battle();
    for s in all() {
        if s.victory != VictoryRules::Standard {
            assert!(s.possession.is_empty(), "{}", s.id);
            continue;
        }
        assert_eq!(s.possession.len(), victory.location.len(), "{}", s.id);
        for (label, holder) in &s.possession {
            let loc = victory
                .location(label)
                .unwrap_or_else(|| panic!("{}: {label} is not a 5.3 location", s.id));
            for side in Side::BOTH {
                for p in &s.side(side).placements {
                    let SetupLocation::At(x) = p.location else {
                        continue;
                    };
                    let combat = p
                        .units
                        .iter()
                        .any(|id| oob.unit(side, id).is_some_and(|unit| unit.is_combat()));
                    if combat && p.variant.is_none() && loc.hexes.contains(&x) {
                        assert_eq!(
                            *holder, side,
                            "{}: {label} is occupied by {side} at set-up",
                            s.id
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn rule_6_0b_pre_set_orders() {
    let four = data::scenario(ScenarioId::BattlesOfMay5th);
    let second_corps: Vec<_> = four
        .union
        .orders
        .iter()
        .filter(|o| o.receiver == "2")
        .collect();
    assert_eq!(second_corps.len(), 2);
    assert!(
        second_corps
            .iter()
            .any(|o| o.status == OrderStatus::Accepted)
    );
    assert!(
        second_corps
            .iter()
            .any(|o| o.status == OrderStatus::D2 && o.text.contains("B8.20"))
    );
    let goal = four
        .union
        .orders
        .iter()
        .find(|o| o.receiver == "3/6")
        .expect("3/6 goal");
    assert_eq!(goal.kind, OrderKind::DivisionalGoal);
    assert_eq!(
        goal.not_before.map(|t| t.to_string()),
        Some("5 May 1:30pm".into())
    );
    let six = data::scenario(ScenarioId::SecondDay);
    for corps in ["5", "6"] {
        let o = six
            .union
            .orders
            .iter()
            .find(|o| o.receiver == corps)
            .expect("order");
        assert_eq!(o.status, OrderStatus::D1);
    }
    let seven = data::scenario(ScenarioId::WastedDay);
    assert_eq!(seven.union.orders.len(), 4, "all corps defend in place");
    for s in all() {
        assert!(s.confederate.own_orders_at_start, "{}: rule 6.0c", s.id);
        assert!(!s.union.own_orders_at_start, "{}", s.id);
    }
}

#[test]
fn rules_3_8_and_4_5_variants_by_scenario() {
    let v = data::variants();
    for s in &all()[..3] {
        assert!(
            s.variants.is_empty(),
            "{}: single-map scenarios have their own victory rules",
            s.id
        );
    }
    assert_eq!(
        data::scenario(ScenarioId::BattleOfTheWilderness).variants,
        VariantId::ALL.to_vec()
    );
    assert_eq!(
        data::scenario(ScenarioId::SecondDay).variants,
        VariantId::ALL.to_vec()
    );
    for s in all() {
        for side in Side::BOTH {
            let setup = s.side(side);
            for p in setup.placements.iter().filter_map(|p| p.variant) {
                assert!(
                    s.variants.contains(&p),
                    "{}: {p} placement without the variant",
                    s.id
                );
                assert_eq!(v.variant(p).side, side);
            }
            for r in &setup.reinforcements {
                for x in r.variant.iter().chain(&r.unless_variant) {
                    assert!(s.variants.contains(x), "{}: {x}", s.id);
                }
            }
        }
    }
    assert!(
        !v.variant(VariantId::BurnsideElsewhere).secret,
        "3.8b is announced before the game"
    );
    for id in [
        VariantId::FerreroJoins,
        VariantId::PickettJoins,
        VariantId::LongstreetFurtherEast,
        VariantId::AndersonWithHill,
    ] {
        assert!(v.variant(id).secret, "{id}");
    }
    let points: Vec<(Side, u8)> = VariantId::ALL
        .iter()
        .map(|&id| (v.variant(id).points_to, v.variant(id).points))
        .collect();
    assert_eq!(
        points,
        vec![
            (Side::Confederate, 2),
            (Side::Union, 5),
            (Side::Union, 1),
            (Side::Union, 4),
            (Side::Union, 2)
        ]
    );
    // 4.5c: A/3 sets up instead of arriving
    let five = data::scenario(ScenarioId::BattleOfTheWilderness);
    let a3 = five
        .confederate
        .reinforcements
        .iter()
        .find(|r| r.units.contains(&u("Anderson")))
        .expect("A/3");
    assert!(a3.in_play(&[]) && !a3.in_play(&[VariantId::AndersonWithHill]));
    let ferrero = five
        .union
        .reinforcements
        .iter()
        .find(|r| r.units.contains(&u("Ferrero")))
        .expect("4/9");
    assert!(
        ferrero.any_later_turn
            && !ferrero.in_play(&[])
            && ferrero.in_play(&[VariantId::FerreroJoins])
    );
    assert_eq!(
        ferrero.turn.to_string(),
        "6 May 6:30am",
        "after 6:00am, exclusive"
    );
}

#[test]
fn optional_rules_1_2b_1_2i_3_3_3_6_army_status_3a_and_scenario_6_play_on() {
    use bloody_roads_south::data::variant::OptionId;
    let rules: Vec<(OptionId, &str)> = data::variants()
        .options()
        .iter()
        .map(|o| (o.id, o.rule.as_str()))
        .collect();
    assert_eq!(
        rules,
        vec![
            (OptionId::UnionRallyNeedsLeader, "1.2b"),
            (OptionId::WildernessFirePenalty, "1.2i"),
            (OptionId::BurnsideAlwaysNegative, "3.3"),
            (OptionId::ArmyOfThePotomacReserve, "3.6"),
            (OptionId::ArmyStatus, "3A"),
            (OptionId::PlayOnInto7May, "7.0 (Scenario 6)"),
        ]
    );
}

#[test]
fn rule_4_3b_variable_entry_groups() {
    let v = data::variants();
    let map = data::map();
    let group = |id: &str| v.entry_groups().iter().find(|g| g.id.0 == id).expect(id);
    let first = group("first-corps");
    assert_eq!(first.delay_at(h("A1.10")), 3);
    assert_eq!(first.delay_at(h("A1.01")), 3);
    assert_eq!(first.delay_at(h("B1.20")), 0);
    assert!(!first.allowed_hexes(&[]).contains(&h("B39.01")));
    assert!(
        first
            .allowed_hexes(&[VariantId::LongstreetFurtherEast])
            .contains(&h("B29.01"))
    );
    assert_eq!(first.delay_at(h("B29.01")), 2, "4.5b: two turns later");
    assert_eq!(first.deadline.to_string(), "5 May 11:00pm");
    for id in ["anderson", "johnston", "ramseur"] {
        assert_eq!(
            group(id).hexes,
            vec![h("A1.30"), h("A1.22"), h("A1.10"), h("A1.01"), h("B1.21")]
        );
    }
    assert_eq!(group("pickett").delay_after_group, Some(2));
    for g in v.entry_groups() {
        for x in g.allowed_hexes(&VariantId::ALL) {
            assert!(map.is_edge(x, MapsUsed::Both), "{}: {x}", g.id);
        }
    }
}

#[test]
fn scenarios_1_to_3_victory_conditions() {
    for id in [
        ScenarioId::SandersField,
        ScenarioId::WarrenAndSedgwickVsEwell,
    ] {
        let VictoryRules::Points(awards) = &data::scenario(id).victory else {
            panic!("{id}")
        };
        let pts: Vec<u8> = awards.iter().map(|a| a.points).collect();
        assert_eq!(pts, vec![2, 3, 1, 2, 1, 2, 2], "{id}");
        assert_eq!(awards[5].hexes, vec![h("A12.10")]);
    }
    let VictoryRules::Points(three) = &data::scenario(ScenarioId::PlankRoad).victory else {
        panic!("3")
    };
    let occupy = three
        .iter()
        .find(|a| a.hexes.len() == 4)
        .expect("four places");
    assert_eq!(
        occupy.hexes,
        vec![h("B12.28"), h("B32.26"), h("B21.25"), h("B2.21")]
    );
    for s in &all()[3..] {
        assert_eq!(s.victory, VictoryRules::Standard, "{}", s.id);
        assert!(s.uses_army_status());
    }
}

#[test]
fn rule_1_3f_railroad_known_only_in_scenario_7() {
    for s in all() {
        assert_eq!(s.railroad_known, s.id == ScenarioId::WastedDay, "{}", s.id);
    }
    let rr = &data::charts().special_rules.railroad_discovery;
    assert_eq!(rr.known_in_scenarios, vec![ScenarioId::WastedDay]);
}

#[test]
fn rule_4_1d_lee_commands_first_corps_in_scenario_7() {
    let seven = data::scenario(ScenarioId::WastedDay);
    assert_eq!(seven.confederate.acting_commanders.len(), 1);
    assert_eq!(seven.confederate.acting_commanders[0].leader, u("Lee"));
    assert_eq!(seven.confederate.leaders_lost, vec![u("Longstreet")]);
    assert_eq!(seven.union.leaders_lost, vec![u("Wadsworth")]);
    assert!(seven.union.placed_units().contains(&u("Replacement")));
    assert!(!seven.confederate.all_units().contains(&u("Longstreet")));
    let oob = data::order_of_battle();
    assert!(matches!(
        oob.unit(Side::Union, &u("Replacement")),
        Some(Unit::Leader(_))
    ));
}
