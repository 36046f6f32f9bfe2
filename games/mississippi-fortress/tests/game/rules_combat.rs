//! Combat (S8, S9, 2.12, 2.13, 2.22a, 4.31, 5.11, 5.12, S9.92).

use adjutant_engine::{Dice, Rules, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::{Action, Dest, Position};
use mississippi_fortress::combat::BattleStage;
use mississippi_fortress::combat::resolution::{
    StrengthCase, cic_b_column, fire_roll, unit_strength,
};
use mississippi_fortress::data::Weather;
use mississippi_fortress::data::charts::{
    CombatOrder, CombatStrength, FcrtGroup, RatioColumn, StrengthBand,
};
use mississippi_fortress::data::map::Terrain;
use mississippi_fortress::decisions::Decision;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::{Kind, Place};

use crate::support::*;

/// A cleared board, Clear weather unless `rain`, at the Union Declaration Segment of Turn 13.
fn field(
    n: u64,
    rain: bool,
    place: impl FnOnce(&mut MississippiFortress),
) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = lab(n);
    clear(&mut game, false);
    if !rain {
        edit(&mut game, |s| s.weather(Weather::Clear));
    }
    place(&mut game);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Declaration(Side::Union)
    });
    (game, dice)
}

/// Declares a battle in `n` (and fights it first).
fn attack(game: &mut MississippiFortress, dice: &mut Dice, n: u8) {
    play(game, dice, Side::Union, Action::Declare { area: area(n) });
    if game.step() == Step::Declaration(Side::Union) {
        play(game, dice, Side::Union, Action::FinishDeclarations);
    }
    if game.battle().is_none() {
        play(game, dice, Side::Union, Action::FightIn { area: area(n) });
    }
    assert_eq!(game.battle().map(|b| b.area()), Some(area(n)));
}

fn stand(game: &mut MississippiFortress, dice: &mut Dice) {
    if game
        .battle()
        .is_some_and(|b| b.stage() == BattleStage::Retreats)
    {
        play(game, dice, Side::Confederate, Action::StandAndFight);
    }
}

fn deploy(
    game: &mut MississippiFortress,
    dice: &mut Dice,
    side: Side,
    positions: &[(&str, Position)],
) {
    while game
        .battle()
        .is_some_and(|b| b.stage() == BattleStage::Deploy)
    {
        let Some(k) = game.next_to_deploy(side) else {
            return;
        };
        let id = game.counters()[k].id().to_string();
        let position = positions
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, p)| *p)
            .unwrap_or_else(|| panic!("no position for {id}"));
        play(
            game,
            dice,
            side,
            Action::Deploy {
                counter: id,
                position,
            },
        );
    }
}

fn order(
    game: &mut MississippiFortress,
    dice: &mut Dice,
    side: Side,
    orders: &[(u8, Option<CombatOrder>)],
) {
    for &(line, order) in orders {
        if game.next_order_line(side) == Some(line) {
            play(game, dice, side, Action::Order { line, order });
        }
    }
}

fn go(game: &mut MississippiFortress, dice: &mut Dice, side: Side, n: u8) {
    play(
        game,
        dice,
        side,
        Action::Go {
            to: Dest::Area(area(n)),
        },
    );
}

const LP1: Position = Position::Lp1;
const LP2: Position = Position::Lp2;
const LP3: Position = Position::Lp3;
const RESERVE: Position = Position::Reserve;

#[test]
fn rule_s8_2a_artillery_alone_cannot_attack() {
    let (game, _) = field(80, true, |g| {
        put(g, "xiii-art", 21);
        put(g, "xiii-12-div", 25);
        put(g, "loring-div", 21);
        put(g, "bowen-div", 25);
    });
    assert_eq!(game.eligible_battles(Side::Union), [area(25)]);
}

#[test]
fn rule_s8_4_retreat_before_combat_is_not_toward_the_attackers_approach() {
    let (mut game, mut dice) = lab(81);
    clear(&mut game, false);
    put(&mut game, "xiii-12-div", 22);
    put(&mut game, "loring-div", 21);
    put(&mut game, "xv-1-div", 12);
    put_dummy(&mut game, Side::Confederate, 21);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(22) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Take {
            counter: "xiii-12-div".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(21) },
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Declaration(Side::Union)
    });
    let mut events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Declare { area: area(21) },
    );
    if game.battle().is_none() {
        events.extend(play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::FinishDeclarations,
        ));
    }
    // S8.3a, S4.6d(2): every dummy in the battle Area is removed first (one was with Loring).
    let t = texts(&events);
    assert!(
        t.contains("dummy in Area 21 (Champion Hill) is removed (a battle is fought there)"),
        "{t}"
    );
    assert_eq!(game.battle().unwrap().entries(), [area(22)]);
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::RetreatBeforeCombat {
            counter: "loring-div".into(),
        },
    );
    let options: Vec<Action> = game.legal_actions(Side::Confederate);
    let areas: Vec<u8> = options
        .iter()
        .filter_map(|a| match a {
            Action::Go { to: Dest::Area(a) } => Some(a.number()),
            _ => None,
        })
        .collect();
    assert_eq!(
        areas,
        [13, 20, 25, 26],
        "not 22 (the approach) nor 12 (Union troops)"
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Go {
            to: Dest::Area(area(20)),
        },
    );
    let t = texts(&events);
    assert!(
        t.contains("Straggler check for Loring's Division (retreat before combat)"),
        "{t}"
    );
    // S8.4d: the retreating unit stays face down.
    let public = events[0].redact(Viewer::Seat(Side::Union)).expect("public");
    assert!(
        public["text"]
            .as_str()
            .unwrap()
            .contains("1 counter leaves Area 21"),
        "{public}"
    );
    // S8.4g: no Defender combat unit left: no battle (nothing is left to decide).
    assert!(game.battle().is_none());
}

