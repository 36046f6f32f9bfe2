//! The order of battle against the rulebook: ratings on the personality sheets, initiative
//! restrictions (3.1e-g, 4.1a-c), Hancock (3.2), 4/9 (3.3c), the attachable brigades
//! (3.3b, 3.4, 3.5), and the loss-chart conventions (series 20.7).

use bloody_roads_south::data::brigade::Attachable;
use bloody_roads_south::data::fire_level::FireLevel;
use bloody_roads_south::data::formation::Formation;
use bloody_roads_south::data::leader::{InitiativeRight, LeaderMovement, RatingSource};
use bloody_roads_south::data::morale::MoraleRating;
use bloody_roads_south::data::{self, FormationId, Side, Unit, UnitId, VariantId};

fn u(s: &str) -> UnitId {
    UnitId::new(s)
}

#[test]
fn personality_sheets_ratings_as_printed() {
    let oob = data::order_of_battle();
    for (side, id, rating) in [
        (Side::Union, "Grant", 4),
        (Side::Union, "Meade", 3),
        (Side::Union, "Burnside", 0),
        (Side::Confederate, "Lee", 4),
    ] {
        let l = oob.side(side).leader(&u(id)).expect(id);
        assert_eq!(l.rating, rating, "{id}");
        assert_eq!(
            l.initiative_points(),
            rating as i8,
            "{id}: no anti-initiative"
        );
        assert_eq!(l.morale_shift(), rating as i8 - 1, "series 25.3a");
        assert_eq!(l.rating_source, RatingSource::Book);
        assert_eq!(
            l.initiative,
            if id == "Burnside" {
                InitiativeRight::ReleaseOnly
            } else {
                InitiativeRight::None
            }
        );
    }
}

#[test]
fn rules_3_1e_and_4_1a_no_anti_initiatives() {
    for side in Side::BOTH {
        for l in data::order_of_battle().side(side).leaders() {
            assert_eq!(l.anti_initiative, 0, "{}", l.id);
            assert!(l.rating <= 4);
        }
    }
}

#[test]
fn rules_3_1f_and_3_1g_union_initiative_restrictions() {
    let us = data::order_of_battle().side(Side::Union);
    let right = |id: &str| us.leader(&u(id)).expect(id).initiative;
    assert_eq!(right("Hancock"), InitiativeRight::Any);
    assert_eq!(right("Warren"), InitiativeRight::SimpleOnly);
    assert_eq!(right("Sedgwick"), InitiativeRight::SimpleOnly);
    assert_eq!(right("Burnside"), InitiativeRight::ReleaseOnly);
    let allowed = [
        "Gibbon",
        "Barlow",
        "Griffin",
        "Wadsworth",
        "Wright",
        "Getty",
    ];
    for d in us.divisions() {
        let expected = if allowed.contains(&d.leader.as_str()) {
            InitiativeRight::Any
        } else {
            InitiativeRight::None
        };
        assert_eq!(right(d.leader.as_str()), expected, "{}", d.leader);
    }
    assert_eq!(right("Replacement"), InitiativeRight::None);
}

#[test]
fn rules_4_1b_and_4_1c_confederate_initiative() {
    let cs = data::order_of_battle().side(Side::Confederate);
    for c in cs.corps() {
        assert_eq!(
            cs.leader(&c.commander).expect("leader").initiative,
            InitiativeRight::Any,
            "{}",
            c.commander
        );
    }
    for d in cs.divisions() {
        let expected = if d.leader.as_str() == "Field" {
            InitiativeRight::None
        } else {
            InitiativeRight::Any
        };
        assert_eq!(
            cs.leader(&d.leader).expect("leader").initiative,
            expected,
            "{}",
            d.leader
        );
    }
}

#[test]
fn rule_3_2_hancock_moves_as_limbered_artillery() {
    let us = data::order_of_battle().side(Side::Union);
    assert_eq!(
        us.leader(&u("Hancock")).expect("Hancock").moves_as,
        LeaderMovement::LimberedArtillery
    );
    let others = us
        .leaders()
        .iter()
        .filter(|l| l.moves_as == LeaderMovement::LimberedArtillery)
        .count();
    assert_eq!(others, 1);
}

#[test]
fn rule_3_3c_fourth_division_ninth_corps_is_e_with_a_stragglers_and_wreck() {
    let us = data::order_of_battle().side(Side::Union);
    let div = us.division(&FormationId::new("4/9")).expect("4/9");
    assert_eq!(div.variant, Some(VariantId::FerreroJoins));
    for b in &div.brigades {
        let br = us.brigade(b).expect("brigade");
        assert_eq!(br.morale, MoraleRating::E);
        assert_eq!(br.straggler_morale(), MoraleRating::A);
        assert_eq!(br.wreck_morale(), MoraleRating::A);
        assert_eq!(br.variant, Some(VariantId::FerreroJoins));
    }
}

