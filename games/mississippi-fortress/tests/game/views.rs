//! Views and non-interference (S4, Appendix V): changing one side's hidden facts — which
//! counters are dummies, which units sit in a face-down stack, their strengths and LOC, a
//! deployment or Combat Order not yet revealed — never changes the other side's view or the
//! spectator's. Hidden counters carry only their side.

use adjutant_engine::{Dice, Rules, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::Position;
use mississippi_fortress::combat::BattleStage;
use mississippi_fortress::data::charts::CombatOrder;
use mississippi_fortress::situation::Situation;
use mississippi_fortress::state::{Key, Kind, Place};
use proptest::prelude::*;
use serde_json::Value;

use crate::support::*;

/// A position reached by `steps` random legal actions from the set-up.
pub fn position(n: u64, steps: usize) -> MississippiFortress {
    let (mut game, mut dice): (MississippiFortress, Dice) = new_game(n);
    let mut rng = Rng(n.wrapping_mul(31) + 7);
    for _ in 0..steps {
        if game.outcome().is_some() {
            break;
        }
        let sides: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|&s| game.prompt(s).is_some())
            .collect();
        let side = sides[rng.below(sides.len())];
        let actions = game.legal_actions(side);
        let action = actions[rng.below(actions.len())].clone();
        game.apply(side, action, &mut dice).expect("legal");
    }
    game
}

/// Counters of `side` the enemy cannot identify: in Areas outside any battle, or absorbed
/// unidentified (4.52).
fn hidden_in_areas(game: &MississippiFortress, side: Side) -> Vec<Key> {
    let roster: Vec<Key> = game
        .battle()
        .map(|b| b.roster().to_vec())
        .unwrap_or_default();
    (0..game.counters().len())
        .filter(|&k| {
            let c = &game.counters()[k];
            c.side() == side
                && !c.face_up()
                && (c.area().is_some() || c.rec().absorbed())
                && !roster.contains(&k)
        })
        .collect()
}

/// Variants of `game` that differ only in `side`'s secrets, each different for `side` itself
/// (a variant its owner could not tell apart would prove nothing).
pub fn perturbations(
    game: &MississippiFortress,
    side: Side,
    choice: u64,
) -> Vec<MississippiFortress> {
    let owner = Viewer::Seat(side);
    let seen = game.view(owner);
    let mut out = candidate_perturbations(game, side, choice);
    out.retain(|variant| variant.view(owner) != seen);
    out
}

fn candidate_perturbations(
    game: &MississippiFortress,
    side: Side,
    choice: u64,
) -> Vec<MississippiFortress> {
    let mut rng = Rng(choice);
    let mut out = Vec::new();
    let hidden = hidden_in_areas(game, side);
    if hidden.len() >= 2 {
        // Which counters are where (and so which are dummies): swap two face-down counters.
        let a = hidden[rng.below(hidden.len())];
        let b = hidden[rng.below(hidden.len())];
        if a != b {
            let (ca, cb) = (&game.counters()[a], &game.counters()[b]);
            let (pa, pb) = (ca.place(), cb.place());
            let (xa, xb) = (ca.rec().absorbed(), cb.rec().absorbed());
            out.push(variant(game, |s| {
                s.counter(a, |c| c.set_place(pb).set_absorbed(xb))
                    .counter(b, |c| c.set_place(pa).set_absorbed(xa))
            }));
        }
    }
    // Present strength, stragglers and LOC status are private.
    let own: Vec<Key> = (0..game.counters().len())
        .filter(|&k| game.counters()[k].side() == side)
        .collect();
    out.push(variant(game, |s| {
        own.iter().fold(s, |s, &k| {
            s.counter(k, |c| {
                let stragglers = if c.is_combat() && c.present() > 1 {
                    c.stragglers() + 1
                } else {
                    c.stragglers()
                };
                let in_comms = !c.rec().in_comms();
                let moved_since = !c.rec().moved_since();
                c.set_stragglers(stragglers)
                    .set_in_comms(in_comms)
                    .set_moved_since(moved_since)
            })
        })
    }));
    // A deployment, order or commitment not yet revealed.
    if let Some(b) = game.battle() {
        let own = |k: &Key| game.counters()[*k].side() == side;
        match b.stage() {
            BattleStage::Deploy => {
                let slots: Vec<(Key, Position)> = b
                    .slots()
                    .iter()
                    .filter(|(k, _)| own(k))
                    .map(|&(k, p)| {
                        let p = match p {
                            Position::Reserve => Position::Lp2,
                            _ => Position::Reserve,
                        };
                        (k, p)
                    })
                    .collect();
                if !slots.is_empty() {
                    out.push(variant(game, |s| {
                        s.battle(|bb| slots.iter().fold(bb, |bb, &(k, p)| bb.set_slot(k, p)))
                    }));
                }
            }
            BattleStage::Orders => {
                let order = if side == b.attacker() {
                    CombatOrder::Diversion
                } else {
                    CombatOrder::Withdraw
                };
                let lines: Vec<u8> = b
                    .orders()
                    .iter()
                    .filter(|(s, _, _)| *s == side)
                    .map(|&(_, line, _)| line)
                    .collect();
                if !lines.is_empty() {
                    out.push(variant(game, |s| {
                        s.battle(|bb| {
                            lines
                                .iter()
                                .fold(bb, |bb, &line| bb.set_order(side, line, Some(order)))
                        })
                    }));
                }
            }
            BattleStage::Commit => {
                let commits: Vec<(Key, Option<Position>)> = b
                    .commits()
                    .iter()
                    .filter(|(k, _)| own(k))
                    .map(|&(k, p)| {
                        (
                            k,
                            if p.is_some() {
                                None
                            } else {
                                Some(Position::Lp1)
                            },
                        )
                    })
                    .collect();
                if !commits.is_empty() {
                    out.push(variant(game, |s| {
                        s.battle(|bb| commits.iter().fold(bb, |bb, &(k, p)| bb.set_commit(k, p)))
                    }));
                }
            }
            _ => {}
        }
    }
    // A withheld reinforcement group.
    let turn = game.turn();
    out.push(variant(game, |s| {
        s.reinforcements(|r| {
            if r.side() == side && !r.placed() {
                let withheld = r.withheld().map_or(Some(turn), |_| None);
                r.set_withheld(withheld)
            } else {
                r
            }
        })
    }));
    out
}