#[test]
fn rule_s8_4e_artillery_left_alone_must_retreat_too() {
    let (mut game, mut dice) = field(82, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "loring-div", 21);
        put(g, "la-art", 21);
    });
    attack(&mut game, &mut dice, 21);
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::RetreatBeforeCombat {
            counter: "loring-div".into(),
        },
    );
    go(&mut game, &mut dice, Side::Confederate, 20);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::StandAndFight,
    );
    assert!(
        texts(&events).contains("Only artillery is left"),
        "{}",
        texts(&events)
    );
    assert!(matches!(
        game.decisions().first(),
        Some(Decision::Depart { .. })
    ));
    go(&mut game, &mut dice, Side::Confederate, 20);
    assert_eq!(where_is(&game, "la-art"), Some(20));
    assert!(game.battle().is_none());
}

#[test]
fn rule_s8_6_s8_7a_deployments_are_secret_until_both_are_revealed_together() {
    let (mut game, mut dice) = field(83, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "xiii-14-div", 21);
        put(g, "loring-div", 21);
        put(g, "stevenson-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP1), ("stevenson-div", RESERVE)],
    );
    let union_view = game.view(Viewer::Seat(Side::Union));
    assert!(
        union_view["battle"]["sides"]["confederate"]
            .get("lines")
            .is_none()
    );
    assert_eq!(
        union_view["battle"]["sides"]["confederate"]["participants"],
        2
    );
    let own = game.view(Viewer::Seat(Side::Confederate));
    assert!(own["battle"]["sides"]["confederate"]["lines"].is_array());
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xiii-12-div", LP1), ("xiii-14-div", LP2)],
    );
    let b = game.battle().unwrap();
    assert!(b.revealed());
    assert!(game.counters()[key(&game, "loring-div")].face_up());
    assert!(
        !game.counters()[key(&game, "stevenson-div")].face_up(),
        "the Reserve stays face down"
    );
    let union_view = game.view(Viewer::Seat(Side::Union));
    assert_eq!(
        union_view["battle"]["sides"]["confederate"]["reserve_count"],
        1
    );
    assert_eq!(
        union_view["battle"]["sides"]["confederate"]["lines"][0]["counters"][0]["id"],
        "loring-div"
    );
}

#[test]
fn rule_s8_6b_one_artillery_and_one_cavalry_per_line_position_and_never_alone() {
    let (mut game, mut dice) = field(84, true, |g| {
        for id in ["xiii-12-div", "il-5-cav", "wi-2-cav", "xiii-art", "xv-art"] {
            put(g, id, 21);
        }
        put(g, "loring-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    let positions = |g: &MississippiFortress| -> Vec<Position> {
        g.legal_actions(Side::Union)
            .into_iter()
            .filter_map(|a| match a {
                Action::Deploy { position, .. } => Some(position),
                _ => None,
            })
            .collect()
    };
    // Roster order: the division, the cavalry, then the artillery.
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Deploy {
            counter: "xiii-12-div".into(),
            position: LP2,
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Deploy {
            counter: "il-5-cav".into(),
            position: LP1,
        },
    );
    assert_eq!(
        positions(&game),
        [LP2, LP3, RESERVE],
        "one cavalry unit in LP1 already"
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Deploy {
            counter: "wi-2-cav".into(),
            position: LP2,
        },
    );
    assert_eq!(
        positions(&game),
        [LP1, LP2, RESERVE],
        "artillery needs infantry or cavalry beside it"
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Deploy {
            counter: "xiii-art".into(),
            position: LP2,
        },
    );
    assert_eq!(positions(&game), [LP1, RESERVE]);
}

#[test]
fn rule_2_22a_four_same_letter_divisions_in_a_line_position_a_brigade_counting_half() {
    let (mut game, mut dice) = field(85, true, |g| {
        put(g, "xv-1-div", 20);
        for id in [
            "bowen-div",
            "forney-div",
            "loring-div",
            "ml-smith-div",
            "stevenson-div",
            "gregg-bde",
            "vicksburg-garrison",
        ] {
            put(g, id, 20);
        }
        // Vaughan's P brigade is not in 6.1; it is added to test the half count.
        edit(g, |s| s.add_counter("vaughan-bde", Place::Area(area(20))));
    });
    attack(&mut game, &mut dice, 20);
    stand(&mut game, &mut dice);
    for id in ["bowen-div", "forney-div", "loring-div"] {
        play(
            &mut game,
            &mut dice,
            Side::Confederate,
            Action::Deploy {
                counter: id.into(),
                position: LP1,
            },
        );
    }
    // Three and a half P divisions would fit; a fourth division fits exactly.
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Deploy {
            counter: "ml-smith-div".into(),
            position: LP1,
        },
    );
    let offered = game.legal_actions(Side::Confederate);
    assert!(!offered.contains(&Action::Deploy {
        counter: "stevenson-div".into(),
        position: LP1
    }));
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Deploy {
            counter: "stevenson-div".into(),
            position: LP2,
        },
    );
    // J and P each have their own limit (G11); militia never count.
    let offered = game.legal_actions(Side::Confederate);
    assert!(offered.contains(&Action::Deploy {
        counter: "gregg-bde".into(),
        position: LP1
    }));
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Deploy {
            counter: "gregg-bde".into(),
            position: LP1,
        },
    );
    let offered = game.legal_actions(Side::Confederate);
    assert!(
        !offered.contains(&Action::Deploy {
            counter: "vaughan-bde".into(),
            position: LP1
        }),
        "half a P division too many"
    );
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Deploy {
            counter: "vaughan-bde".into(),
            position: LP2,
        },
    );
    assert!(
        game.legal_actions(Side::Confederate)
            .contains(&Action::Deploy {
                counter: "vicksburg-garrison".into(),
                position: LP1
            })
    );
}

