//! `adjutant act`: one choice of the seat's offered actions, picked by number, words of its
//! label or JSON, its free fields and lists filled from flags, posted with the sequence
//! number it was offered at; then the board, what happened since (the action's own
//! consequences), whether it may be taken back, and the next prompt. `play` acts the same way.
//!
//! A choice the rules mark `irrevocable` (the last counter of a secret deployment, the last
//! secret order: after it the seat has nothing left to take back) is confirmed first at a
//! terminal, unless `--yes`; scripts (no terminal) post it as chosen. Other commits need no
//! question: dice rolls are expected, and after each action the command says whether it can
//! still be taken back (an `undo` choice is offered) or not.
//!
//! `adjutant draw`: the view's `draw.actions` (offer, accept, decline, withdraw), posted the
//! same way.

use adjutant_cli::{Client, ClientError, render};
use serde_json::Value;
use std::io::IsTerminal;

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
    /// Post an irrevocable choice without asking.
    pub yes: bool,
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
    if action["irrevocable"] == true && !fill.yes && std::io::stdin().is_terminal() {
        out!(
            "{} — this cannot be taken back once posted. Go ahead? (y/N) ",
            action["label"].as_str().unwrap_or("This choice")
        );
        let mut line = String::new();
        std::io::stdin()
            .read_line(&mut line)
            .map_err(|err| format!("cannot read your answer: {err}"))?;
        if !matches!(line.trim().to_lowercase().as_str(), "y" | "yes") {
            outln!("Not posted.");
            return Ok(());
        }
    }
    post(client, game_id, &state.game, state.seq, &action).await?;
    Ok(())
}

/// The draw action `answer` (offer, accept, decline, withdraw) names among those the view
/// offers the seat (`draw.actions`), or why there is none.
pub(crate) fn draw_action(view: &Value, answer: &str) -> Result<Value, String> {
    let wanted = match answer.trim().to_lowercase().as_str() {
        "offer" => "offer_draw",
        "accept" => "accept_draw",
        "decline" => "decline_draw",
        "withdraw" => "withdraw_draw",
        other => {
            return Err(format!(
                "{other:?} is not a draw answer: say offer, accept, decline or withdraw"
            ));
        }
    };
    let offered: Vec<&Value> = view["draw"]["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    if let Some(action) = offered.iter().find(|a| a["type"] == wanted) {
        return Ok((*action).clone());
    }
    let can: Vec<&str> = offered.iter().filter_map(|a| a["label"].as_str()).collect();
    Err(if can.is_empty() {
        "you can do nothing about a draw now (after a declined offer, play an action of the \
         game before offering again)"
            .to_string()
    } else {
        format!("that is not possible now; you can: {}", can.join("; "))
    })
}

/// `adjutant draw GAME ANSWER`.
pub(crate) async fn draw(client: &Client, game_id: &str, answer: &str) -> Result<(), String> {
    let state = client.state(game_id, None).await.map_err(e)?;
    let action = draw_action(&state.view, answer)?;
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
    out!(
        "{}",
        catch_up(client, game_id, game, &data, accepted.seq, None).await
    );
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

    #[test]
    fn a_draw_answer_picks_the_offered_draw_action_or_says_what_can_be_done() {
        let view = json!({"draw": {"offered_by": "union", "actions": [
            {"type": "accept_draw", "label": "Accept the draw offered"},
            {"type": "decline_draw", "label": "Decline the draw offered"}]}});
        assert_eq!(draw_action(&view, "Accept").unwrap()["type"], "accept_draw");
        let why = draw_action(&view, "offer").unwrap_err();
        assert!(why.contains("Decline the draw offered"), "{why}");
        assert!(
            draw_action(&view, "maybe")
                .unwrap_err()
                .contains("offer, accept")
        );
        let none = json!({"draw": {"offered_by": null, "actions": []}});
        assert!(
            draw_action(&none, "offer")
                .unwrap_err()
                .contains("declined")
        );
    }
}