#[test]
fn rules_3_3b_3_4_3_5_attachable_brigades_never_count_for_a_division() {
    let us = data::order_of_battle().side(Side::Union);
    for (id, kind) in [
        ("Prov/9", Attachable::AnyNinthCorpsDivision),
        ("Kitching", Attachable::AnyAopDivision),
        ("Engineers", Attachable::AnyAopDivision),
    ] {
        let b = us.brigade(&u(id)).expect(id);
        assert_eq!(b.attachable, Some(kind));
        assert!(!b.counts_for_division_wreck());
        assert!(b.division.is_none());
    }
    let counting = us
        .brigades()
        .iter()
        .filter(|b| b.counts_for_division_wreck())
        .count();
    assert_eq!(
        counting,
        us.divisions()
            .iter()
            .map(|d| d.brigades.len())
            .sum::<usize>()
    );
}

#[test]
fn series_20_7_loss_charts_and_wreck_lines() {
    for side in Side::BOTH {
        let order = data::order_of_battle().side(side);
        for b in order.brigades() {
            assert_eq!(b.loss_chart.steps(), b.steps, "{}", b.id);
            // the band holding the first empty box is the fire level
            let first = b.loss_chart.bands()[0];
            assert_eq!(b.fire_level(0), Some(first.level));
            assert_eq!(b.fire_level(first.boxes - 1), Some(first.level));
            assert_eq!(
                b.fire_level(b.steps),
                None,
                "{} eliminated when every box is filled",
                b.id
            );
            assert_eq!(
                b.fire_level(b.steps - 1),
                Some(FireLevel::C),
                "{} ends in C",
                b.id
            );
            assert!(
                !b.is_wrecked(b.wreck_after - 1) && b.is_wrecked(b.wreck_after),
                "{}",
                b.id
            );
            assert!(b.wreck_after < b.steps);
        }
        for d in order.divisions() {
            assert_eq!(
                usize::from(d.wreck_threshold),
                d.brigades.len() / 2 + 1,
                "{}",
                d.id
            );
        }
    }
}

#[test]
fn loss_chart_reads_back_as_written() {
    let us = data::order_of_battle().side(Side::Union);
    let b = us.brigade(&u("1/1/2")).expect("1/1/2");
    assert_eq!(b.loss_chart.to_string(), "AA4 AB5 A5 B3 C3");
    assert_eq!(b.fire_level(3), Some(FireLevel::AA));
    assert_eq!(b.fire_level(4), Some(FireLevel::AB));
    assert_eq!(b.fire_level(13), Some(FireLevel::A));
    assert_eq!(b.fire_level(14), Some(FireLevel::B));
    assert_eq!(b.fire_level(17), Some(FireLevel::C));
    assert!(
        "AB3 AA2"
            .parse::<bloody_roads_south::data::fire_level::LossChart>()
            .is_err()
    );
}

#[test]
fn organisation_counts() {
    let oob = data::order_of_battle();
    let us = oob.side(Side::Union);
    let cs = oob.side(Side::Confederate);
    assert_eq!(us.brigades().len() + cs.brigades().len(), 81);
    assert_eq!(us.corps().len(), 4);
    assert_eq!(cs.corps().len(), 3);
    assert_eq!(us.divisions().len(), 15);
    assert_eq!(cs.divisions().len(), 9);
    // rule 3.0: the 9th Corps is not part of the Army of the Potomac
    let apot = match us.formation(&FormationId::new("A Pot")) {
        Some(Formation::Army(a)) => a,
        other => panic!("A Pot is {other:?}"),
    };
    assert!(!apot.subordinate.contains(&FormationId::new("9")));
    assert!(
        us.members(&FormationId::new("A Pot"))
            .contains(&u("Kitching"))
    );
    assert!(
        !us.members(&FormationId::new("A Pot"))
            .contains(&u("Prov/9"))
    );
    assert!(us.members(&FormationId::new("9")).contains(&u("Prov/9")));
    // both sides have a "2 Corps HQ": ids are per side
    assert!(
        matches!(oob.unit(Side::Union, &u("2 Corps HQ")), Some(Unit::Hq(h)) if h.leader.as_str() == "Hancock")
    );
    assert!(
        matches!(oob.unit(Side::Confederate, &u("2 Corps HQ")), Some(Unit::Hq(h)) if h.leader.as_str() == "Ewell")
    );
}

#[test]
fn series_25_4_corps_succession_is_by_division_commanders_of_the_corps() {
    for side in Side::BOTH {
        let order = data::order_of_battle().side(side);
        for c in order.corps() {
            let leaders: Vec<&UnitId> = c
                .divisions
                .iter()
                .map(|d| &order.division(d).expect("division").leader)
                .collect();
            assert_eq!(c.succession.len(), leaders.len(), "corps {}", c.id);
            for s in &c.succession {
                assert!(
                    leaders.contains(&s),
                    "corps {}: {s} is not one of its division commanders",
                    c.id
                );
            }
        }
    }
}

#[test]
fn battery_labels_give_their_gun_points() {
    for side in Side::BOTH {
        for b in data::order_of_battle().side(side).batteries() {
            let inside = b
                .label
                .split_once('(')
                .and_then(|(_, r)| r.strip_suffix(')'))
                .expect("label");
            assert_eq!(
                inside.parse::<u8>().expect("number"),
                b.gun_points,
                "{}",
                b.id
            );
            assert!(b.gun_points <= data::charts().limits.artillery.max_gun_points_per_unit);
        }
    }
}
