//! The counters: sides, formations, chains of command (2.13), ships (4.1), militia (4.4) and the
//! constraints the printed set-ups put on the reconstructed strengths.

use mississippi_fortress::data::scenarios::ScenarioId;
use mississippi_fortress::data::units::{Formation, Hull, LeaderRole};
use mississippi_fortress::data::{Constants, OptionId, Scenarios, Side, UnitKind, Units};

fn units() -> &'static Units {
    Units::get()
}

fn chain(id: &str) -> Vec<&'static str> {
    units()
        .successors(id)
        .iter()
        .map(|u| u.id.as_str())
        .collect()
}

#[test]
fn rule_2_13a_union_chain_of_command() {
    assert_eq!(
        chain("grant"),
        ["mcclernand-commander", "union-replacement-commander"]
    );
    assert_eq!(chain("mcclernand"), ["ord", "union-replacement-officer"]);
    assert_eq!(chain("mcpherson"), ["logan", "union-replacement-officer"]);
    assert_eq!(chain("parke"), ["welsh", "union-replacement-officer"]);
    assert_eq!(chain("sherman"), ["steele", "union-replacement-officer"]);
    let mc = units()
        .unit("mcclernand-commander")
        .unwrap()
        .leader
        .as_ref()
        .unwrap();
    assert_eq!(
        mc.role,
        LeaderRole::Commander,
        "functions only as a Commander"
    );
    assert!(mc.ratings.is_none());
}

#[test]
fn rule_2_13b_confederate_chain_of_command() {
    assert_eq!(
        chain("johnston"),
        ["breckinridge", "confederate-replacement-commander-officer"]
    );
    assert_eq!(
        chain("pemberton"),
        ["stevenson", "confederate-replacement-commander-officer"]
    );
    for id in ["johnston", "pemberton", "breckinridge", "stevenson"] {
        let l = units().unit(id).unwrap().leader.as_ref().unwrap();
        assert_eq!(l.role, LeaderRole::CommanderOfficer, "{id}");
    }
}

#[test]
fn rule_7_1_longstreet_is_replaced_by_hood_then_a_0_0_officer() {
    assert_eq!(
        chain("longstreet"),
        ["hood", "confederate-replacement-officer"]
    );
    let zero = units()
        .unit("confederate-replacement-officer")
        .unwrap()
        .ratings()
        .unwrap();
    assert_eq!((zero.offensive, zero.defensive), (0, 0));
}

#[test]
fn rule_7_3_sherman_has_no_replacement() {
    assert!(chain("sherman-1862").is_empty());
    assert_eq!(chain("stevenson-1862"), ["confederate-replacement-officer"]);
}

#[test]
fn rule_2_11_commanders_have_ratings_and_confederate_ones_an_identifier() {
    for id in ["grant", "pemberton", "johnston"] {
        assert!(units().unit(id).unwrap().ratings().is_some(), "{id}");
    }
    assert_eq!(
        units().unit("pemberton").unwrap().formation,
        Some(Formation::P)
    );
    assert_eq!(
        units().unit("johnston").unwrap().formation,
        Some(Formation::J)
    );
}

#[test]
fn rule_2_21a_sherman_leads_the_xv_and_xvi_corps() {
    let l = units().unit("sherman").unwrap().leader.as_ref().unwrap();
    assert_eq!(l.commands, vec![Formation::Xv, Formation::Xvi]);
}

#[test]
fn rule_2_21_union_infantry_divisions_carry_a_corps_numeral() {
    let corps = [
        Formation::Ix,
        Formation::Xiii,
        Formation::Xv,
        Formation::Xvi,
        Formation::Xvii,
    ];
    for u in units().of_side(Side::Union) {
        if u.kind == UnitKind::InfantryDivision {
            assert!(u.formation.is_some_and(|f| corps.contains(&f)), "{}", u.id);
        }
    }
}