#[test]
fn rule_s8_6e_g_leaders_stand_by_their_troops_and_a_line_position_must_be_held() {
    let (mut game, mut dice) = field(86, true, |g| {
        for id in ["xiii-12-div", "mcclernand", "grant", "sherman"] {
            put(g, id, 21);
        }
        put(g, "loring-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    // S8.6g: the only infantry must hold a Line Position.
    let offered = game.legal_actions(Side::Union);
    assert!(!offered.contains(&Action::Deploy {
        counter: "xiii-12-div".into(),
        position: RESERVE
    }));
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Deploy {
            counter: "xiii-12-div".into(),
            position: LP3,
        },
    );
    // Leaders in id order: Grant (C/O: any occupied LP), McClernand (XIII: LP3), Sherman (XV/XVI: Reserve).
    let offered = game.legal_actions(Side::Union);
    assert_eq!(
        offered,
        [
            Action::Deploy {
                counter: "grant".into(),
                position: LP3
            },
            Action::Deploy {
                counter: "grant".into(),
                position: RESERVE
            },
        ]
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Deploy {
            counter: "grant".into(),
            position: LP3,
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Deploy {
            counter: "mcclernand".into(),
            position: LP3,
        },
    );
    // Sherman has no XV or XVI infantry here: the Reserve, automatically.
    let b = game.battle().unwrap();
    let sherman = key(&game, "sherman");
    assert!(b.slots().contains(&(sherman, RESERVE)));
}

#[test]
fn rule_s8_7b_a_line_position_facing_an_empty_one_may_swing_to_an_adjacent_one() {
    let (mut game, mut dice) = field(87, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "xiii-14-div", 21);
        put(g, "loring-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP2)],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xiii-12-div", LP1), ("xiii-14-div", LP3)],
    );
    assert_eq!(game.battle().unwrap().stage(), BattleStage::Engage);
    assert_eq!(
        game.legal_actions(Side::Union),
        [
            Action::Engage {
                line: 0,
                target: Some(1)
            },
            Action::Engage {
                line: 0,
                target: None
            },
        ]
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Engage {
            line: 0,
            target: None,
        },
    );
    // LP3 may now take the target LP1 left.
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Engage {
            line: 2,
            target: Some(1),
        },
    );
    assert_eq!(game.battle().unwrap().engaged(), [None, None, Some(1)]);
    assert_eq!(game.battle().unwrap().stage(), BattleStage::Orders);
}

#[test]
fn rule_s8_8_combat_orders_are_secret_until_both_are_given_then_revealed_together() {
    let (mut game, mut dice) = field(88, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "loring-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP1)],
    );
    deploy(&mut game, &mut dice, Side::Union, &[("xiii-12-div", LP1)]);
    assert_eq!(game.battle().unwrap().stage(), BattleStage::Orders);
    assert!(
        game.prompt(Side::Union).is_some() && game.prompt(Side::Confederate).is_some(),
        "at the same time"
    );
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Assault))],
    );
    let seen = game.view(Viewer::Seat(Side::Confederate));
    assert!(seen["battle"]["sides"]["union"].get("orders").is_none());
    let spectator = game.view(Viewer::Spectator);
    assert!(
        spectator["battle"]["sides"]["union"]
            .get("orders")
            .is_none()
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Counterattack),
        },
    );
    let t = texts(&events);
    assert!(
        t.contains("orders revealed: Confederate LP1: Counterattack; Union LP1: Assault"),
        "{t}"
    );
    // 3.2c in Rain: Assault against Counterattack is Level 3.
    assert!(t.contains("Intensity 3 (Rain)"), "{t}");
    let b = game.battle().unwrap();
    assert_eq!(b.results()[0].level(), 3);
}

