//! Issue 16, "small updates by construction": the server makes each viewer's update from the
//! parts of its view that changed (`parts_patch::diff_parts`). Checked over seeded random
//! games of every game, undo taken at random where offered: after every action, for each
//! seat and the spectators, the patch made from the parts is byte for byte the patch of the
//! two views written whole (`text_patch::diff_indexed`), and it turns the old view into the
//! new one. So a part that changed but was taken as kept, or a secret in a part, would show
//! as a patch that is not the whole views' diff.

use adjutant_engine::{
    ChoiceKind, ChoiceScope, DynMatch, Part, PerSide, Seed, Setup, Side, Viewer,
};
use adjutant_protocol::json_index::IndexedJson;
use adjutant_protocol::parts_patch::diff_parts;
use adjutant_protocol::patch::{PatchOp, apply};
use adjutant_protocol::text_patch::diff_indexed;
use serde_json::{Map, Value};

const VIEWERS: [Viewer; 3] = [
    Viewer::Seat(Side::Union),
    Viewer::Seat(Side::Confederate),
    Viewer::Spectator,
];

/// A tiny deterministic generator for the bots' choices (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

fn start(game: &str, scenario: &str, options: Map<String, Value>, n: u64) -> Box<dyn DynMatch> {
    let kind = adjutant_games::GAMES
        .iter()
        .find(|g| g.id == game)
        .map(|g| (g.rules)())
        .expect("the game is registered");
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    // Each side's secret choices (Outpost's decoy) as their defaults.
    let mut secret_choices: PerSide<Map<String, Value>> = PerSide::default();
    for choice in &kind.info().choices {
        if let (ChoiceScope::Secret(side), ChoiceKind::Enum { default, .. }) =
            (&choice.scope, &choice.kind)
        {
            secret_choices
                .get_mut(*side)
                .insert(choice.id.clone(), Value::from(default.clone()));
        }
    }
    let setup = Setup {
        scenario: scenario.to_string(),
        options,
        secret_choices,
    };
    kind.start(&setup, &Seed::from_bytes(bytes))
        .expect("the scenario sets up")
}

/// Plays up to `actions` random offered actions (undo one time in four where offered; no
/// draws, no resigning), checking every viewer's patch after each; returns how many undos.
fn check(game: &str, scenario: &str, options: Map<String, Value>, n: u64, actions: u64) -> u64 {
    let mut m = start(game, scenario, options, n);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ n);
    let mut bases: Vec<(Part, String)> = VIEWERS
        .iter()
        .map(|&v| {
            let parts = m.view_parts(v);
            let text = parts.text();
            assert_eq!(text, m.view_text(v));
            (parts, text)
        })
        .collect();
    let mut undone = 0;
    while m.outcome().is_none() && m.seq() < actions {
        let to_act = m.to_act();
        let side = to_act[rng.below(to_act.len())];
        let view: Value = serde_json::from_str(&m.view_text(Viewer::Seat(side))).unwrap();
        let mut offered: Vec<Value> = view["actions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|a| {
                let kind = a["type"].as_str().unwrap_or("");
                !kind.ends_with("_draw") && kind != "resign"
            })
            .cloned()
            .collect();
        let undo = offered.iter().position(|a| a["type"] == "undo");
        if let Some(i) = undo.filter(|_| rng.below(4) == 0) {
            m.play(side, &offered[i])
                .expect("undo is accepted while offered");
            undone += 1;
        } else {
            offered.retain(|a| a["type"] != "undo");
            // An action whose typed parameter a bot cannot fill is refused, changing
            // nothing: another is chosen.
            loop {
                assert!(
                    !offered.is_empty(),
                    "a seat to act can play an offered action"
                );
                let mut action = offered.swap_remove(rng.below(offered.len()));
                if action.get("text").and_then(Value::as_str) == Some("") {
                    action["text"] = Value::from(format!("Orders of move {}.", m.seq()));
                }
                if m.play(side, &action).is_ok() {
                    break;
                }
            }
        }
        for (&viewer, (base_parts, base_text)) in VIEWERS.iter().zip(&mut bases) {
            let parts = m.view_parts(viewer);
            let text = parts.text();
            assert_eq!(text, m.view_text(viewer));
            let from_parts = diff_parts(base_parts, &parts).unwrap();
            let whole =
                diff_indexed(&IndexedJson::new(base_text), &IndexedJson::new(&text)).unwrap();
            assert_eq!(
                from_parts,
                whole,
                "{game} {scenario} game {n}, action {}, {}: the patch made from the parts is \
                 not the whole views' diff",
                m.seq(),
                viewer.as_str()
            );
            let mut seen: Value = serde_json::from_str(base_text).unwrap();
            let ops: Vec<PatchOp> = serde_json::from_str(&from_parts).unwrap();
            apply(&mut seen, &ops).unwrap();
            assert_eq!(seen, serde_json::from_str::<Value>(&text).unwrap());
            *base_parts = parts;
            *base_text = text;
        }
    }
    undone
}

/// Every boolean option of a scenario on.
fn every_option(game: &str, scenario: &str) -> Map<String, Value> {
    let kind = adjutant_games::GAMES
        .iter()
        .find(|g| g.id == game)
        .map(|g| (g.rules)())
        .expect("the game is registered");
    kind.info()
        .choices
        .iter()
        .filter(|c| c.scenarios.is_empty() || c.scenarios.iter().any(|s| s == scenario))
        .filter(|c| c.scope == ChoiceScope::Option)
        .filter(|c| matches!(c.kind, ChoiceKind::Bool { .. }))
        .map(|c| (c.id.clone(), Value::Bool(true)))
        .collect()
}

#[test]
fn champion_hill_patches_from_parts_are_the_whole_views_diffs() {
    let undone: u64 = (0..3)
        .map(|n| {
            check(
                "mississippi-fortress",
                "champion-hill",
                Map::new(),
                n,
                u64::MAX,
            )
        })
        .sum();
    assert!(undone > 0, "the games took back no action");
}

#[test]
fn the_grand_campaign_with_every_option_patches_from_parts_as_the_whole_views() {
    let options = every_option("mississippi-fortress", "porter-runs-the-batteries");
    check(
        "mississippi-fortress",
        "porter-runs-the-batteries",
        options,
        7,
        1_500,
    );
}

#[test]
fn outpost_patches_from_parts_are_the_whole_views_diffs() {
    let undone: u64 = (0..20)
        .map(|n| check("outpost", "skirmish", Map::new(), n, u64::MAX))
        .sum();
    assert!(undone > 0, "the games took back no action");
}

#[test]
fn a_view_written_whole_and_taken_apart_patches_as_the_whole_views() {
    check("bloody-roads-south", "sanders-field", Map::new(), 1, 60);
}
