//! The sequence of play and the engine tell whether a side acts and whether a posted action
//! is offered without listing every legal action (`BloodyRoadsSouth::has_action`,
//! `Rules::offered_fit`), and the answers are exactly the list's: checked in every state of
//! seeded bot games of Sander's Field, Scenario 3 and the first actions of Scenarios 5 and 6
//! (set-up, batches, movement, fire, morale), for both sides, for every listed action and
//! for actions perturbed from them (other hexes, other units, other facings, the wrong side).

use adjutant_engine::{Match, Rules, Side};
use bloody_roads_south::data::HexId;
use bloody_roads_south::geometry::facing::Vertex;
use bloody_roads_south::model::unit::Formation;
use bloody_roads_south::{Action, BloodyRoadsSouth};

use crate::support::{Rng, plank_road, play_at_random, sanders_field, second_day, wilderness_with};

/// Plays `actions` actions of `m` (or to its end) between random bots, checking every state;
/// at least `told` posted actions must have been told offered without the list.
fn check(mut m: Match<BloodyRoadsSouth>, n: u64, actions: u64, told: usize) {
    let mut rng = Rng(n ^ 0x0ffe);
    let mut found = check_state(&m, n, &mut rng);
    while m.outcome().is_none() && m.seq() < actions {
        play_at_random(&mut m, &mut rng);
        found += check_state(&m, n, &mut rng);
    }
    assert!(
        found >= told,
        "game {n}: only {found} actions told without the list"
    );
}

/// The kinds the rules tell without listing: for these the answer must be the list's
/// whether the action is offered or not; for the others it may be `None` (left to the list).
fn told(a: &Action) -> bool {
    matches!(
        a,
        Action::Pick { .. }
            | Action::Step { .. }
            | Action::Turn { .. }
            | Action::EndMove
            | Action::ForceMarch
            | Action::ChangeFormation { .. }
            | Action::Extend { .. }
            | Action::Contract
            | Action::FinishFire
            | Action::CancelFire
    )
}

/// Checks one state; how many posted actions the rules told offered.
fn check_state(m: &Match<BloodyRoadsSouth>, n: u64, rng: &mut Rng) -> usize {
    let mut found = 0;
    if let Err(e) = m.check_offers() {
        panic!("game {n}, action {}: {e}", m.seq());
    }
    let g = m.state();
    let at = m.seq();
    for side in Side::BOTH {
        let legal = if m.outcome().is_some() {
            Vec::new()
        } else {
            g.legal_actions(side)
        };
        assert_eq!(
            g.has_action(side),
            !legal.is_empty(),
            "game {n}, action {at}: whether the {side} player acts"
        );
        let mut posted: Vec<Action> = legal.clone();
        posted.extend(perturbed(g, &legal, rng));
        for p in &posted {
            let listed = legal.iter().find(|o| g.fits(o, p)).cloned();
            let told_fit = g.offered_fit(side, p);
            found += usize::from(told_fit.is_some());
            // A kind the rules tell is told exactly; another may only be left to the list.
            if told(p) || told_fit.is_some() {
                assert_eq!(
                    told_fit, listed,
                    "game {n}, action {at}: {side} posts {p:?}"
                );
            }
        }
    }
    found
}

/// Actions like the listed ones but aimed elsewhere: steps and extensions into every hex next
/// to the moving group's (and to the hexes the listed steps name, and a far one), every
/// facing and formation, a forced march, a contraction, putting the group down, finishing
/// fire and giving up a target, and picks of a sample of both sides' units (alone, with a
/// stack-mate named, as an extended part in the wrong hex).
fn perturbed(g: &BloodyRoadsSouth, legal: &[Action], rng: &mut Rng) -> Vec<Action> {
    let map = bloody_roads_south::data::map();
    let mut hexes: Vec<HexId> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Step { to } | Action::Attack { hex: to } | Action::Extend { hex: to } => {
                Some(*to)
            }
            _ => None,
        })
        .collect();
    if let Some(group) = g.moving() {
        hexes.push(group.path().last().copied().unwrap_or(group.from()));
    }
    let near: Vec<HexId> = hexes
        .iter()
        .flat_map(|&h| map.neighbours(h, g.maps()).into_iter().map(|(_, n)| n))
        .collect();
    hexes.extend(near);
    let units: Vec<_> = g.keys().filter(|&k| g.unit(k).hex().is_some()).collect();
    if let Some(&k) = units.get(rng.below(units.len().max(1))) {
        hexes.extend(g.unit(k).hex());
    }
    hexes.sort();
    hexes.dedup();
    let mut out: Vec<Action> = hexes
        .into_iter()
        .flat_map(|to| [Action::Step { to }, Action::Extend { hex: to }])
        .collect();
    out.extend(
        [
            Formation::Line,
            Formation::Column,
            Formation::Limbered,
            Formation::Unlimbered,
            Formation::None,
        ]
        .into_iter()
        .map(|formation| Action::ChangeFormation { formation }),
    );
    out.extend([
        Action::ForceMarch,
        Action::Contract,
        Action::FinishFire,
        Action::CancelFire,
    ]);
    out.extend(
        Vertex::ALL
            .into_iter()
            .map(|facing| Action::Turn { facing }),
    );
    out.push(Action::EndMove);
    for _ in 0..12 {
        let Some(&k) = units.get(rng.below(units.len().max(1))) else {
            break;
        };
        let u = g.unit(k);
        let hex = u.hex();
        let part = u.part_of().and(hex);
        let mate = hex
            .map(|h| g.at(h))
            .unwrap_or_default()
            .into_iter()
            .find(|&o| o != k)
            .map(|o| g.unit(o).id().clone());
        out.push(Action::Pick {
            unit: u.id().clone(),
            part,
            with: Vec::new(),
        });
        out.push(Action::Pick {
            unit: u.id().clone(),
            part,
            with: mate.into_iter().collect(),
        });
        out.push(Action::Pick {
            unit: u.id().clone(),
            part: if part.is_some() { None } else { hex },
            with: Vec::new(),
        });
    }
    out
}

#[test]
fn whether_a_side_acts_and_what_it_may_post_are_told_as_the_list_tells_sanders_field() {
    for n in 0..3 {
        check(sanders_field(n), n, u64::MAX, 1_000);
    }
}

#[test]
fn whether_a_side_acts_and_what_it_may_post_are_told_as_the_list_tells_scenarios_3_5_6() {
    check(plank_road(4), 4, 3_000, 1_000);
    check(wilderness_with(1, &[], &[]), 1, 2_000, 1_000);
    check(second_day(2), 2, 2_000, 1_000);
}