#[test]
fn rule_s8_8b_restrictions_of_ineffective_out_of_communications_and_militia_lines() {
    let (mut game, mut dice) = field(89, true, |g| {
        put(g, "xiii-12-div", 18);
        put(g, "xiii-14-div", 18);
        put(g, "xiii-10-div", 18);
        put(g, "vicksburg-garrison", 18);
        put(g, "ml-smith-div", 18);
        put(g, "forney-div", 18);
    });
    edit(&mut game, |s| {
        ["xiii-10-div", "ml-smith-div", "forney-div"]
            .into_iter()
            .fold(
                s.counter("xiii-12-div", |c| c.set_casualties(3))
                    .counter("xiii-14-div", |c| c.set_in_comms(false)),
                |s, id| s.counter(id, |c| c.set_in_comms(true)),
            )
    });
    attack(&mut game, &mut dice, 18);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[
            ("forney-div", LP1),
            ("ml-smith-div", LP2),
            ("vicksburg-garrison", LP3),
        ],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[
            ("xiii-10-div", LP3),
            ("xiii-12-div", LP1),
            ("xiii-14-div", LP2),
        ],
    );
    use CombatOrder::*;
    assert_eq!(
        game.allowed_orders(Side::Union, 0, true),
        [Some(Diversion)],
        "ineffective"
    );
    assert_eq!(
        game.allowed_orders(Side::Union, 1, true),
        [Some(Diversion), Some(Advance)],
        "out of communications"
    );
    assert_eq!(
        game.allowed_orders(Side::Union, 2, true),
        [Some(Diversion), Some(Advance), Some(Assault)]
    );
    assert_eq!(
        game.allowed_orders(Side::Confederate, 2, true),
        [Some(Withdraw), Some(Stand)],
        "militia only (S1.10c)"
    );
    assert_eq!(
        game.allowed_orders(Side::Confederate, 0, true),
        [Some(Withdraw), Some(Stand), Some(Counterattack)]
    );
    // S8.8a: an unengaged occupied Defender Line Position may Withdraw or hold.
    assert_eq!(
        game.allowed_orders(Side::Confederate, 0, false),
        [Some(Withdraw), None]
    );
    // The ineffective line's only order is given by itself.
    assert_eq!(game.next_order_line(Side::Union), Some(1));
}

#[test]
fn rule_4_31_bowens_inherent_officer_without_pemberton() {
    let (mut game, mut dice) = field(90, true, |g| {
        put(g, "xiii-12-div", 20);
        put(g, "bowen-div", 20);
    });
    edit(&mut game, |s| {
        s.counter("bowen-div", |c| c.set_in_comms(false))
    });
    attack(&mut game, &mut dice, 20);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("bowen-div", LP1)],
    );
    deploy(&mut game, &mut dice, Side::Union, &[("xiii-12-div", LP1)]);
    assert!(game.bowen_applies());
    use CombatOrder::*;
    assert_eq!(
        game.allowed_orders(Side::Confederate, 0, true),
        [Some(Withdraw), Some(Stand), Some(Counterattack)],
        "4.31a: his LOC restriction is lifted"
    );
    assert_eq!(
        game.line_rating(Side::Confederate, 0),
        2,
        "4.31b: a 2-2 Officer"
    );
    // With Pemberton in the battle there is no inherent Officer (4.32).
    let (mut game, mut dice) = field(91, true, |g| {
        put(g, "xiii-12-div", 20);
        put(g, "bowen-div", 20);
        put(g, "pemberton", 20);
    });
    edit(&mut game, |s| {
        s.counter("bowen-div", |c| c.set_in_comms(false))
    });
    attack(&mut game, &mut dice, 20);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("bowen-div", LP1), ("pemberton", RESERVE)],
    );
    deploy(&mut game, &mut dice, Side::Union, &[("xiii-12-div", LP1)]);
    assert!(!game.bowen_applies());
    assert_eq!(
        game.allowed_orders(Side::Confederate, 0, true),
        [Some(Withdraw), Some(Stand)]
    );
    assert_eq!(game.line_rating(Side::Confederate, 0), 0);
}

