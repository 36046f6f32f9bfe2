//! `adjutant play GAME`: a game at the terminal. It shows the game (board, what happened since
//! your last action, prompt), reads a choice on standard input (a number or words of a label,
//! as `act` takes them), acts, and while the opponent is to act waits for the game's updates
//! over the WebSocket, printing their events as sentences; when it is your turn again it shows
//! the prompt. It ends when the game does, or on `q` (or the end of the input). `m` prints the
//! map, `a PLACE` describes a place of it, an empty line shows the game again, `draw offer`
//! (`accept`, `decline`, `withdraw`) answers draw offers — the opponent's offer is put to the
//! player even while it waits. A choice the rules mark irrevocable is confirmed first.

use adjutant_cli::{Client, ClientError, Live, render};
use adjutant_protocol::{ClientMessage, GameStatus, ServerMessage, UpdateMode};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, BufReader, Lines, Stdin};

use crate::act::post;
use crate::session::{fill_free_fields, pick};
use crate::show;

fn e(err: ClientError) -> String {
    err.to_string()
}

const HELP: &str = "Type a choice's number or words of its label; m: the map; a PLACE: one \
place of it; draw offer|accept|decline|withdraw: draw offers; an empty line: the game again; \
q: quit.";

/// What the player typed.
enum Typed {
    Quit,
    Again,
    Map,
    Place(String),
    Help,
    Draw(String),
    Choice(String),
}

fn read_typed(line: &str) -> Typed {
    let line = line.trim();
    match line {
        "q" | "quit" => Typed::Quit,
        "" => Typed::Again,
        "m" | "map" => Typed::Map,
        "?" | "h" | "help" => Typed::Help,
        _ => {
            if let Some(place) = line.strip_prefix("a ") {
                Typed::Place(place.trim().to_string())
            } else if let Some(answer) = line.strip_prefix("draw") {
                Typed::Draw(answer.trim().to_string())
            } else {
                Typed::Choice(line.to_string())
            }
        }
    }
}

/// The next line of standard input, `None` at its end.
async fn next_line(input: &mut Lines<BufReader<Stdin>>) -> Result<Option<String>, String> {
    input
        .next_line()
        .await
        .map_err(|err| format!("cannot read your choice: {err}"))
}

