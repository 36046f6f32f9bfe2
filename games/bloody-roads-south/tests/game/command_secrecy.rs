//! Orders stay secret (reference section 5): two games that differ only in the orders one side
//! wrote give the other side and spectators identical views, prompts, offered actions and
//! redacted events; and no order text ever reaches them (a canary search). Grant's orders in
//! Sander's Field; Lee's in Scenario 3 (Map B), where the Union has none.

use adjutant_engine::{Match, Rules, Side, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::model::order::Receiver;
use bloody_roads_south::testing;
use proptest::prelude::*;
use serde_json::Value;

use crate::support::Rng as Bot;
use crate::support::*;

/// Hexes of Map A an order may aim at.
const HEXES: [&str; 6] = ["A32.08", "A21.09", "A15.10", "A27.12", "A40.20", "A12.10"];
/// Hexes of Map B an order may aim at (Scenario 3).
const HEXES_B: [&str; 6] = ["B32.26", "B21.25", "B12.28", "B2.21", "B8.20", "B39.06"];

/// One order to write: which menu entry, its words, its objective.
#[derive(Debug, Clone)]
struct Spec {
    pick: usize,
    text: String,
    objective: Option<usize>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        any::<usize>(),
        "[a-zA-Z ,.]{0,40}",
        proptest::option::of(0..HEXES.len()),
    )
        .prop_map(|(pick, text, objective)| Spec {
            pick,
            text,
            objective,
        })
}

/// Writes the orders of `specs` for `side` in one `IssueOrders` batch: each spec picks an
/// entry of the menu, kept when the batch still passes whole (as a client composing it
/// would), its objective among `hexes`.
fn write_orders(m: &mut Match<BloodyRoadsSouth>, side: Side, specs: &[Spec], hexes: &[&str]) {
    let menu = menu_drafts(m, side);
    let mut orders = Vec::new();
    if !menu.is_empty() {
        for s in specs {
            let mut d = menu[s.pick % menu.len()].clone();
            d.text = s.text.clone();
            d.objective = s.objective.map(|i| hexes[i].parse().unwrap());
            if matches!(d.receiver, Receiver::ArmyHq(_)) && d.objective.is_none() {
                d.objective = Some(hexes[0].parse().unwrap());
            }
            orders.push(d);
            let mut trial = m.clone();
            let value = serde_json::to_value(issue(orders.clone())).unwrap();
            if trial.play(side, &value).is_err() {
                orders.pop();
            }
        }
    }
    play(m, side, &issue(orders));
}

/// The first path where two JSON values differ.
fn first_difference(a: &Value, b: &Value, path: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for k in x.keys().chain(y.keys()) {
                let (va, vb) = (
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                );
                if let Some(p) = first_difference(va, vb, format!("{path}.{k}")) {
                    return Some(p);
                }
            }
            None
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (va, vb))| first_difference(va, vb, format!("{path}[{i}]"))),
        _ if a == b => None,
        _ => Some(format!("{path}: {a} / {b}")),
    }
}

fn same(a: &[Value], b: &[Value]) -> Result<(), TestCaseError> {
    let (x, y) = (Value::Array(a.to_vec()), Value::Array(b.to_vec()));
    match first_difference(&x, &y, String::new()) {
        None => Ok(()),
        Some(p) => Err(TestCaseError::fail(format!(
            "the others can tell the games apart at {p}"
        ))),
    }
}

/// What the opponent of the side with secrets and a spectator see now.
fn seen(m: &Match<BloodyRoadsSouth>, secret: Side) -> Vec<Value> {
    vec![
        m.view(Viewer::Seat(secret.opponent())),
        m.view(Viewer::Spectator),
    ]
}

/// Plays `steps` actions the same way in both games: the side with secrets (`secret`)
/// finishes every step (or takes the first offered answer), its opponent chooses with `rng`
/// among what it is offered, which must be the same in both; after each action the others'
/// views and events must be.
///
/// Until the two games part by chance: the secret side's own die stream (its acceptance,
/// morale, straggler and leader loss rolls) is read once more in a game whose orders were
/// accepted, so from then on the two streams stand at different places. That is no leak in
/// itself (the other side sees no roll of it), but once an action draws from both streams at
/// their different places, its dice differ, and what they decide may show (a morale check's
/// retreat): as likely in one game as in the other, so nothing is learnt, but the two games
/// are no longer the same game. The comparison stops there, every action before it compared
/// (the regression case in `tests/proptest-regressions/command_secrecy.txt` is one).
fn play_on_together(
    a: &mut Match<BloodyRoadsSouth>,
    b: &mut Match<BloodyRoadsSouth>,
    secret: Side,
    rng: &mut Bot,
    steps: usize,
) -> Result<(), TestCaseError> {
    let other = secret.opponent();
    same(&seen(a, secret), &seen(b, secret))?;
    for _ in 0..steps {
        let to_act = a.to_act();
        prop_assert_eq!(&to_act, &b.to_act());
        prop_assert_eq!(a.seq(), b.seq());
        let Some(&side) = to_act.first() else {
            return Ok(());
        };
        let action = if side == secret {
            let pick = |m: &Match<BloodyRoadsSouth>| {
                let offered = m.state().legal_actions(secret);
                offered
                    .iter()
                    .find(|x| is_finish(x))
                    .or(offered.first())
                    .cloned()
                    .expect("the side with secrets can act")
            };
            let (x, y) = (pick(a), pick(b));
            prop_assert_eq!(&x, &y, "the moves the others see are the same");
            x
        } else {
            let offered: Vec<Value> = a
                .offered(other)
                .into_iter()
                .filter(|x| x["type"] != "undo")
                .collect();
            prop_assert_eq!(&a.offered(other), &b.offered(other));
            prop_assert_eq!(a.prompt(other), b.prompt(other));
            let value = offered[rng.below(offered.len())].clone();
            serde_json::from_value(value).expect("an action")
        };
        let read = |m: &Match<BloodyRoadsSouth>| testing::secret_dice_read(m.state(), secret);
        let (before_a, before_b) = (read(a), read(b));
        let pa = play_got(a, side, &action);
        let pb = play_got(b, side, &action);
        let parted = before_a != before_b && read(a) != before_a && read(b) != before_b;
        if parted {
            return Ok(());
        }
        for viewer in [Viewer::Seat(other), Viewer::Spectator] {
            same(&a.redact_played(&pa, viewer), &b.redact_played(&pb, viewer))?;
        }
        same(&seen(a, secret), &seen(b, secret))?;
    }
    Ok(())
}