#[test]
fn rule_2_12a_s8_6f_grant_rates_alone_another_officer_overrides_him_mixed_lines_have_none() {
    let (mut game, mut dice) = field(92, true, |g| {
        for id in [
            "xv-1-div",
            "grant",
            "xvii-7-div",
            "mcpherson",
            "xv-2-div",
            "xvii-3-div",
            "sherman",
        ] {
            put(g, id, 21);
        }
        put(g, "loring-div", 21);
        put(g, "stevenson-div", 21);
        put(g, "forney-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[
            ("loring-div", LP1),
            ("stevenson-div", LP2),
            ("forney-div", LP3),
        ],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[
            ("xv-1-div", LP1),
            ("xv-2-div", LP3),
            ("xvii-3-div", LP3),
            ("xvii-7-div", LP2),
            ("grant", LP1),
            ("mcpherson", LP2),
            ("sherman", LP3),
        ],
    );
    assert_eq!(
        game.line_rating(Side::Union, 0),
        2,
        "Grant alone: his Offensive Rating"
    );
    assert_eq!(
        game.line_rating(Side::Union, 1),
        1,
        "McPherson (1-2) attacking"
    );
    assert_eq!(
        game.line_rating(Side::Union, 2),
        0,
        "XV and XVII mixed: no rating Officer"
    );
    assert!(game.mixed_formations(Side::Union, 2));
}

#[test]
fn rule_s9_3_line_position_strengths() {
    let case = |kind, present, order, attacking, mountainous, crossed, regulars| {
        unit_strength(StrengthCase {
            side: Side::Union,
            kind,
            present,
            order,
            attacking,
            mountainous,
            crossed_or_marched: crossed,
            against_regulars: regulars,
        })
    };
    use CombatOrder::*;
    // S9.3a: Union artillery on Stand x4, Assault x2; Confederate on Stand x3.
    assert_eq!(
        case(Kind::Artillery, 3, Stand, false, false, false, true),
        CombatStrength::from_sp(12)
    );
    assert_eq!(
        case(Kind::Artillery, 3, Assault, true, false, false, true),
        CombatStrength::from_sp(6)
    );
    let confederate = unit_strength(StrengthCase {
        side: Side::Confederate,
        kind: Kind::Artillery,
        present: 3,
        order: Stand,
        attacking: false,
        mountainous: true,
        crossed_or_marched: false,
        against_regulars: true,
    });
    assert_eq!(
        confederate,
        CombatStrength::from_sp(9),
        "artillery is never tripled (G16)"
    );
    // S9.3b: Defender non-artillery x3 in the mountains unless counterattacking.
    assert_eq!(
        case(Kind::Division, 6, Stand, false, true, false, true),
        CombatStrength::from_sp(18)
    );
    assert_eq!(
        case(Kind::Division, 6, Counterattack, false, true, false, true),
        CombatStrength::from_sp(6)
    );
    // S9.3c: an Attacker that crossed a Major River or force marched is halved.
    assert_eq!(
        case(Kind::Division, 7, Assault, true, false, true, true),
        CombatStrength::from_sixteenths(56)
    );
    // S9.3d: cavalry halved against anything but militia; halvings combine exactly (G13).
    assert_eq!(
        case(Kind::Cavalry, 2, Advance, true, false, false, true),
        CombatStrength::from_sp(1)
    );
    assert_eq!(
        case(Kind::Cavalry, 2, Advance, true, false, false, false),
        CombatStrength::from_sp(2)
    );
    assert_eq!(
        case(Kind::Cavalry, 3, Advance, true, false, true, true),
        CombatStrength::from_sixteenths(12)
    );
}

#[test]
fn rule_s9_4_cic_b_columns_round_in_the_defenders_favour_and_terrain_shifts_left() {
    let sp = |x: u32| CombatStrength::from_sp(x);
    assert_eq!(
        RatioColumn::from_strengths(sp(12), sp(10)),
        RatioColumn::OneToOne
    );
    assert_eq!(
        RatioColumn::from_strengths(sp(7), sp(10)),
        RatioColumn::OneToTwo
    );
    assert_eq!(
        RatioColumn::from_strengths(sp(9), sp(2)),
        RatioColumn::FourToOne
    );
    assert_eq!(
        RatioColumn::from_strengths(CombatStrength::from_sixteenths(56), sp(14)),
        RatioColumn::OneToFour
    );
    use CombatOrder::*;
    assert_eq!(
        cic_b_column(sp(12), sp(10), Terrain::Defensible, Stand),
        RatioColumn::OneToTwo
    );
    assert_eq!(
        cic_b_column(sp(12), sp(10), Terrain::Mountainous, Withdraw),
        RatioColumn::OneToTwo
    );
    assert_eq!(
        cic_b_column(sp(12), sp(10), Terrain::Defensible, Counterattack),
        RatioColumn::OneToOne
    );
    assert_eq!(
        cic_b_column(sp(12), sp(10), Terrain::Clear, Stand),
        RatioColumn::OneToOne
    );
    assert_eq!(
        cic_b_column(sp(1), sp(10), Terrain::Defensible, Stand),
        RatioColumn::OneToFour,
        "never left of 1:4"
    );
}

#[test]
fn rule_s9_5d_a_star_rolls_again_and_loses_one_sp_on_1_or_2() {
    let group = FcrtGroup::DiversionWithdraw;
    let band = StrengthBand::B1To3;
    assert_eq!(fire_roll(group, band, 1, || 2).loss(), 1);
    assert_eq!(fire_roll(group, band, 1, || 3).loss(), 0);
    assert_eq!(fire_roll(group, band, 1, || 3).reroll(), Some(3));
    let plain = fire_roll(
        FcrtGroup::AssaultCounterattack,
        StrengthBand::B21Plus,
        1,
        || panic!("no reroll"),
    );
    assert_eq!(plain.loss(), 2, "the strongest cell (G1c)");
}

#[test]
fn rule_s9_5c_fcrt_column_shifts() {
    let (mut game, mut dice) = field(93, true, |g| {
        for id in ["xv-1-div", "xvii-7-div"] {
            put(g, id, 21);
        }
        for id in ["loring-div", "stevenson-div", "forney-div"] {
            put(g, id, 21);
        }
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[
            ("loring-div", LP1),
            ("stevenson-div", LP2),
            ("forney-div", LP3),
        ],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xv-1-div", LP2), ("xvii-7-div", LP2)],
    );
    // Union LP2 (mixed XV and XVII) fires on Confederate LP2, whose neighbours are not fired on.
    let (attacker, defender) = game.fcrt_shifts(1, 1, 0, 0);
    assert_eq!(
        attacker,
        -2 - 2,
        "mixed formations -2, two unengaged neighbours -1 each"
    );
    assert_eq!(defender, 0);
    // A neighbour given Withdraw adds one (once); a higher-rated Officer one more (not mixed).
    edit(&mut game, |s| {
        s.battle(|b| {
            b.set_order(Side::Confederate, 0, Some(CombatOrder::Withdraw))
                .set_order(Side::Confederate, 2, Some(CombatOrder::Withdraw))
        })
    });
    assert_eq!(game.fcrt_shifts(1, 1, 0, 0).0, -4 + 1);
    assert_eq!(
        game.fcrt_shifts(1, 1, 0, 2).1,
        1,
        "the Defender's higher-rated Officer"
    );
    assert_eq!(
        game.fcrt_shifts(1, 1, 2, 0).0,
        -3,
        "no Officer shift for a mixed line"
    );
}

/// A one-line battle in Area 25 (Clear): xv-1-div (7) against Loring (9), Clear weather.
fn duel(n: u64) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = field(n, false, |g| {
        put(g, "xv-1-div", 25);
        put(g, "loring-div", 25);
        put(g, "stevenson-div", 25);
        put(g, "sherman", 25);
        put(g, "xiii-12-div", 30);
    });
    attack(&mut game, &mut dice, 25);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP1), ("stevenson-div", RESERVE)],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xv-1-div", LP1), ("sherman", LP1)],
    );
    (game, dice)
}

