//! The commands that look at a game: `show` (the board, what happened since the viewer's last
//! action, the prompt), `events`, `map`, `maps` and `area`. The map and its places are drawn by the
//! game's own text rendering (through the registry); this file only fetches and dispatches.

use adjutant_cli::{Client, ClientError, recap, render};
use adjutant_protocol::GameState;
use serde_json::Value;

use crate::corr_cli;

fn e(err: ClientError) -> String {
    err.to_string()
}

/// What happened since the viewer's last action in the game standing at action `seq`, as
/// sentences (empty when there is nothing to tell or the events cannot be read).
pub(crate) async fn catch_up(
    client: &Client,
    game_id: &str,
    game: &str,
    data: &Value,
    seq: u64,
    spectate: Option<&str>,
) -> String {
    match client.events(game_id, recap::after(seq), spectate).await {
        Ok(log) => recap::recap(&log, &log.viewer, game_id, &|event| {
            render::game_event(game, event, data)
        }),
        // The recap is a help to reading the board, not the board: without it, show the rest.
        Err(_) => String::new(),
    }
}

/// `adjutant show`.
pub(crate) async fn show(
    client: &Client,
    game_id: &str,
    spectate: Option<&str>,
    json: bool,
) -> Result<(), String> {
    let state = client.state(game_id, spectate).await.map_err(e)?;
    if json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&state).expect("states serialise")
        );
        return Ok(());
    }
    let data = game_data(client, &state.game).await;
    let recap = if state.view.is_null() {
        String::new()
    } else {
        catch_up(client, game_id, &state.game, &data, state.seq, spectate).await
    };
    out!("{}", render::state_with(&state, &data, &recap));
    extras(&state);
    Ok(())
}

/// The clock and the rematch, after the prompt.
pub(crate) fn extras(state: &GameState) {
    if let Some(clock) = &state.clock {
        out!("\n{}", corr_cli::clock(clock));
    }
    if let Some(id) = &state.rematch {
        outln!("\nA rematch is offered: game {id}.");
    }
}

/// `adjutant events`.
pub(crate) async fn events(
    client: &Client,
    game_id: &str,
    after: u64,
    spectate: Option<&str>,
) -> Result<(), String> {
    let log = client.events(game_id, after, spectate).await.map_err(e)?;
    // Which game it is, for what its own rendering adds to an event (a combat table).
    let game = client.state(game_id, spectate).await.map_err(e)?.game;
    let data = game_data(client, &game).await;
    for entry in log.entries {
        for event in entry.events {
            outln!(
                "{:>5} {:<11} {}",
                entry.seq,
                entry.side.to_string(),
                render::game_event(&game, &event, &data)
            );
        }
    }
    Ok(())
}

/// The game's kind, view and static data, for its map.
async fn map_inputs(
    client: &Client,
    game_id: &str,
    spectate: Option<&str>,
) -> Result<(String, Value, Value), String> {
    let state = client.state(game_id, spectate).await.map_err(e)?;
    let data = game_data(client, &state.game).await;
    Ok((state.game, state.view, data))
}

fn no_map(game: &str) -> String {
    format!("this build of adjutant has no map of {game} to show (`adjutant show` gives its state)")
}

/// `adjutant map`: the whole map as text, or as an SVG file.
pub(crate) async fn map(
    client: &Client,
    game_id: &str,
    svg: Option<&str>,
    spectate: Option<&str>,
) -> Result<(), String> {
    let (game, view, data) = map_inputs(client, game_id, spectate).await?;
    let own = adjutant_games::cli(&game).ok_or_else(|| no_map(&game))?;
    match svg {
        Some(path) => {
            let doc = (own.svg)(&view, &data)?;
            std::fs::write(path, doc).map_err(|err| format!("cannot write {path}: {err}"))?;
            outln!(
                "Drew the map of game {game_id} to {path}; open it in a browser or an image viewer."
            );
        }
        None => out!("{}", (own.map)(&view, &data)),
    }
    Ok(())
}

/// `adjutant maps`: a game's maps without a game, as text or as an SVG file.
pub(crate) async fn maps(
    client: &Client,
    game: &str,
    sheets: &str,
    svg: Option<&str>,
) -> Result<(), String> {
    let draw = adjutant_games::cli(game)
        .and_then(|own| own.maps)
        .ok_or_else(|| format!("this build of adjutant has no maps of {game} to study"))?;
    let data = client.game_data(game).await.map_err(e)?;
    let doc = draw(&data, sheets, svg.is_some())?;
    match svg {
        Some(path) => {
            std::fs::write(path, doc).map_err(|err| format!("cannot write {path}: {err}"))?;
            outln!("Drew the maps of {game} to {path}; open it in a browser or an image viewer.");
        }
        None => out!("{doc}"),
    }
    Ok(())
}

/// `adjutant area`: one place of the map.
pub(crate) async fn area(
    client: &Client,
    game_id: &str,
    place: &str,
    spectate: Option<&str>,
) -> Result<(), String> {
    let (game, view, data) = map_inputs(client, game_id, spectate).await?;
    let own = adjutant_games::cli(&game).ok_or_else(|| no_map(&game))?;
    out!("{}", (own.area)(place, &view, &data)?);
    Ok(())
}

/// A game's static data (`GET /api/catalog/{game}`) if it draws its board from it, else (or
/// if it does not load) `Null`: names and the map degrade to ids without it.
pub(crate) async fn game_data(client: &Client, game: &str) -> Value {
    if !render::needs_data(game) {
        return Value::Null;
    }
    client.game_data(game).await.unwrap_or(Value::Null)
}