fn base() -> &'static Match<BloodyRoadsSouth> {
    static BASE: std::sync::OnceLock<Match<BloodyRoadsSouth>> = std::sync::OnceLock::new();
    BASE.get_or_init(|| union_order_issue(41))
}

/// Scenario 3 at the Confederates' first Order Issue: Lee writes, the Union has no writer.
fn plank_road_base() -> &'static Match<BloodyRoadsSouth> {
    use bloody_roads_south::model::step::{CommandSegment, Step};
    static BASE: std::sync::OnceLock<Match<BloodyRoadsSouth>> = std::sync::OnceLock::new();
    BASE.get_or_init(|| {
        let mut m = plank_road(41);
        set_up_quickly(&mut m);
        finish_until(&mut m, |g| {
            g.step()
                == Step::Command {
                    side: Side::Confederate,
                    segment: CommandSegment::OrderIssue,
                }
        });
        m
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Section 5: the other side and spectators cannot tell two games apart that differ only
    /// in the Union's orders (text, receiver, method, type, objective, how many).
    #[test]
    fn section_5_the_orders_of_one_side_never_reach_the_other_or_spectators(
        first in proptest::collection::vec(spec(), 0..4),
        second in proptest::collection::vec(spec(), 0..4),
        seed in any::<u64>(),
    ) {
        let mut a = base().clone();
        let mut b = base().clone();
        write_orders(&mut a, Side::Union, &first, &HEXES);
        write_orders(&mut b, Side::Union, &second, &HEXES);
        let mut rng = Bot(seed);
        play_on_together(&mut a, &mut b, Side::Union, &mut rng, 24)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Section 5 in Scenario 3: the Union and spectators cannot tell two games apart that
    /// differ only in Lee's orders to 3 Corps and its divisions.
    #[test]
    fn section_5_scenario_3_lee_s_orders_never_reach_the_union_or_spectators(
        first in proptest::collection::vec(spec(), 0..4),
        second in proptest::collection::vec(spec(), 0..4),
        seed in any::<u64>(),
    ) {
        let mut a = plank_road_base().clone();
        let mut b = plank_road_base().clone();
        write_orders(&mut a, Side::Confederate, &first, &HEXES_B);
        write_orders(&mut b, Side::Confederate, &second, &HEXES_B);
        let mut rng = Bot(seed);
        play_on_together(&mut a, &mut b, Side::Confederate, &mut rng, 24)?;
    }
}

#[test]
fn section_5_no_order_text_reaches_the_opponent_or_a_spectator() {
    for n in 0..6u64 {
        let canary = format!("Qzkanary{n}Wv");
        let mut m = base().clone();
        let specs: Vec<Spec> = (0..4)
            .map(|i| Spec {
                pick: (n as usize) * 7 + i * 13,
                text: format!("{canary} order {i}"),
                objective: Some((n as usize + i) % HEXES.len()),
            })
            .collect();
        write_orders(&mut m, Side::Union, &specs, &HEXES);
        assert!(
            m.state()
                .orders(Side::Union)
                .iter()
                .any(|o| o.text().contains(&canary)),
            "the canary was written"
        );
        let mut rng = Bot(n);
        for _ in 0..60 {
            if m.outcome().is_some() {
                break; // after the game every viewer sees everything (section 5)
            }
            for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
                let v = serde_json::to_string(&m.view(viewer)).unwrap();
                assert!(
                    !v.contains(&canary),
                    "{viewer:?} sees the canary in its view"
                );
            }
            let Some(&side) = m.to_act().first() else {
                break;
            };
            let offered: Vec<Value> = m
                .offered(side)
                .into_iter()
                .filter(|x| x["type"] != "undo")
                .collect();
            let value = if side == Side::Union {
                offered
                    .iter()
                    .find(|a| a["type"].as_str().is_some_and(|t| t.starts_with("finish")))
                    .unwrap_or(&offered[0])
                    .clone()
            } else {
                offered[rng.below(offered.len())].clone()
            };
            let played = m.play(side, &value).expect("an offered action plays");
            for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
                let e = serde_json::to_string(&m.redact_played(&played, viewer)).unwrap();
                assert!(
                    !e.contains(&canary),
                    "{viewer:?} reads the canary in an event"
                );
            }
            let own = serde_json::to_string(&m.view(Viewer::Seat(Side::Union))).unwrap();
            assert!(own.contains(&canary), "the owner keeps seeing his orders");
        }
    }
}