#[test]
fn rule_s9_72_a_defender_losing_more_against_an_assault_is_driven_off() {
    let (mut game, mut dice) = duel(94);
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Assault))],
    );
    // Stand against Assault: Level 3; 7 against 9 at 1:2 gives "2/1". Sherman (2) outranks
    // nobody's 0: the Union fires one column right (11-14 after the 7-10 band).
    let mut dice = dice_rolling(&[1, 6, 6, 6, 6]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Stand),
        },
    );
    let t = texts(&events);
    assert!(t.contains("cell 2/1"), "{t}");
    assert!(t.contains("Confederate LP1 loses 1 SP"), "{t}");
    assert!(t.contains("Confederate LP1 is driven off"), "{t}");
    assert!(matches!(
        game.decisions().first(),
        Some(Decision::Depart { .. })
    ));
}

#[test]
fn rule_s9_73_an_attacker_losing_more_against_a_counterattack_is_repulsed() {
    let (mut game, mut dice) = duel(95);
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Assault))],
    );
    let mut dice = dice_rolling(&[6, 6, 1, 1, 1, 1]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Counterattack),
        },
    );
    let t = texts(&events);
    assert!(t.contains("cell 2/2"), "{t}");
    assert!(t.contains("Union LP1 loses 2 SP"), "{t}");
    assert!(t.contains("Union LP1 is repulsed"), "{t}");
    // S9.74b: the Attacker goes back the way it came, if it came; xv-1-div began there, so
    // the Union player chooses among the free adjacent Areas.
    assert!(game.prompt(Side::Union).unwrap().contains("repulsed"));
}

#[test]
fn rule_s9_71_s9_81_s9_84_withdraw_then_the_rest_withdraws_when_the_line_is_empty() {
    let (mut game, mut dice) = duel(96);
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Advance))],
    );
    let mut dice = dice_rolling(&[6, 6, 6, 6, 6, 6]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Withdraw),
        },
    );
    assert!(texts(&events).contains("Confederate LP1 withdraws"));
    go(&mut game, &mut dice, Side::Confederate, 24);
    // Round 1 is over and Stevenson's Division is still in the battle: the Attacker chooses.
    assert_eq!(
        game.legal_actions(Side::Union),
        [Action::SecondRound, Action::EndBattle]
    );
    play(&mut game, &mut dice, Side::Union, Action::SecondRound);
    // S9.82: every Confederate Line Position is empty: Stevenson must be committed.
    assert_eq!(game.battle().unwrap().stage(), BattleStage::Commit);
    let offered = game.legal_actions(Side::Confederate);
    assert!(!offered.contains(&Action::Commit {
        counter: "stevenson-div".into(),
        position: None
    }));
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Commit {
            counter: "stevenson-div".into(),
            position: Some(LP2),
        },
    );
    assert!(
        game.counters()[key(&game, "stevenson-div")].face_up(),
        "committed counters are revealed"
    );
    assert_eq!(game.battle().unwrap().round(), 2);
}

