//! Stragglers, ineffective divisions and strength transfers (S1.7, S1.8, S7, 4.5).

use adjutant_engine::{Rules, Side, Viewer};
use mississippi_fortress::actions::Action;
use mississippi_fortress::data::Weather;
use mississippi_fortress::data::units::Formation;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::Place;
use mississippi_fortress::stragglers::StragglerCheck;
use mississippi_fortress::transfers::may_rebuild;

use crate::support::*;

#[test]
fn rule_s7_2_the_straggler_loss_chart_by_present_strength() {
    let plain = StragglerCheck::default();
    assert_eq!(plain.loss(4, 3), 1, "1-5, roll 4");
    assert_eq!(plain.loss(3, 3), 0);
    assert_eq!(plain.loss(3, 8), 1, "6-10, roll 3");
    assert_eq!(plain.loss(6, 8), 2);
    assert_eq!(plain.loss(2, 12), 1, "11+ (G4), roll 2");
    assert_eq!(plain.loss(1, 12), 0);
    let rain = StragglerCheck {
        weather: 2,
        ..StragglerCheck::default()
    };
    assert_eq!(rain.loss(6, 12), 2, "above the last row reads 6+");
    assert_eq!(plain.loss(6, 1), 1, "never more than present strength");
}

#[test]
fn straggler_note_a_one_point_artillery_unit_checks_at_minus_two() {
    let note = StragglerCheck {
        cavalry_or_artillery: true,
        strength_one: true,
        ..StragglerCheck::default()
    };
    assert_eq!(note.modifier(), -2);
    let (mut game, _) = lab(110);
    let k = key(&game, "ar-art"); // 2 SP present after its printed reduction
    edit(&mut game, |s| {
        s.weather(Weather::Clear)
            .counter(k, |c| c.set_casualties(2))
    });
    assert_eq!(game.counters()[k].present(), 1);
    assert_eq!(game.straggler_check_for(k).modifier(), -2);
}

#[test]
fn rule_s7_2_straggling_last_turn_and_a_second_force_march_turn_add_one_each() {
    let (mut game, _) = lab(111);
    edit(&mut game, |s| s.weather(Weather::Clear));
    let k = key(&game, "xiii-12-div");
    assert_eq!(game.straggler_check_for(k).modifier(), 0);
    edit(&mut game, |s| {
        s.counter(k, |c| c.set_straggled_before(true))
    });
    assert_eq!(game.straggler_check_for(k).modifier(), 1);
    edit(&mut game, |s| {
        s.counter(k, |c| c.set_force_marched(true).set_march_streak(2))
    });
    assert_eq!(game.straggler_check_for(k).modifier(), 2);
    edit(&mut game, |s| s.weather(Weather::Heat));
    assert_eq!(game.straggler_check_for(k).modifier(), 3);
}

#[test]
fn rule_s7_3_the_force_march_streak_counts_consecutive_turns() {
    let (mut game, mut dice) = lab(112);
    clear(&mut game, false);
    put(&mut game, "il-5-cav", 31);
    put(&mut game, "loring-div", 20);
    let k = key(&game, "il-5-cav");
    for (turn, path) in [(13, [30, 29, 39, 46]), (14, [40, 31, 30, 29])] {
        finish_until(&mut game, &mut dice, |g| {
            g.turn() == turn && g.step() == Step::Movement(Side::Union)
        });
        let from = game.counters()[k].area().unwrap().number();
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::MoveFrom { area: area(from) },
        );
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::Take {
                counter: "il-5-cav".into(),
            },
        );
        for to in path {
            play(
                &mut game,
                &mut dice,
                Side::Union,
                Action::StepTo { area: area(to) },
            );
        }
        assert!(game.counters()[k].rec().force_marched());
    }
    assert_eq!(game.counters()[k].rec().march_streak(), 2);
    assert!(game.straggler_check_for(k).repeated_force_march);
    // A turn without a force march ends the streak.
    finish_until(&mut game, &mut dice, |g| g.turn() == 16);
    assert_eq!(game.counters()[k].rec().march_streak(), 0);
}

#[test]
fn rule_s1_7c_a_unit_straggling_to_nothing_is_eliminated_its_stragglers_casualties() {
    let (mut game, _) = lab(113);
    clear(&mut game, false);
    put(&mut game, "xiii-12-div", 20);
    let g = put(&mut game, "gregg-bde", 31);
    edit(&mut game, |s| s.counter(g, |c| c.set_casualties(3)));
    let mut dice = adjutant_engine::Dice::new(&seed(5));
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Confederate)
    });
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::MoveFrom { area: area(31) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Take {
            counter: "gregg-bde".into(),
        },
    );
    for to in [30, 29] {
        play(
            &mut game,
            &mut dice,
            Side::Confederate,
            Action::StepTo { area: area(to) },
        );
    }
    let lost_before = game.lost().confederate;
    // Roll 6, -1 at strength 1, +1 Rain = 6: one SP, the last.
    let mut dice = dice_rolling(&[6]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::StepTo { area: area(39) },
    );
    let t = texts(&events);
    assert!(
        t.contains("Gregg's Brigade (Confederate) is eliminated: lost to straggling"),
        "{t}"
    );
    let c = &game.counters()[g];
    assert_eq!(
        (c.casualties(), c.stragglers(), c.place()),
        (4, 0, Place::Gone)
    );
    assert_eq!(
        game.lost().confederate,
        lost_before + 1,
        "the straggler became a casualty (S10.3a)"
    );
}