/// Plays `game_id` until it ends or the player quits.
pub(crate) async fn play(client: &Client, game_id: &str) -> Result<(), String> {
    let mut input = BufReader::new(tokio::io::stdin()).lines();
    let mut live = Live::connect(&client.ws_url(), client.token())
        .await
        .map_err(e)?;
    live.send(&ClientMessage::Subscribe {
        game_id: game_id.to_string(),
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::View,
        id: None,
    })
    .await
    .map_err(e)?;
    show::show(client, game_id, None, false).await?;
    let mut state = client.state(game_id, None).await.map_err(e)?;
    let data = show::game_data(client, &state.game).await;
    let game = state.game.clone();
    let sentence = |event: &Value| render::game_event(&game, event, &data);
    let mut seq = state.seq;
    // The draw offer already put to the player while waiting (the sequence it stood at).
    let mut offer_seen = None;
    loop {
        if state.status == GameStatus::Finished {
            outln!("The game is over.");
            return Ok(());
        }
        let offered_to_me = draw_offered_to_me(&state.view);
        let put_now = offered_to_me && offer_seen != Some(state.seq);
        if state.view["prompt"].is_string() || put_now {
            if put_now {
                offer_seen = Some(state.seq);
                outln!("\nYour opponent offers a draw: type `draw accept` or `draw decline`.");
            }
            if state.view["prompt"].is_string() {
                out!("\nYour choice (? for help): ");
            } else {
                out!("\nYour answer (an empty line waits on): ");
            }
            let Some(line) = next_line(&mut input).await? else {
                return Ok(());
            };
            match read_typed(&line) {
                Typed::Quit => return Ok(()),
                Typed::Help => outln!("{HELP}"),
                Typed::Draw(answer) => {
                    if let Err(why) = draw(client, game_id, &state, &answer).await {
                        outln!("Not done: {why}");
                    }
                }
                Typed::Again if !state.view["prompt"].is_string() => {}
                Typed::Again => show::show(client, game_id, None, false).await?,
                Typed::Map => show::map(client, game_id, None, None).await?,
                Typed::Place(place) => {
                    if let Err(why) = show::area(client, game_id, &place, None).await {
                        outln!("{why}");
                    }
                }
                Typed::Choice(choice) => {
                    let actions = state.view["actions"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default();
                    let mut action = match pick(&actions, &choice) {
                        Ok(action) => action,
                        Err(why) => {
                            outln!("{why}. {HELP}");
                            continue;
                        }
                    };
                    ask_free_fields(&mut action, &mut input).await?;
                    if action["irrevocable"] == true {
                        out!(
                            "{} — this cannot be taken back once posted. Go ahead? (y/N) ",
                            action["label"].as_str().unwrap_or("This choice")
                        );
                        let yes = next_line(&mut input).await?.is_some_and(|l| {
                            matches!(l.trim().to_lowercase().as_str(), "y" | "yes")
                        });
                        if !yes {
                            outln!("Not posted.");
                            continue;
                        }
                    }
                    match post(client, game_id, &state.game, state.seq, &action).await {
                        Ok(_) => {}
                        Err(why) => outln!("Not done: {why}"),
                    }
                }
            }
            state = client.state(game_id, None).await.map_err(e)?;
            seq = seq.max(state.seq);
            continue;
        }
        outln!("\nWaiting for your opponent… (Ctrl-C stops.)");
        seq = wait(&mut live, game_id, seq, &sentence).await?;
        state = client.state(game_id, None).await.map_err(e)?;
        out!("{}", render::prompt(&state.view));
    }
}

/// Asks for the words and the objective a chosen action takes (a written order), if any.
async fn ask_free_fields(
    action: &mut Value,
    input: &mut Lines<BufReader<Stdin>>,
) -> Result<(), String> {
    let takes_text = action.as_object().is_some_and(|m| {
        m.iter()
            .any(|(k, v)| k != "label" && v.as_str() == Some(""))
    });
    let takes_objective = action.get("objective").is_some_and(Value::is_null);
    let mut text = None;
    let mut objective = None;
    if takes_text {
        out!("Its words: ");
        text = next_line(input).await?;
    }
    if takes_objective {
        out!("The hex it aims at (empty for none): ");
        objective = next_line(input).await?.filter(|h| !h.trim().is_empty());
    }
    fill_free_fields(action, text.as_deref(), objective.as_deref())
}

/// Posts the draw action `answer` names (`offer`, `accept`, `decline`, `withdraw`) from the
/// view's `draw.actions`, and says what came of it.
async fn draw(
    client: &Client,
    game_id: &str,
    state: &adjutant_protocol::GameState,
    answer: &str,
) -> Result<(), String> {
    let action = crate::act::draw_action(&state.view, answer)?;
    let accepted = client.act(game_id, state.seq, &action).await.map_err(e)?;
    outln!(
        "Done (action {}): {}.",
        accepted.seq,
        action["label"].as_str().unwrap_or(answer)
    );
    Ok(())
}

/// Whether the opponent's draw offer stands, for this player to answer.
fn draw_offered_to_me(view: &Value) -> bool {
    view["draw"]["actions"]
        .as_array()
        .is_some_and(|a| a.iter().any(|a| a["type"] == "accept_draw"))
}

/// Reads the game's updates until the player must act (or answer a draw offer) or the game
/// ends, printing each update's events with `sentence`; returns the last sequence number
/// seen.
async fn wait(
    live: &mut Live,
    game_id: &str,
    mut seq: u64,
    sentence: &dyn Fn(&Value) -> String,
) -> Result<u64, String> {
    while let Some(frame) = live.next().await {
        match frame.map_err(e)? {
            ServerMessage::Subscribed { view, seq: s, .. }
            | ServerMessage::Started { view, seq: s, .. } => {
                if s > seq && view["prompt"].is_string() {
                    return Ok(s);
                }
                seq = seq.max(s);
            }
            ServerMessage::Update {
                game_id: g,
                seq: s,
                side,
                status,
                events,
                view,
                ..
            } if g == game_id => {
                // Updates of actions already shown (the player's own) are skipped.
                if s <= seq {
                    continue;
                }
                seq = s;
                for event in &events {
                    let text = sentence(event).replace('\n', "\n                  ");
                    outln!("{s:>5} {:<11} {text}", side.to_string());
                }
                let mine = view
                    .as_ref()
                    .is_some_and(|v| v["prompt"].is_string() || draw_offered_to_me(v));
                if mine || status == GameStatus::Finished {
                    return Ok(seq);
                }
            }
            ServerMessage::Error { message, code, .. } => {
                return Err(format!("{message} ({code})"));
            }
            _ => {}
        }
    }
    Err("the server closed the connection".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_lines_read_as_commands_or_choices() {
        assert!(matches!(read_typed(" q "), Typed::Quit));
        assert!(matches!(read_typed(""), Typed::Again));
        assert!(matches!(read_typed("m"), Typed::Map));
        assert!(matches!(read_typed("a 20"), Typed::Place(p) if p == "20"));
        assert!(matches!(read_typed("3"), Typed::Choice(c) if c == "3"));
        assert!(matches!(read_typed("draw accept"), Typed::Draw(a) if a == "accept"));
        assert!(draw_offered_to_me(
            &serde_json::json!({"draw": {"offered_by": "union", "actions": [{"type": "accept_draw"}]}})
        ));
        assert!(matches!(read_typed("finish"), Typed::Choice(_)));
    }
}