#[test]
fn rule_s9_84_a_side_whose_line_positions_are_all_empty_withdraws_the_rest() {
    let (mut game, mut dice) = duel(97);
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Advance))],
    );
    let mut dice = dice_rolling(&[6, 6, 6, 6, 6, 6]);
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Withdraw),
        },
    );
    go(&mut game, &mut dice, Side::Confederate, 24);
    let events = play(&mut game, &mut dice, Side::Union, Action::EndBattle);
    assert!(
        texts(&events).contains("every Confederate Line Position is empty"),
        "{}",
        texts(&events)
    );
    assert!(
        game.prompt(Side::Confederate)
            .unwrap()
            .contains("Stevenson's Division must leave")
    );
}

#[test]
fn rule_s9_61_s9_63_losses_are_allocated_by_their_owner_and_leaders_roll() {
    let (mut game, mut dice) = field(98, false, |g| {
        put(g, "xv-1-div", 25);
        put(g, "xv-2-div", 25);
        put(g, "sherman", 25);
        put(g, "loring-div", 25);
        put(g, "gist-bde", 25);
        put(g, "xiii-12-div", 30);
    });
    attack(&mut game, &mut dice, 25);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP1), ("gist-bde", LP1)],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xv-1-div", LP1), ("xv-2-div", LP1), ("sherman", LP1)],
    );
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Assault))],
    );
    // Stand against Assault, 14 against 12 at 1:1: "1/1". Union fires 11-14 +1 (Sherman):
    // 15-20 Assault row, die 1: 1 SP. Confederate fires 11-14 Stand, die 1: 1 SP. Sherman
    // rolls 6 then 6: a casualty.
    let mut dice = dice_rolling(&[1, 1, 6, 6]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Stand),
        },
    );
    let t = texts(&events);
    assert!(
        t.contains("Sherman (Union, LP1) rolls 6 then 6: a casualty"),
        "{t}"
    );
    assert!(t.contains("Steele will replace Sherman"), "{t}");
    // The Union player allocates his loss, then the Confederate his.
    let owner = game.decisions().first().expect("allocation").owner(&game);
    let mut sides = vec![owner];
    while let Some(d) = game.decisions().first().cloned() {
        let side = d.owner(&game);
        if !sides.contains(&side) {
            sides.push(side);
        }
        let options = game.legal_actions(side);
        assert!(
            options
                .iter()
                .all(|a| matches!(a, Action::TakeLoss { .. } | Action::Go { .. }))
        );
        let first = options[0].clone();
        play(&mut game, &mut dice, side, first);
    }
    let lost: u8 = ["xv-1-div", "xv-2-div"]
        .iter()
        .map(|id| game.counters()[key(&game, id)].casualties())
        .sum();
    assert_eq!(lost, 1);
}

#[test]
fn rule_2_13a_g15_when_grant_falls_mcclernand_commands_and_ord_replaces_him_as_officer() {
    let (mut game, _) = lab(99);
    edit(&mut game, |s| {
        s.ship("transport-1", |t| t.set_at(Some("A2".parse().unwrap())))
            .aboard("grant", "transport-1")
    });
    let mut dice = game_dice_rolling_first(&mut game, &[6]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailFrom {
            node: "A2".parse().unwrap(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::TakeShip {
            ship: "transport-1".into(),
        },
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo {
            node: "A3".parse().unwrap(),
        },
    );
    let t = texts(&events);
    assert!(t.contains("Grant (Union) is lost"), "{t}");
    assert!(
        t.contains("McClernand (Commander) will replace Grant"),
        "{t}"
    );
    assert!(t.contains("Ord will replace McClernand"), "{t}");
    assert_eq!(
        game.counters()[key(&game, "mcclernand")].place(),
        Place::Gone
    );
    assert_eq!(
        game.counters()[key(&game, "mcclernand-commander")].place(),
        Place::Waiting
    );
    assert_eq!(game.counters()[key(&game, "ord")].place(), Place::Waiting);
    assert!(game.check_invariants().is_ok());
}

/// Moves a lab game to the Union Movement Phase and returns dice whose next rolls are `rolls`.
fn game_dice_rolling_first(game: &mut MississippiFortress, rolls: &[u8]) -> Dice {
    let mut dice = Dice::new(&seed(7));
    finish_until(game, &mut dice, |g| g.step() == Step::Movement(Side::Union));
    dice_rolling(rolls)
}

#[test]
fn rule_2_13b_s9_66_pemberton_is_replaced_by_stevenson_who_joins_his_troops() {
    let (mut game, mut dice) = lab(100);
    clear(&mut game, false);
    put(&mut game, "xiii-12-div", 13);
    put(&mut game, "pemberton", 14);
    put(&mut game, "grant", 21);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(13) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Take {
            counter: "xiii-12-div".into(),
        },
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(14) },
    );
    assert!(texts(&events).contains("Pemberton (Confederate) is lost: captured"));
    let stevenson = key(&game, "stevenson");
    assert_eq!(game.counters()[stevenson].place(), Place::Waiting);
    // S9.66: P troops at 20 and nowhere else: he is placed there in the next 2d.
    put(&mut game, "loring-div", 20);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Communications(Side::Union)
            || g.step() == Step::Arrival(Side::Confederate)
    });
    assert_eq!(game.counters()[stevenson].place(), Place::Area(area(20)));
    assert!(!game.counters()[stevenson].face_up(), "face down");
}