#[test]
fn rule_s7_5_stragglers_are_recovered_unmoved_all_moved_one_hurried_or_straggling_none() {
    let (mut game, mut dice) = lab(114);
    let set = |game: &mut mississippi_fortress::MississippiFortress, id: &str, n: u8| {
        edit(game, |s| s.counter(id, |c| c.set_stragglers(n)));
        key(game, id)
    };
    let art = set(&mut game, "xiii-art", 2);
    let wi = set(&mut game, "wi-2-cav", 2);
    edit(&mut game, |s| s.counter(wi, |c| c.set_moved_since(true)));
    let ia = set(&mut game, "ia-3-cav", 2);
    edit(&mut game, |s| s.counter(ia, |c| c.set_hurried_since(true)));
    let il = set(&mut game, "il-5-cav", 1);
    edit(&mut game, |s| {
        s.counter(il, |c| c.set_straggled_since(true))
    });
    let far = set(&mut game, "xvii-6-div", 1);
    put(&mut game, "xvii-6-div", 47);
    let contact = set(&mut game, "xv-art", 1);
    put(&mut game, "xv-art", 19);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    let s = |k: usize| game.counters()[k].stragglers();
    assert_eq!(s(art), 0, "unmoved: all");
    assert_eq!(s(wi), 1, "moved: one");
    assert_eq!(s(ia), 2, "force marched or retreated: none");
    assert_eq!(s(il), 1, "lost stragglers since: none");
    assert_eq!(s(far), 1, "out of communications: none");
    assert_eq!(s(contact), 1, "with enemy combat units: none");
    // Stragglers are private (S4.5): the enemy's view shows none.
    let view = game.view(Viewer::Seat(Side::Confederate)).to_string();
    assert!(!view.contains("\"stragglers\""), "{view}");
}

#[test]
fn rule_s1_8_a_division_at_half_strength_is_ineffective_brigades_never() {
    let (mut game, _) = lab(115);
    let d = key(&game, "xv-1-div"); // 7 SP
    edit(&mut game, |s| s.counter(d, |c| c.set_casualties(3)));
    assert!(!game.counters()[d].ineffective(), "4 of 7");
    edit(&mut game, |s| s.counter(d, |c| c.set_stragglers(1)));
    assert!(game.counters()[d].ineffective(), "3 of 7");
    edit(&mut game, |s| s.counter(d, |c| c.set_stragglers(0)));
    assert!(
        !game.counters()[d].ineffective(),
        "recovery restores it (S1.8b)"
    );
    let b = key(&game, "gist-bde");
    edit(&mut game, |s| s.counter(b, |c| c.set_casualties(2)));
    assert!(!game.counters()[b].ineffective());
}

#[test]
fn rule_4_5_a_brigade_is_absorbed_into_a_division_with_casualties() {
    let (mut game, mut dice) = lab(116);
    put(&mut game, "gregg-bde", 20);
    put(&mut game, "walker-bde", 20);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Confederate)
    });
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::FinishMovement,
    );
    assert_eq!(game.step(), Step::Transfers(Side::Confederate));
    let offered = game.legal_actions(Side::Confederate);
    // Bowen's Division lost 2 SP as casualties; Loring and Stevenson lost none (4.51).
    assert!(offered.contains(&Action::Absorb {
        brigade: "gregg-bde".into(),
        division: "bowen-div".into()
    }));
    assert!(
        !offered
            .iter()
            .any(|a| matches!(a, Action::Absorb { division, .. } if division == "loring-div"))
    );
    let vp = game.vp().union;
    let lost = game.lost().confederate;
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Absorb {
            brigade: "gregg-bde".into(),
            division: "bowen-div".into(),
        },
    );
    let bowen = &game.counters()[key(&game, "bowen-div")];
    assert_eq!(
        (bowen.casualties(), bowen.present()),
        (0, 8),
        "3 SP erase 2 casualties, 1 is lost (4.53a)"
    );
    assert_eq!(
        game.counters()[key(&game, "gregg-bde")].place(),
        Place::Gone
    );
    assert_eq!(
        (game.vp().union, game.lost().confederate),
        (vp, lost),
        "no VP change (4.52)"
    );
    let union_view = game.view(Viewer::Seat(Side::Union)).to_string();
    assert!(
        !union_view.contains("gregg-bde"),
        "the absorbed brigade is not identified"
    );
    let public = events[0].redact(Viewer::Seat(Side::Union)).expect("public");
    assert_eq!(
        public["text"],
        "The Confederate player removes 1 counter from Area 20 (Edwards Station) (strength transfer, 4.5)."
    );
    // Full strength now: no further transfer into Bowen's Division.
    assert!(
        !game
            .legal_actions(Side::Confederate)
            .iter()
            .any(|a| matches!(a, Action::Absorb { .. }))
    );
}

#[test]
fn rule_4_53_j_brigades_rebuild_j_or_p_divisions_p_brigades_only_p() {
    assert!(may_rebuild(Some(Formation::J), Some(Formation::P)));
    assert!(may_rebuild(Some(Formation::J), Some(Formation::J)));
    assert!(may_rebuild(Some(Formation::P), Some(Formation::P)));
    assert!(!may_rebuild(Some(Formation::P), Some(Formation::J)));
    assert!(!may_rebuild(None, Some(Formation::P)));
}
