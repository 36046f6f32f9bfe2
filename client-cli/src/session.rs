//! The `adjutant` command's interactive sessions: stepping through a finished game, picking
//! an action by number or name, and watching a game live.

use super::*;
use crate::show::{catch_up, game_data};

/// Steps through a finished game: one position (`--turn`, `--at`), the turn list
/// (`--list`), or interactively from the start, a turn at a time.
pub(super) async fn replay(
    client: &Client,
    game_id: &str,
    turn: Option<i64>,
    at: Option<u64>,
    list: bool,
) -> Outcome {
    let e = |e: adjutant_cli::ClientError| e.to_string();
    let index = client.turns(game_id).await.map_err(e)?;
    let game = client.state(game_id, None).await.map_err(e)?.game;
    let data = &game_data(client, &game).await;
    let game = game.as_str();
    if list {
        out!("{}", corr_cli::turns(&index));
        return Ok(());
    }
    let show = |seq: u64| async move {
        let step = client.replay(game_id, seq).await.map_err(e)?;
        outln!("— after action {} of {} —", step.seq, step.last);
        for event in &step.events {
            outln!("  {}", render::game_event(game, event, data));
        }
        out!("{}", render::game_board(game, &step.view, data));
        Ok::<(), String>(())
    };
    if let Some(at) = at {
        return show(at).await;
    }
    if let Some(turn) = turn {
        let mark = index
            .turns
            .iter()
            .find(|m| m.turn == turn)
            .ok_or_else(|| format!("the game has no turn {turn}"))?;
        return show(mark.seq).await;
    }
    // Interactive: n (next turn), p (previous), a (next action), a number (that turn), q.
    let marks: Vec<u64> = if index.turns.is_empty() {
        (0..=index.last).collect()
    } else {
        index.turns.iter().map(|m| m.seq).collect()
    };
    let (mut i, mut seq) = (0usize, 0u64);
    show(seq).await?;
    outln!("n: next turn, p: previous, a: next action, a number: that turn, q: quit");
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.map_err(|err| err.to_string())?;
        match line.trim() {
            "q" => break,
            "p" => i = i.saturating_sub(1),
            "a" => {
                seq = (seq + 1).min(index.last);
                show(seq).await?;
                continue;
            }
            "" | "n" => i = (i + 1).min(marks.len() - 1),
            other => match other.parse::<i64>() {
                Ok(n) => match index.turns.iter().position(|m| m.turn == n) {
                    Some(found) => i = found,
                    None => {
                        outln!("there is no turn {n}");
                        continue;
                    }
                },
                Err(_) => {
                    outln!("n, p, a, a turn number or q");
                    continue;
                }
            },
        }
        seq = marks[i];
        show(seq).await?;
    }
    Ok(())
}

/// Fills the free fields of a chosen action before it is posted: `text` into its free-text
/// fields (offered as empty strings: the words of a written order), `objective` into its
/// `objective` (a hex the rules check on arrival). A flag the action has no field for is
/// refused with a sentence, before anything is sent.
pub(crate) fn fill_free_fields(
    action: &mut Value,
    text: Option<&str>,
    objective: Option<&str>,
) -> Result<(), String> {
    let label = action["label"]
        .as_str()
        .unwrap_or("the chosen action")
        .to_string();
    if let Some(text) = text {
        let has_text = action.as_object().is_some_and(|m| {
            m.iter()
                .any(|(k, v)| k != "label" && v.as_str() == Some(""))
        });
        if !has_text {
            return Err(format!(
                "“{label}” takes no text: --text is for a choice that asks for words, such as a written order."
            ));
        }
        bot::fill_text(action, text);
    }
    if let Some(hex) = objective {
        let hex = hex.trim();
        if hex.is_empty() {
            return Err("--objective needs a hex, such as A12.10.".into());
        }
        match action.get_mut("objective") {
            Some(slot) => *slot = Value::String(hex.to_string()),
            None => {
                return Err(format!(
                    "“{label}” has no objective: --objective is for a choice that aims at a hex, such as a written order."
                ));
            }
        }
    }
    Ok(())
}

/// The action a choice names: a 1-based number, a JSON object, or words of one label.
pub(crate) fn pick(actions: &[Value], choice: &str) -> Result<Value, String> {
    if actions.is_empty() {
        return Err("you have nothing to do in this game at the moment".into());
    }
    if let Ok(n) = choice.parse::<usize>() {
        return actions
            .get(n.wrapping_sub(1))
            .cloned()
            .ok_or_else(|| format!("choose a number from 1 to {}", actions.len()));
    }
    if choice.trim_start().starts_with('{') {
        return serde_json::from_str(choice)
            .map_err(|err| format!("that is not a JSON action: {err}"));
    }
    let wanted = choice.to_lowercase();
    // "Undo: <label>" repeats the words of the action it takes back: it is picked by words
    // only when they ask for it.
    let undo_wanted = wanted.trim_start().starts_with("undo");
    let matching: Vec<&Value> = actions
        .iter()
        .filter(|a| undo_wanted || a["type"] != "undo")
        .filter(|a| {
            a["label"]
                .as_str()
                .is_some_and(|l| l.to_lowercase().contains(&wanted))
        })
        .collect();
    match matching.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(format!("no choice matches {choice:?}")),
        many => Err(format!(
            "{} choices match {choice:?}; use its number",
            many.len()
        )),
    }
}

