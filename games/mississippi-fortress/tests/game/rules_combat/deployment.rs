//! Deployment on the Battle Board (S8.6, S8.7a, 2.22a): secret, within the limits of a Line Position.

use super::*;

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
    // All three may also go to the Reserve at once, not to LP3 (Sherman may not, I37).
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
            Action::DeployAll { position: RESERVE },
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
