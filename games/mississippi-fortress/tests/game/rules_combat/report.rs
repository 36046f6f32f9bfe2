//! The combat report (S9.2-S9.5 worked as the book's players work them): one public `battle`
//! event per engagement carrying `"combat": {...}` beside its sentence, and the same reports
//! on the Battle Board of every view (`battle.combats`). The field names are the wire format
//! (docs/protocol.md, "Mississippi Fortress combat reports").

use mississippi_fortress::data::Charts;
use mississippi_fortress::data::charts::{AttackerOrder, DefenderOrder};
use serde_json::{Value, json};

use super::*;

/// Gives every Line Position that needs one its order (`union` for the Union's, `confederate`
/// for the Confederate's; none for an unengaged one that may hold without) until the round
/// resolves; returns every event of those actions.
fn give_orders(
    game: &mut MississippiFortress,
    dice: &mut Dice,
    union: CombatOrder,
    confederate: CombatOrder,
) -> Vec<mississippi_fortress::Event> {
    let mut events = Vec::new();
    for (side, order) in [(Side::Union, union), (Side::Confederate, confederate)] {
        while let Some(line) = game.next_order_line(side) {
            let wanted = Action::Order {
                line,
                order: Some(order),
            };
            // An unengaged Defender Line Position holds without an order where it may.
            let hold = Action::Order { line, order: None };
            let offered = game.legal_actions(side);
            let action = [wanted, hold]
                .into_iter()
                .find(|a| offered.contains(a))
                .unwrap_or_else(|| offered[0].clone());
            events.extend(play(game, dice, side, action));
        }
    }
    events
}

/// The events carrying a combat report, as JSON.
fn combats(events: &[mississippi_fortress::Event]) -> Vec<Value> {
    events
        .iter()
        .filter(|e| e.combat.is_some())
        .map(|e| serde_json::to_value(e).expect("events serialise"))
        .collect()
}

