//! The one list of Adjutant's games ([`GAMES`]): the server, the test server, the `adjutant`
//! command and (through the server) the web client find every game here and nowhere else.
//!
//! A game is one folder, `games/<id>/`, named by its id on the wire: its rules crate (the
//! engine's `Rules`, with its catalog entry and static data), its web board `web/board.js`
//! (found by the server by that folder, embedded by walking it), and, if it has a text
//! rendering of its own, a `cli/` crate that depends on no rules. Adding a game is that
//! folder, one entry in [`GAMES`] and its dependency lines in this crate's `Cargo.toml`
//! (docs/adding-a-game.md).
//!
//! Why one entry here rather than a value exported by each game crate: the rules and the CLI
//! rendering are separate crates (the `adjutant` command links no rules), so the one value
//! that joins them lives in the only crate that sees both, behind the features that keep
//! each side from linking the other's.

#[cfg(feature = "rules")]
use adjutant_engine::{GameKind, Opponent, Registry};
#[cfg(feature = "cli")]
use serde_json::Value;
#[cfg(feature = "rules")]
use std::sync::Arc;

/// One game of the list.
pub struct Game {
    /// Its id on the wire, which is also its folder under `games/`.
    pub id: &'static str,
    /// Hosted by the test server (`adjutant-tests`) only, never by `adjutant-server`.
    pub test_only: bool,
    /// Its rules for the engine's [`Registry`] (catalog entry and static data included).
    #[cfg(feature = "rules")]
    pub rules: fn() -> Arc<dyn GameKind>,
    /// Its computer opponent, if it has one (a game played against the computer).
    #[cfg(feature = "rules")]
    pub opponent: Option<fn() -> Arc<dyn Opponent>>,
    /// Its text rendering for the `adjutant` command; `None`: the command's generic one.
    #[cfg(feature = "cli")]
    pub cli: Option<Cli>,
}

/// A game's own text rendering of a view, from the view and the game's static data
/// (`GET /api/catalog/{game}`): no rules needed.
#[cfg(feature = "cli")]
#[derive(Clone, Copy)]
pub struct Cli {
    /// The game's name on the title line.
    pub title: &'static str,
    /// Everything of a view but the prompt: `board(view, static_data)`.
    pub board: fn(&Value, &Value) -> String,
    /// The whole map as text, with what the view shows on it: `map(view, static_data)`
    /// (`view` is `Null` while the game is open).
    pub map: fn(&Value, &Value) -> String,
    /// One place of the map (an Area, a hex: the game's own word for it) described, its
    /// neighbours and who is there: `area(place, view, static_data)`; `Err` is a sentence
    /// saying why the place is not one of the map's.
    pub area: fn(&str, &Value, &Value) -> Result<String, String>,
    /// The map as a standalone SVG document: `svg(view, static_data)`.
    pub svg: fn(&Value, &Value) -> Result<String, String>,
    /// The maps studied without a game (`adjutant maps GAME`): `maps(static_data, sheets,
    /// svg)` draws the sheets named in the game's own words (all when empty) as text, or as an
    /// SVG document with `svg`; `Err` is a sentence. `None`: the game has no sheets to choose.
    pub maps: Option<MapsFn>,
    /// More of one event than its sentence, where the game has more to show:
    /// `event(event, static_data)` (Mississippi Fortress: a combat report as a table);
    /// `None`: the sentence alone.
    pub event: Option<fn(&Value, &Value) -> Option<String>>,
}

/// `Cli::maps`: the sheets named drawn from the static data, as text or SVG.
#[cfg(feature = "cli")]
pub type MapsFn = fn(&Value, &str, bool) -> Result<String, String>;

/// Every game (the catalog lists them by id). The list.
pub const GAMES: &[Game] = &[
    Game {
        id: "mississippi-fortress",
        test_only: false,
        #[cfg(feature = "rules")]
        rules: mississippi_fortress::kind,
        #[cfg(feature = "rules")]
        opponent: Some(mississippi_fortress_ai::opponent),
        #[cfg(feature = "cli")]
        cli: Some(Cli {
            title: mississippi_fortress_cli::TITLE,
            board: mississippi_fortress_cli::board,
            map: mississippi_fortress_cli::map,
            area: mississippi_fortress_cli::area,
            svg: mississippi_fortress_cli::svg,
            maps: None,
            event: Some(mississippi_fortress_cli::event),
        }),
    },
    // Hosted since Scenario 1 plays to its result (the catalog offers only the scenarios
    // whose rules are built; the rules reference, section 0.1, lists what is not yet).
    Game {
        id: "bloody-roads-south",
        test_only: false,
        #[cfg(feature = "rules")]
        rules: bloody_roads_south::kind,
        #[cfg(feature = "rules")]
        opponent: None,
        #[cfg(feature = "cli")]
        cli: Some(Cli {
            title: bloody_roads_south_cli::TITLE,
            board: bloody_roads_south_cli::board,
            map: bloody_roads_south_cli::map,
            area: bloody_roads_south_cli::area,
            svg: bloody_roads_south_cli::svg,
            maps: Some(bloody_roads_south_cli::maps),
            event: None,
        }),
    },
    #[cfg(feature = "test-games")]
    Game {
        id: "outpost",
        test_only: true,
        #[cfg(feature = "rules")]
        rules: outpost::kind,
        #[cfg(feature = "rules")]
        opponent: None,
        #[cfg(feature = "cli")]
        cli: None,
    },
];

/// The games of `adjutant-server`: the list without its test-only games. (Cargo unifies
/// features across one build, so a workspace build may compile Outpost into the server
/// binary; it is still never registered, because this filter does not depend on features.)
#[cfg(feature = "rules")]
pub fn registry() -> Registry {
    build(GAMES.iter().filter(|g| !g.test_only))
}

/// The games of the test server: the whole list.
#[cfg(feature = "test-games")]
pub fn test_registry() -> Registry {
    build(GAMES.iter())
}

/// The small game the server's own unit tests play (Outpost: a few actions to a result).
#[cfg(feature = "test-games")]
pub fn unit_test_game() -> Arc<dyn GameKind> {
    outpost::kind()
}

#[cfg(feature = "rules")]
fn build<'a>(games: impl Iterator<Item = &'a Game>) -> Registry {
    games.fold(Registry::new(), |registry, g| {
        let registry = registry.with((g.rules)());
        match g.opponent {
            Some(opponent) => registry.with_opponent(g.id, opponent()),
            None => registry,
        }
    })
}

/// The text rendering of game `id`, if it has one of its own.
#[cfg(feature = "cli")]
pub fn cli(id: &str) -> Option<Cli> {
    GAMES.iter().find(|g| g.id == id).and_then(|g| g.cli)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn each_game_is_the_folder_named_by_its_id() {
        let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for g in GAMES {
            assert!(
                games.join(g.id).join("Cargo.toml").is_file(),
                "games/{}/ is not a crate",
                g.id
            );
        }
    }

    #[cfg(feature = "rules")]
    #[test]
    fn each_entry_is_the_rules_of_its_id() {
        for g in GAMES {
            assert_eq!((g.rules)().info().id, g.id);
        }
    }

    #[cfg(feature = "test-games")]
    #[test]
    fn the_servers_registry_leaves_the_test_games_out() {
        let served: Vec<String> = registry().games().map(|k| k.info().id.clone()).collect();
        let tested: Vec<String> = test_registry()
            .games()
            .map(|k| k.info().id.clone())
            .collect();
        for g in GAMES {
            assert_eq!(served.contains(&g.id.to_string()), !g.test_only);
            assert!(tested.contains(&g.id.to_string()));
        }
    }
}
