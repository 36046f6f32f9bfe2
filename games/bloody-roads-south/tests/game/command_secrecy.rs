//! Orders stay secret (reference section 5): two games that differ only in the orders one side
//! wrote give the other side and spectators identical views, prompts, offered actions and
//! redacted events; and no order text ever reaches them (a canary search).

use adjutant_engine::{Match, Rules, Side, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::model::order::Receiver;
use proptest::prelude::*;
use serde_json::Value;

use crate::support::Rng as Bot;
use crate::support::*;

/// Hexes of Map A an order may aim at.
const HEXES: [&str; 6] = ["A32.08", "A21.09", "A15.10", "A27.12", "A40.20", "A12.10"];

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

/// Writes the orders of `specs` for the Union in one `IssueOrders` batch: each spec picks an
/// entry of the menu, kept when the batch still passes whole (as a client composing it would).
fn write_orders(m: &mut Match<BloodyRoadsSouth>, specs: &[Spec]) {
    let menu = menu_drafts(m, Side::Union);
    let mut orders = Vec::new();
    if !menu.is_empty() {
        for s in specs {
            let mut d = menu[s.pick % menu.len()].clone();
            d.text = s.text.clone();
            d.objective = s.objective.map(|i| HEXES[i].parse().unwrap());
            if matches!(d.receiver, Receiver::ArmyHq(_)) && d.objective.is_none() {
                d.objective = Some(HEXES[0].parse().unwrap());
            }
            orders.push(d);
            let mut trial = m.clone();
            let value = serde_json::to_value(issue(orders.clone())).unwrap();
            if trial.play(Side::Union, &value).is_err() {
                orders.pop();
            }
        }
    }
    play(m, Side::Union, &issue(orders));
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

/// What the Confederate player and a spectator see now.
fn seen(m: &Match<BloodyRoadsSouth>) -> Vec<Value> {
    vec![
        m.view(Viewer::Seat(Side::Confederate)),
        m.view(Viewer::Spectator),
    ]
}

/// Plays `steps` actions the same way in both games: the Union finishes every step (or takes
/// the first offered answer), the Confederates choose with `rng` among what they are offered,
/// which must be the same in both; after each action the others' views and events must be.
fn play_on_together(
    a: &mut Match<BloodyRoadsSouth>,
    b: &mut Match<BloodyRoadsSouth>,
    rng: &mut Bot,
    steps: usize,
) -> Result<(), TestCaseError> {
    same(&seen(a), &seen(b))?;
    for _ in 0..steps {
        let to_act = a.to_act();
        prop_assert_eq!(&to_act, &b.to_act());
        prop_assert_eq!(a.seq(), b.seq());
        let Some(&side) = to_act.first() else {
            return Ok(());
        };
        let action = if side == Side::Union {
            let pick = |m: &Match<BloodyRoadsSouth>| {
                let offered = m.state().legal_actions(Side::Union);
                offered
                    .iter()
                    .find(|x| is_finish(x))
                    .or(offered.first())
                    .cloned()
                    .expect("the Union can act")
            };
            let (x, y) = (pick(a), pick(b));
            prop_assert_eq!(&x, &y, "the Union's moves the others see are the same");
            x
        } else {
            let offered: Vec<Value> = a
                .offered(Side::Confederate)
                .into_iter()
                .filter(|x| x["type"] != "undo")
                .collect();
            prop_assert_eq!(&a.offered(Side::Confederate), &b.offered(Side::Confederate));
            prop_assert_eq!(a.prompt(Side::Confederate), b.prompt(Side::Confederate));
            let value = offered[rng.below(offered.len())].clone();
            serde_json::from_value(value).expect("an action")
        };
        let pa = play_got(a, side, &action);
        let pb = play_got(b, side, &action);
        for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
            same(&a.redact_played(&pa, viewer), &b.redact_played(&pb, viewer))?;
        }
        same(&seen(a), &seen(b))?;
    }
    Ok(())
}

fn base() -> &'static Match<BloodyRoadsSouth> {
    static BASE: std::sync::OnceLock<Match<BloodyRoadsSouth>> = std::sync::OnceLock::new();
    BASE.get_or_init(|| union_order_issue(41))
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
        write_orders(&mut a, &first);
        write_orders(&mut b, &second);
        let mut rng = Bot(seed);
        play_on_together(&mut a, &mut b, &mut rng, 24)?;
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
        write_orders(&mut m, &specs);
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
