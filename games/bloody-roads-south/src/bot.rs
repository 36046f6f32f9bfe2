//! A bot's batches (for seeded bot games; play never uses it): an offered `IssueOrders` or
//! `Initiative` is filled from the seat's own menu (`command.batch_menu`) with a few entries
//! chosen by the caller's die, each kept only if the batch still passes whole, so that bot
//! games do write orders, drop goals, bring eliminated brigades back (in one of the hexes the
//! menu lists), form the Army of the Potomac Reserve (3.6) and try for the initiative; an
//! offered `FinishSetUp` likewise takes a few
//! extended lines from the seat's `setup_extensions` (rule 6.0h), so that bot games play with
//! extended lines from the start.

use adjutant_engine::{Dice, Rules, Seed, Side};

use crate::model::action::{Action, SetUpExtension};
use crate::model::draft::{Attempt, EntryDraft, OrderDraft, ReturnDraft};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Receiver;

/// The most entries a bot puts in one batch.
const MOST: usize = 4;

/// `offered` filled by a bot: for a batch, up to four menu entries chosen with `pick` (which
/// returns a number below its argument), each order's words `words` and an army HQ's move
/// aimed at its own hex; any other action unchanged. Emergency retreats are left out (a bot
/// would otherwise retreat at random).
pub fn fill(
    g: &BloodyRoadsSouth,
    side: Side,
    offered: &Action,
    pick: &mut dyn FnMut(usize) -> usize,
    words: &str,
) -> Action {
    if matches!(offered, Action::FinishSetUp { .. }) {
        return fill_extensions(g, side, offered, pick);
    }
    if !matches!(
        offered,
        Action::IssueOrders { .. } | Action::Initiative { .. }
    ) {
        return offered.clone();
    }
    let menu = {
        // Read whole, as a view is (its radius traces found once).
        let _reading = g.read_whole();
        g.batch_menu(side).unwrap_or_default()
    };
    let entries: Vec<serde_json::Value> = menu["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|e| e["field"] != "retreats")
        .collect();
    let mut batch = offered.clone();
    if entries.is_empty() {
        return batch;
    }
    // Now and then the bot goes first for the menu's rarer orders: 4.3a's orders for a group
    // of 6 May still off the map (`group`), Grant's order to Meade forming the AoP Reserve
    // (3.6, `reserve_divisions`).
    let special: Vec<usize> = (0..entries.len())
        .filter(|&i| {
            entries[i].get("group").is_some() || entries[i].get("reserve_divisions").is_some()
        })
        .collect();
    let first = (!special.is_empty() && pick(2) == 0).then(|| special[pick(special.len())]);
    let rounds = pick(MOST + 1).max(usize::from(first.is_some()));
    for round in 0..rounds {
        let e = match (round, first) {
            (0, Some(i)) => &entries[i],
            _ => &entries[pick(entries.len())],
        };
        let mut next = batch.clone();
        match (&mut next, e["field"].as_str()) {
            (Action::IssueOrders { orders, .. }, Some("orders")) => {
                let Ok(mut d) = serde_json::from_value::<OrderDraft>(e["item"].clone()) else {
                    continue;
                };
                d.text = words.to_string();
                if let Receiver::ArmyHq(a) = &d.receiver {
                    d.objective = g.army_hq(side, a).and_then(|k| g.unit(k).hex());
                }
                // Optional rule 3.6: now and then Grant's order to Meade forms the Reserve.
                let reserve = e["reserve_divisions"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                if !reserve.is_empty() && ((round == 0 && first.is_some()) || pick(3) == 0) {
                    let one = reserve[pick(reserve.len())].clone();
                    if let Ok(div) = serde_json::from_value(one) {
                        d.reserve.push(div);
                    }
                }
                orders.push(d);
            }
            (Action::IssueOrders { drop_goals, .. }, Some("drop_goals")) => {
                if let Ok(r) = serde_json::from_value::<Receiver>(e["item"].clone()) {
                    drop_goals.push(r);
                }
            }
            (Action::IssueOrders { entry_choices, .. }, Some("entry_choices")) => {
                if let Ok(d) = serde_json::from_value::<EntryDraft>(e["item"].clone()) {
                    entry_choices.retain(|x| x.group != d.group);
                    entry_choices.push(d);
                }
            }
            (Action::IssueOrders { returns, .. }, Some("returns")) => {
                let hexes = e["hexes"].as_array().cloned().unwrap_or_default();
                if hexes.is_empty() {
                    continue;
                }
                let mut item = e["item"].clone();
                item["hex"] = hexes[pick(hexes.len())].clone();
                if let Ok(r) = serde_json::from_value::<ReturnDraft>(item) {
                    returns.push(r);
                }
            }
            (Action::Initiative { attempts }, Some("attempts")) => {
                let Ok(mut a) = serde_json::from_value::<Attempt>(e["item"].clone()) else {
                    continue;
                };
                a.text = words.to_string();
                attempts.push(a);
            }
            _ => continue,
        }
        if passes(g, side, &next) {
            batch = next;
        }
    }
    batch
}

/// `FinishSetUp` with up to four extended lines from the seat's menu, each kept only if the
/// list still passes whole.
fn fill_extensions(
    g: &BloodyRoadsSouth,
    side: Side,
    offered: &Action,
    pick: &mut dyn FnMut(usize) -> usize,
) -> Action {
    let menu: Vec<serde_json::Value> = g
        .setup_extensions_view(side)
        .and_then(|v| v.as_array().cloned())
        .unwrap_or_default();
    let mut finish = offered.clone();
    if menu.is_empty() {
        return finish;
    }
    for _ in 0..pick(MOST + 1) {
        let e = &menu[pick(menu.len())];
        let hexes = e["hexes"].as_array().cloned().unwrap_or_default();
        if hexes.is_empty() {
            continue;
        }
        let item = serde_json::json!({"unit": e["unit"], "hex": hexes[pick(hexes.len())]});
        let Ok(ext) = serde_json::from_value::<SetUpExtension>(item) else {
            continue;
        };
        let mut next = finish.clone();
        if let Action::FinishSetUp { extensions, .. } = &mut next {
            extensions.push(ext);
        }
        if g.check_lists(side, &next).is_ok() {
            finish = next;
        }
    }
    finish
}

/// True when `action` would be accepted now (tried on a copy, with throwaway dice).
fn passes(g: &BloodyRoadsSouth, side: Side, action: &Action) -> bool {
    let mut trial = g.clone();
    let mut dice = Dice::new(&Seed::from_bytes([0; 32]));
    trial.apply(side, action.clone(), &mut dice).is_ok()
}