/// A variant of `game` set up through the position builder.
fn variant(
    game: &MississippiFortress,
    change: impl FnOnce(Situation) -> Situation,
) -> MississippiFortress {
    change(Situation::new(game.clone()))
        .build()
        .unwrap_or_else(|e| panic!("a perturbation builds: {e}"))
}

fn check(game: &MississippiFortress, secret_side: Side, choice: u64) {
    let other = Viewer::Seat(secret_side.opponent());
    let (seen, public) = (game.view(other), game.view(Viewer::Spectator));
    for variant in perturbations(game, secret_side, choice) {
        assert_eq!(
            variant.view(other),
            seen,
            "the {} view changed",
            secret_side.opponent()
        );
        assert_eq!(
            variant.view(Viewer::Spectator),
            public,
            "the spectator view changed"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn confederate_secrets_never_change_the_union_or_spectator_view(
        n in 0u64..100_000, steps in 0usize..500, choice in any::<u64>()
    ) {
        check(&position(n, steps), Side::Confederate, choice);
    }

    #[test]
    fn union_secrets_never_change_the_confederate_or_spectator_view(
        n in 0u64..100_000, steps in 0usize..500, choice in any::<u64>()
    ) {
        check(&position(n, steps), Side::Union, choice);
    }
}

#[test]
fn every_perturbation_changes_what_its_owner_sees_and_most_positions_have_one() {
    let (mut positions, mut variants) = (0, 0);
    for n in 0..24 {
        let game = position(n, 40 * n as usize);
        for side in Side::BOTH {
            let found = perturbations(&game, side, n).len();
            positions += usize::from(found > 0);
            variants += found;
        }
    }
    assert!(
        positions >= 40,
        "only {positions} of 48 positions had a variant"
    );
    assert!(variants >= 80, "only {variants} variants");
}

/// Every object with `"hidden": true` in a view.
fn hidden_objects(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Object(m) => {
            if m.get("hidden") == Some(&Value::Bool(true)) {
                out.push(v.clone());
            }
            for x in m.values() {
                hidden_objects(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| hidden_objects(x, out)),
        _ => {}
    }
}

#[test]
fn rule_s4_1_hidden_counters_carry_their_side_and_nothing_else() {
    let mut seen = 0;
    for n in 0..20 {
        let game = position(n, 150 + 10 * n as usize);
        for viewer in [
            Viewer::Seat(Side::Union),
            Viewer::Seat(Side::Confederate),
            Viewer::Spectator,
        ] {
            let mut hidden = Vec::new();
            hidden_objects(&game.view(viewer), &mut hidden);
            for h in hidden {
                let keys: Vec<&String> = h.as_object().unwrap().keys().collect();
                assert_eq!(keys, ["hidden", "side"], "{h}");
                seen += 1;
            }
        }
    }
    assert!(seen > 100);
}

#[test]
fn views_are_compact_static_data_stays_in_the_catalog() {
    let (game, _) = lab(130);
    let view = game.view(Viewer::Seat(Side::Union));
    let text = serde_json::to_string(&view).unwrap();
    assert!(text.len() < 12_000, "{} bytes", text.len());
    let own = view["areas"][0]["counters"][0]
        .as_object()
        .expect("a counter");
    assert!(
        !own.contains_key("name") && !own.contains_key("full"),
        "names and printed values are static data"
    );
    assert_eq!(view["union_private"]["dummy_pool"], 10);
    let dummies = game
        .counters()
        .iter()
        .filter(|c| c.kind() == Kind::Dummy && c.place() == Place::Pool)
        .count();
    assert_eq!(dummies, 20);
}

/// Every `in_comms` field of the counters in the view's Areas.
fn loc_fields(view: &Value) -> Vec<Value> {
    view["areas"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|a| a["counters"].as_array().into_iter().flatten())
        .filter_map(|c| c.get("in_comms").cloned())
        .collect()
}

/// Issue 15: every unit read "[out of communications]" during set-up, when no LOC has been
/// traced yet (S2.1 step 3 traces it when set-up is complete). The view says nothing of LOC
/// until then, and gives it from then on.
#[test]
fn no_loc_status_is_shown_before_set_up_traces_it() {
    let (game, _) = new_game(5);
    for side in Side::BOTH {
        let view = game.view(Viewer::Seat(side));
        assert!(
            loc_fields(&view).is_empty(),
            "LOC shown at set-up: {:?}",
            loc_fields(&view)
        );
    }
    let (game, _) = lab(5);
    let fields = loc_fields(&game.view(Viewer::Seat(Side::Union)));
    assert!(!fields.is_empty(), "no LOC status after set-up");
    assert!(fields.contains(&Value::Bool(true)), "{fields:?}");
}
