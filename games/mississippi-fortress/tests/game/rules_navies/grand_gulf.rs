//! Grand Gulf silenced (4.23e, G14, S12.4).

use super::*;

#[test]
fn rule_4_23e_grand_gulf_is_silenced_after_five_union_phases_and_recovers() {
    for n in 0..30 {
        let (mut game, mut dice) = scenario_lab("porter-runs-the-batteries", n, json!({}));
        put_ship(&mut game, "benton", "A7");
        edit(&mut game, |s| s.grand_gulf_count(4));
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Movement(Side::Union)
        });
        let t = texts(&play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::FinishMovement,
        ));
        if ship(&game, "benton").at().is_none() {
            continue; // sunk by the battery in the fifth phase
        }
        assert!(t.contains("fires at Benton"), "{t}");
        assert!(
            t.contains("The Grand Gulf Shore Battery is silenced: a Union gunboat has stayed opposite it for 5 consecutive Union Movement Phases (4.23e)"),
            "{t}"
        );
        // Face up again at the start of the Confederate player turn; the count goes on.
        assert!(
            t.contains("The Grand Gulf Shore Battery is manned again"),
            "{t}"
        );
        assert_eq!(game.grand_gulf_count(), 5);
        let gg = game
            .batteries()
            .iter()
            .position(|b| b.area() == area(36))
            .expect("Grand Gulf");
        assert_eq!(game.batteries()[gg].state(), BatteryState::FaceUp);
        // Without a gunboat there the count starts again.
        edit(&mut game, |s| {
            s.ship("benton", |b| b.set_at(Some(Node::South)))
        });
        finish_until(&mut game, &mut dice, |g| {
            g.turn() == 2 && g.step() == Step::Movement(Side::Union)
        });
        play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
        assert_eq!(game.grand_gulf_count(), 0);
        assert_eq!(game.batteries()[gg].state(), BatteryState::FaceUp);
        return;
    }
    panic!("benton never survived");
}

#[test]
fn rule_4_23e_a_gunboat_opposite_vicksburg_never_silences_it() {
    let (mut game, mut dice) = scenario_lab("porter-runs-the-batteries", 1, json!({}));
    put_ship(&mut game, "benton", "A3");
    edit(&mut game, |s| s.grand_gulf_count(0));
    for _ in 0..6 {
        // A gunboat opposite Vicksburg counts for nothing.
        let t = game.turn();
        finish_until(&mut game, &mut dice, |g| {
            g.turn() == t + 1 && g.step() == Step::Arrival(Side::Union)
        });
        if ship(&game, "benton").at().is_none() {
            break;
        }
    }
    assert_eq!(game.grand_gulf_count(), 0);
    assert!(
        game.batteries()
            .iter()
            .all(|b| b.state() != BatteryState::Silenced)
    );
}

#[test]
fn rule_4_23e_union_troops_may_land_at_silenced_grand_gulf_destroying_the_battery() {
    for n in 0..30 {
        let (mut game, mut dice) = scenario_lab("porter-runs-the-batteries", n, json!({}));
        put_ship(&mut game, "benton", "A7");
        put_ship(&mut game, "transport-1", "A7");
        // Grand Gulf held by its battery alone.
        empty_area(&mut game, 36);
        let k = key(&game, "xiii-9-div");
        let sp = game.counters()[k].present();
        assert!(sp <= 6);
        edit(&mut game, |s| {
            s.aboard("xiii-9-div", "transport-1").grand_gulf_count(4)
        });
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Movement(Side::Union)
        });
        play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
        // R8: the Union puts the gunboat on top before the battery fires (R21).
        if matches!(game.decisions().first(), Some(Decision::TopShip { .. })) {
            play(
                &mut game,
                &mut dice,
                Side::Union,
                Action::TopShip {
                    ship: "benton".into(),
                },
            );
        }
        if ship(&game, "benton").at().is_none() || ship(&game, "transport-1").at().is_none() {
            continue;
        }
        assert_eq!(game.step(), Step::Disembarkation(Side::Union));
        let gg = game
            .batteries()
            .iter()
            .position(|b| b.area() == area(36))
            .expect("Grand Gulf");
        assert_eq!(game.batteries()[gg].state(), BatteryState::Silenced);
        let land = Action::Land {
            counter: "xiii-9-div".into(),
            area: area(36),
        };
        play(&mut game, &mut dice, Side::Union, land);
        assert_eq!(game.batteries()[gg].state(), BatteryState::Destroyed);
        return;
    }
    panic!("benton never survived");
}