#[test]
fn rule_2_22_confederate_infantry_carry_j_or_p() {
    for u in units().of_side(Side::Confederate) {
        let infantry = matches!(
            u.kind,
            UnitKind::InfantryDivision | UnitKind::InfantryBrigade
        );
        if infantry && u.scenario.is_none() && u.option.is_none() {
            assert!(
                matches!(u.formation, Some(Formation::J | Formation::P)),
                "{}",
                u.id
            );
        }
    }
    assert_eq!(
        units().unit("gregg-bde").unwrap().formation,
        Some(Formation::J),
        "6.2 example"
    );
    assert_eq!(
        units().unit("vaughan-bde").unwrap().formation,
        Some(Formation::P)
    );
}

#[test]
fn rule_4_4_vicksburg_garrison_and_provisional_division_are_militia() {
    assert_eq!(
        units().unit("vicksburg-garrison").unwrap().kind,
        UnitKind::Militia
    );
    assert_eq!(
        units().unit("provisional-div").unwrap().kind,
        UnitKind::Militia
    );
    assert_eq!(
        units().unit("jackson-cav-div").unwrap().kind,
        UnitKind::Cavalry
    );
}

#[test]
fn rule_4_1_gunboats_are_armored_except_the_timberclad_and_transports_are_wooden() {
    let union_gunboats: Vec<_> = units()
        .of_side(Side::Union)
        .filter(|u| u.kind == UnitKind::Gunboat && !u.naval.unwrap().farragut)
        .collect();
    assert_eq!(union_gunboats.len(), 12, "the twelve gunboats of 6.3");
    let wooden: Vec<&str> = union_gunboats
        .iter()
        .filter(|u| u.naval.unwrap().hull == Hull::Wooden)
        .map(|u| u.id.as_str())
        .collect();
    assert_eq!(wooden, ["tyler"], "decision U3");
    let transports: Vec<_> = units()
        .all()
        .iter()
        .filter(|u| u.kind == UnitKind::Transport)
        .collect();
    assert_eq!(transports.len(), 10, "nine Union steamers and the Steamer*");
    assert!(
        transports
            .iter()
            .all(|u| u.naval.unwrap().hull == Hull::Wooden)
    );
}

#[test]
fn rule_7_22_farraguts_four_ships_are_wooden() {
    let f: Vec<_> = units()
        .all()
        .iter()
        .filter(|u| u.naval.is_some_and(|n| n.farragut))
        .collect();
    assert_eq!(f.len(), 4);
    assert!(f.iter().all(
        |u| u.naval.unwrap().hull == Hull::Wooden && u.option == Some(OptionId::FarragutsFleet)
    ));
}

#[test]
fn rule_7_21a_confederate_navy() {
    let hull = |id| units().unit(id).unwrap().naval.unwrap().hull;
    assert_eq!(hull("arkansas"), Hull::Armored);
    assert_eq!(hull("confederate-gunboat"), Hull::Wooden);
    assert_eq!(
        units().unit("confederate-steamer").unwrap().kind,
        UnitKind::Transport
    );
}

#[test]
fn rule_4_12c_some_units_need_two_steamers() {
    let big = units()
        .all()
        .iter()
        .filter(|u| u.strength.is_some_and(|s| s >= 7))
        .count();
    assert!(big >= 3);
}

#[test]
fn combat_units_have_strength_and_nothing_else_does() {
    for u in units().all() {
        assert_eq!(u.strength.is_some(), u.is_combat_unit(), "{}", u.id);
        assert_eq!(u.leader.is_some(), u.kind == UnitKind::Leader, "{}", u.id);
        assert_eq!(u.naval.is_some(), u.kind.is_naval(), "{}", u.id);
    }
}

#[test]
fn starred_counters_belong_to_an_option_or_scenario_7_3() {
    for u in units().all().iter().filter(|u| u.starred) {
        assert!(
            u.option.is_some() || u.scenario == Some(ScenarioId::ShermansAssault),
            "{}",
            u.id
        );
    }
}