/// The names a shift list gives: (chart, side, by, rule).
fn shift_keys(combat: &Value) -> Vec<(String, String, i64, String)> {
    combat["shifts"]
        .as_array()
        .expect("shifts is a list")
        .iter()
        .map(|s| {
            (
                s["chart"].as_str().unwrap_or("").to_string(),
                s["side"].as_str().unwrap_or("").to_string(),
                s["by"].as_i64().expect("by is a number"),
                s["rule"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn rule_9_4_column_shifts_are_named_with_their_reasons() {
    // Champion Hill (Area 21, Defensible), Clear: Union LP2 holds two formations (XV and
    // XVII, 7 + 8 SP) against Stevenson (12 SP) in Confederate LP2; LP1 and LP3 are occupied
    // but not fired on.
    let (mut game, mut dice) = field(94, false, |g| {
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
    let events = give_orders(
        &mut game,
        &mut dice,
        CombatOrder::Advance,
        CombatOrder::Stand,
    );
    let found = combats(&events);
    assert_eq!(found.len(), 1, "one report per engagement");
    let event = &found[0];
    assert_eq!(event["type"], "battle");
    assert!(
        event["text"].as_str().unwrap().contains("column 1:2"),
        "the sentence stays: {event}"
    );
    let c = &event["combat"];
    let charts = Charts::get();
    let level = charts
        .cic_a
        .level(DefenderOrder::Stand, AttackerOrder::Advance);
    assert_eq!(c["area"], 21);
    assert_eq!(c["round"], 1);
    assert_eq!(c["intensity"], level);
    assert_eq!(c["rain"], false);
    // S9.3: strengths in SP as text, Line Positions numbered from 1.
    assert_eq!(c["attacker"]["side"], "union");
    assert_eq!(c["attacker"]["role"], "attacker");
    assert_eq!(c["attacker"]["line"], 2);
    assert_eq!(c["attacker"]["order"], "advance");
    assert_eq!(c["attacker"]["strength"], "15");
    assert_eq!(c["attacker"]["modifiers"], json!([]));
    assert_eq!(c["attacker"]["rating"], 0);
    assert_eq!(c["defender"]["side"], "confederate");
    assert_eq!(c["defender"]["line"], 2);
    assert_eq!(c["defender"]["order"], "stand");
    assert_eq!(c["defender"]["strength"], "12");
    // S9.4b-c: 15 against 12 is 1:1, one column left for the Defensible Area.
    assert_eq!(c["ratio"], "1:1");
    assert_eq!(c["column"], "1:2");
    let cell = charts
        .cic_b(level, RatioColumn::OneToTwo)
        .expect("a CIC B cell");
    assert_eq!(c["cell"], cell.label());
    assert_eq!(c["attacker"]["rolls"], cell.attacker_fires);
    assert_eq!(c["defender"]["rolls"], cell.defender_fires);
    // S9.5a, c: 15 SP is the 15-20 column; mixed formations -2 and two unengaged neighbours
    // -1 each take it four columns left; the Defender's 12 SP fires unshifted on 11-14.
    assert_eq!(c["attacker"]["strength_band"], "15-20");
    assert_eq!(c["attacker"]["band"], "1-3");
    assert_eq!(c["defender"]["strength_band"], "11-14");
    assert_eq!(c["defender"]["band"], "11-14");
    let s = |chart: &str, side: &str, by: i64, rule: &str| {
        (chart.to_string(), side.to_string(), by, rule.to_string())
    };
    assert_eq!(
        shift_keys(c),
        [
            s("cic-b", "defender", -1, "S9.4c"),
            s("fcrt", "attacker", -2, "S9.5c"),
            s("fcrt", "attacker", -1, "S9.5c"),
            s("fcrt", "attacker", -1, "S9.5c"),
        ]
    );
    let reasons: Vec<&str> = c["shifts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        reasons,
        [
            "Defensible Area, the Defender does not counterattack",
            "infantry of two or more formations",
            "Confederate LP1 beside the target is not fired on",
            "Confederate LP3 beside the target is not fired on",
        ]
    );
    // S9.5d-e: one entry per roll, the Attacker's first; the losses add them up.
    let fire = c["fire"].as_array().unwrap();
    let by = |who: &str| fire.iter().filter(|f| f["by"] == who).collect::<Vec<_>>();
    assert_eq!(by("attacker").len() as u64, u64::from(cell.attacker_fires));
    assert_eq!(by("defender").len() as u64, u64::from(cell.defender_fires));
    for f in fire {
        assert!((1..=6).contains(&f["die"].as_u64().unwrap()), "{f}");
        assert!(["-", "1", "2", "*"].contains(&f["result"].as_str().unwrap()));
        assert_eq!(f["reroll"].is_u64(), f["result"] == "*", "{f}");
    }
    let lost = |who: &str| {
        by(who)
            .iter()
            .map(|f| f["loss"].as_u64().unwrap())
            .sum::<u64>()
    };
    assert_eq!(c["losses"]["defender"], lost("attacker"));
    assert_eq!(c["losses"]["attacker"], lost("defender"));
    let text = event.to_string();
    assert!(!text.contains("sixteenths"), "{text}");

    // Public (Appendix V): both seats and a spectator read the same report, and the Battle
    // Board of every view carries it.
    let own = game.view(Viewer::Seat(Side::Union));
    for viewer in [
        Viewer::Seat(Side::Union),
        Viewer::Seat(Side::Confederate),
        Viewer::Spectator,
    ] {
        let raw = events.iter().find(|e| e.combat.is_some()).unwrap();
        let seen = raw.redact(viewer).expect("a public event");
        assert_eq!(&seen, event, "{viewer:?}");
        let view = game.view(viewer);
        assert_eq!(view["battle"]["combats"], json!([c]), "{viewer:?}");
    }
    assert_eq!(own["battle"]["combats"][0]["attacker"]["line"], 2);
}

#[test]
fn rule_s9_3_strength_modifiers_and_the_rain_level_are_named() {
    // In Rain, Union artillery and a division assault Loring, who counterattacks (no terrain
    // shift then, S9.4c).
    let (mut game, mut dice) = field(95, true, |g| {
        put(g, "xiii-art", 21);
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
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xiii-art", LP1), ("xiii-12-div", LP1)],
    );
    let events = give_orders(
        &mut game,
        &mut dice,
        CombatOrder::Assault,
        CombatOrder::Counterattack,
    );
    let found = combats(&events);
    assert_eq!(found.len(), 1);
    let c = &found[0]["combat"];
    assert_eq!(c["rain"], true);
    let printed = Charts::get()
        .cic_a
        .level(DefenderOrder::Counterattack, AttackerOrder::Assault);
    assert_eq!(c["intensity"], printed.saturating_sub(1));
    let factor = Charts::get().artillery_multiplier(Side::Union, CombatOrder::Assault);
    // S9.3a: 3 SP of artillery times the chart, plus the division's 6.
    assert_eq!(
        c["attacker"]["strength"],
        (3 * u32::from(factor) + 6).to_string()
    );
    assert_eq!(
        c["attacker"]["modifiers"],
        json!([{"reason": format!("artillery ×{factor} on Assault"), "rule": "S9.3a"}])
    );
    let shifts = shift_keys(c);
    assert_eq!(
        shifts[0],
        ("cic-a".to_string(), String::new(), -1, "3.2c".to_string())
    );
    assert_eq!(c["shifts"][0]["reason"], "Rain (never below Level 0)");
    assert!(
        !shifts.iter().any(|s| s.0 == "cic-b"),
        "no terrain shift against a Counterattack: {shifts:?}"
    );
    assert_eq!(c["ratio"], c["column"]);
}
