//! `adjutant act`: one choice of the seat's offered actions, picked by number, words of its
//! label or JSON, its free fields and lists filled from flags, posted with the sequence
//! number it was offered at; then the board, what happened since (the action's own
//! consequences), whether it may be taken back, and the next prompt. `play` acts the same way.
//!
//! No confirmation is asked before a commit that cannot be undone: the view does not say which
//! choice ends the undo window. The engine takes back a seat's actions until dice are rolled,
//! hidden information is revealed or the turn passes (engine/src/game_match.rs), and only
//! applying an action tells which of these it does; a client that guessed from labels would
//! be carrying rules. What the command does instead is say after each action whether it can
//! still be taken back (an `undo` choice is offered) or not.

use adjutant_cli::{Client, ClientError, render};
use serde_json::Value;

use crate::session::{fill_free_fields, pick};
use crate::show::{catch_up, game_data};
use crate::{batch, lists};

/// The flags that fill a chosen action.
#[derive(Default)]
pub(crate) struct Fill {
    pub text: Option<String>,
    pub objective: Option<String>,
    pub units: Option<String>,
    pub sets: Vec<String>,
    pub orders: Vec<String>,
    pub attempts: Vec<String>,
}

fn e(err: ClientError) -> String {
    err.to_string()
}

/// `adjutant act GAME CHOICE ...`.
pub(crate) async fn act(
    client: &Client,
    game_id: &str,
    choice: &str,
    fill: &Fill,
) -> Result<(), String> {
    let state = client.state(game_id, None).await.map_err(e)?;
    let actions = state.view["actions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut action = pick(&actions, choice)?;
    fill_free_fields(&mut action, fill.text.as_deref(), fill.objective.as_deref())?;
    lists::fill_lists(&mut action, fill.units.as_deref(), &fill.sets)?;
    batch::fill_batch(&mut action, &state.view, &fill.orders, &fill.attempts)?;
    post(client, game_id, &state.game, state.seq, &action).await?;
    Ok(())
}

/// Posts `action` at sequence number `seq` and prints what follows; returns the new view.
pub(crate) async fn post(
    client: &Client,
    game_id: &str,
    game: &str,
    seq: u64,
    action: &Value,
) -> Result<Value, String> {
    let accepted = client.act(game_id, seq, action).await.map_err(e)?;
    outln!(
        "Done (action {}): {}.",
        accepted.seq,
        action["label"].as_str().unwrap_or("your choice")
    );
    let data = game_data(client, game).await;
    out!("{}", render::game_board(game, &accepted.view, &data));
    out!("{}", catch_up(client, game_id, accepted.seq, None).await);
    out!("{}", undo_note(&accepted.view, action));
    out!("{}", render::prompt(&accepted.view));
    Ok(accepted.view)
}

/// Whether the action just taken can still be taken back, from the choices now offered.
pub(crate) fn undo_note(view: &Value, taken: &Value) -> String {
    if taken["type"] == "undo" {
        return String::new();
    }
    let offered = view["actions"].as_array().into_iter().flatten().enumerate();
    for (i, a) in offered {
        if a["type"] == "undo" {
            return format!("\nYou may take it back: choice {}.\n", i + 1);
        }
    }
    "\nIt cannot be taken back now (dice were rolled, something was revealed, or the turn \
     passed).\n"
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_note_after_an_action_says_whether_it_can_be_taken_back() {
        let taken = json!({"type": "place_dummy", "area": 18});
        let view =
            json!({"actions": [{"type": "finish_set_up"}, {"type": "undo", "label": "Undo: x"}]});
        assert_eq!(
            undo_note(&view, &taken),
            "\nYou may take it back: choice 2.\n"
        );
        let none = json!({"actions": []});
        assert!(undo_note(&none, &taken).contains("cannot be taken back now"));
        assert_eq!(undo_note(&view, &json!({"type": "undo"})), "");
    }
}