pub(super) async fn watch(
    client: &Client,
    game_id: &str,
    spectate_code: Option<String>,
) -> Outcome {
    let e = |e: adjutant_cli::ClientError| e.to_string();
    // Which game it is, for its own rendering (the frames name only the game's id).
    let game = client
        .state(game_id, spectate_code.as_deref())
        .await
        .map_err(e)?
        .game;
    let data = game_data(client, &game).await;
    let board = |view: &Value| render::game_board(&game, view, &data);
    let mut live = Live::connect(&client.ws_url(), client.token())
        .await
        .map_err(e)?;
    live.send(&ClientMessage::Subscribe {
        game_id: game_id.to_string(),
        after_seq: None,
        spectate_code: spectate_code.clone(),
        updates: UpdateMode::Patch,
        id: None,
    })
    .await
    .map_err(e)?;
    let mut view = Value::Null;
    while let Some(frame) = live.next().await {
        match frame.map_err(e)? {
            ServerMessage::Subscribed {
                view: v,
                seq,
                status,
                ..
            } => {
                view = v;
                outln!(
                    "Watching game {game_id} at action {seq} ({}).",
                    status.as_str()
                );
                let recap = if view.is_null() {
                    String::new()
                } else {
                    catch_up(client, game_id, &game, &data, seq, spectate_code.as_deref()).await
                };
                out!("{}{recap}{}", board(&view), render::prompt(&view));
            }
            ServerMessage::Started { view: v, .. } => {
                view = v;
                outln!("The game has started.");
                out!("{}{}", board(&view), render::prompt(&view));
            }
            ServerMessage::Update {
                seq,
                side,
                status,
                events,
                view: v,
                patch: p,
                ..
            } => {
                if let Some(v) = v {
                    view = v;
                } else if let Some(ops) = p {
                    patch::apply(&mut view, &ops)
                        .map_err(|err| format!("a patch did not apply: {err}"))?;
                }
                for event in &events {
                    outln!(
                        "{seq:>5} {:<11} {}",
                        side.to_string(),
                        render::game_event(&game, event, &data)
                    );
                }
                out!("{}", render::prompt(&view));
                if status == GameStatus::Finished {
                    out!("{}", board(&view));
                    return Ok(());
                }
            }
            ServerMessage::Presence { presence, .. } => {
                outln!(
                    "(connected: Union {}, Confederate {}, {} watching)",
                    if presence.union { "yes" } else { "no" },
                    if presence.confederate { "yes" } else { "no" },
                    presence.spectators
                );
            }
            ServerMessage::Clock { clock, .. } => out!("{}", corr_cli::clock(&clock)),
            ServerMessage::Chat { message, .. } => out!("{}", corr_cli::chat(&[message])),
            ServerMessage::RematchOffered { rematch_id, .. } => {
                outln!("A rematch is offered: game {rematch_id}.");
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
    use serde_json::json;

    fn order() -> Value {
        json!({"type": "write_order", "receiver": {"to": "corps", "id": "5"}, "method": "aide-written",
               "order_type": "complex", "objective": null, "text": "", "label": "Write a complex order to 5 Corps"})
    }

    /// Issue 15: words of a choice collided with the "Undo:" label that repeats them.
    #[test]
    fn words_pick_the_action_not_the_undo_that_repeats_its_label() {
        let actions = vec![
            json!({"type": "place_dummy", "area": 18, "label": "Place a dummy in Area 18"}),
            json!({"type": "undo", "label": "Undo: Place a dummy in Area 18"}),
        ];
        assert_eq!(
            pick(&actions, "dummy in area 18").unwrap()["type"],
            "place_dummy"
        );
        assert_eq!(pick(&actions, "undo").unwrap()["type"], "undo");
        assert_eq!(pick(&actions, "2").unwrap()["type"], "undo");
    }

    #[test]
    fn text_and_objective_fill_an_orders_free_fields() {
        let mut action = order();
        fill_free_fields(&mut action, Some("Attack along the pike"), Some("A12.10")).unwrap();
        assert_eq!(action["text"], "Attack along the pike");
        assert_eq!(action["objective"], "A12.10");
        assert_eq!(action["receiver"]["id"], "5");
        let mut untouched = order();
        fill_free_fields(&mut untouched, None, None).unwrap();
        assert_eq!(untouched, order());
    }

    #[test]
    fn a_flag_the_action_has_no_field_for_is_refused_in_words() {
        let mut finish = json!({"type": "finish_orders", "label": "Finish writing orders"});
        let err = fill_free_fields(&mut finish, Some("Hold"), None).unwrap_err();
        assert!(
            err.contains("“Finish writing orders” takes no text"),
            "{err}"
        );
        let err = fill_free_fields(&mut finish, None, Some("A12.10")).unwrap_err();
        assert!(err.contains("has no objective"), "{err}");
        let mut written = order();
        written["text"] = json!("already written");
        assert!(fill_free_fields(&mut written, Some("again"), None).is_err());
        assert!(fill_free_fields(&mut order(), None, Some(" ")).is_err());
    }
}