#[test]
fn rule_5_12_after_a_compelled_mountain_battle_the_attacker_goes_back_without_checks() {
    let (mut game, mut dice) = lab(101);
    clear(&mut game, false);
    put(&mut game, "xv-1-div", 19);
    put(&mut game, "ml-smith-div", 18);
    put(&mut game, "xiii-12-div", 30);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(19) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Take {
            counter: "xv-1-div".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(18) },
    );
    finish_until(&mut game, &mut dice, |g| g.battle().is_some());
    assert!(game.battle().unwrap().compelled());
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("ml-smith-div", LP1)],
    );
    deploy(&mut game, &mut dice, Side::Union, &[("xv-1-div", LP1)]);
    // Diversion against Stand is Level 1, 0 in Rain: no fire at all.
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Diversion))],
    );
    order(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[(0, Some(CombatOrder::Stand))],
    );
    let events = play(&mut game, &mut dice, Side::Union, Action::EndBattle);
    let t = texts(&events);
    assert!(t.contains("every attacking unit withdraws (5.12)"), "{t}");
    assert!(!t.contains("Straggler check"), "{t}");
    assert_eq!(where_is(&game, "xv-1-div"), Some(19));
}

/// Union troops cross the Big Black bridge from 19 into 20 and attack.
fn bridgehead(n: u64, defenders: &[&str], officer: bool) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = lab(n);
    clear(&mut game, false);
    put(&mut game, "xv-1-div", 19);
    if officer {
        put(&mut game, "sherman", 19);
    }
    put(&mut game, "xiii-12-div", 30);
    for id in defenders {
        put(&mut game, id, 20);
    }
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(19) },
    );
    if officer {
        play(&mut game, &mut dice, Side::Union, Action::TakeAll);
    } else {
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::Take {
                counter: "xv-1-div".into(),
            },
        );
    }
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(20) },
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Declaration(Side::Union)
    });
    attack(&mut game, &mut dice, 20);
    assert_eq!(game.battle().unwrap().crossing(), [key(&game, "xv-1-div")]);
    stand(&mut game, &mut dice);
    let positions: Vec<(&str, Position)> = defenders.iter().map(|&d| (d, LP1)).collect();
    deploy(&mut game, &mut dice, Side::Confederate, &positions);
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xv-1-div", LP1), ("sherman", LP1)],
    );
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Diversion))],
    );
    order(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[(0, Some(CombatOrder::Stand))],
    );
    (game, dice)
}

#[test]
fn rule_s9_92b_units_that_crossed_a_major_river_go_back_if_the_defender_holds() {
    let (mut game, mut dice) = bridgehead(102, &["loring-div"], false);
    let events = play(&mut game, &mut dice, Side::Union, Action::EndBattle);
    assert!(
        texts(&events).contains("go back (S9.92b)"),
        "{}",
        texts(&events)
    );
    assert_eq!(where_is(&game, "xv-1-div"), Some(19));
}

#[test]
fn rule_s9_92c_officers_who_outrank_the_defenders_hold_the_bridgehead() {
    let (mut game, mut dice) = bridgehead(103, &["loring-div"], true);
    let events = play(&mut game, &mut dice, Side::Union, Action::EndBattle);
    assert!(texts(&events).contains("outrank"), "{}", texts(&events));
    assert_eq!(
        where_is(&game, "xv-1-div"),
        Some(20),
        "the Area stays Contested"
    );
}

#[test]
fn rule_4_31c_bowens_inherent_officer_contests_a_river_crossing() {
    let (mut game, mut dice) = bridgehead(104, &["bowen-div"], true);
    assert_eq!(
        game.river_crossing_ratings(),
        (2, 2),
        "Sherman 2 against Bowen's 2: a tie"
    );
    play(&mut game, &mut dice, Side::Union, Action::EndBattle);
    assert_eq!(where_is(&game, "xv-1-div"), Some(19));
}

#[test]
fn rule_s9_74e_a_unit_with_no_line_of_retreat_surrenders() {
    let (mut game, mut dice) = field(105, true, |g| {
        put(g, "ml-smith-div", 18);
        put(g, "xv-1-div", 18);
        for (id, n) in [
            ("xv-2-div", 9),
            ("xv-3-div", 10),
            ("xiii-12-div", 19),
            ("xiii-14-div", 23),
        ] {
            put(g, id, n);
        }
    });
    attack(&mut game, &mut dice, 18);
    // No retreat before combat is possible: the Confederate is not even asked.
    assert_ne!(game.battle().unwrap().stage(), BattleStage::Retreats);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("ml-smith-div", LP1)],
    );
    deploy(&mut game, &mut dice, Side::Union, &[("xv-1-div", LP1)]);
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Diversion))],
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Withdraw),
        },
    );
    let t = texts(&events);
    assert!(
        t.contains("M. L. Smith's Division (Confederate) is eliminated: surrenders"),
        "{t}"
    );
    // Its 6 SP count as lost: the Union scored them in its Victory Point Phase (2 each).
    assert_eq!(game.vp().union, 8 + 12);
}