#[test]
fn s4_6a_ten_dummies_a_side() {
    let d = units().dummies();
    assert_eq!((d.union, d.confederate), (10, 10));
}

#[test]
fn rule_6_1_reduced_strengths_leave_no_division_ineffective() {
    let s = Scenarios::get().scenario(ScenarioId::ChampionHill);
    for (id, &present) in &s.reduced {
        let u = units().unit(id.as_str()).unwrap();
        let full = u.strength.unwrap();
        assert!(present < full, "{id}");
        if u.kind == UnitKind::InfantryDivision {
            assert!(
                !Constants::get().is_ineffective(present, full),
                "{id} starts effective"
            );
        }
    }
}

#[test]
fn rule_6_1_starting_vps_equal_the_vps_the_printed_losses_would_earn() {
    let s = Scenarios::get().scenario(ScenarioId::ChampionHill);
    let lost = |side: Side| -> u16 {
        s.reduced
            .iter()
            .filter(|(id, _)| units().unit(id.as_str()).unwrap().side == side)
            .map(|(id, &p)| u16::from(units().unit(id.as_str()).unwrap().strength.unwrap() - p))
            .sum()
    };
    assert_eq!(
        s.starting_vp.union,
        2 * lost(Side::Confederate),
        "2 VPs per Confederate SP"
    );
    assert_eq!(
        s.starting_vp.confederate,
        3 * lost(Side::Union),
        "3 VPs per Union SP"
    );
}

#[test]
fn display_names_carry_the_union_corps() {
    assert_eq!(
        units().unit("xv-1-div").unwrap().display_name(),
        "1st Division (XV)"
    );
    assert_eq!(
        units().unit("loring-div").unwrap().display_name(),
        "Loring's Division"
    );
}

#[test]
fn units_loader_rejects_inconsistent_counters() {
    let ok = include_str!("../../data/units.toml");
    let no_strength = ok.replacen("strength = 6\n", "", 1);
    assert!(
        Units::parse(&no_strength).is_err(),
        "a division without strength"
    );
    let bad_successor = ok.replacen("successor = \"ord\"", "successor = \"nobody\"", 1);
    assert!(Units::parse(&bad_successor).is_err());
    let duplicate = format!(
        "{ok}\n[[unit]]\nid = \"grant\"\nname = \"x\"\nside = \"union\"\nkind = \"cavalry\"\nstrength = 1\n"
    );
    assert!(Units::parse(&duplicate).is_err());
}

#[test]
fn constants_printed_values_and_ineffective_threshold() {
    let c = Constants::get();
    assert_eq!(c.naval.transport_capacity_sp, 6, "4.12c");
    assert_eq!(c.naval.upstream_arrows_per_phase, 2, "4.11");
    assert_eq!(c.naval.max_ships_per_arrow, 2, "4.11a");
    assert_eq!(
        (
            c.naval.battery_fire_downstream,
            c.naval.battery_fire_upstream
        ),
        (1, 2),
        "4.23a"
    );
    assert_eq!(c.naval.grand_gulf_silencing_turns, 5, "4.23e");
    assert_eq!(c.reinforcements.land_window_turns, 2, "4.15a");
    assert_eq!(
        (c.siege.supplies_start, c.siege.supplies_max),
        (10, 10),
        "5.42"
    );
    assert_eq!(c.loc.infantry_to_commander_officer, 1, "2.11c");
    assert_eq!(c.battle_board.max_divisions_per_identifier, 4, "2.22a");
    let bowen = c.leaders.bowen_inherent_officer;
    assert_eq!((bowen.offensive, bowen.defensive), (2, 2), "4.31");
    assert!(c.is_ineffective(3, 6) && !c.is_ineffective(4, 6) && c.is_ineffective(4, 9));
    assert_eq!(c.movement_allowance(UnitKind::Cavalry), Some(3));
    assert_eq!(c.movement_allowance(UnitKind::Gunboat), None);
    assert!(Constants::parse("[movement]\ninfantry = 2\n").is_err());
}
