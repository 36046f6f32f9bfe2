//! Correspondence clocks on a manual clock: nobody sleeps; the test moves the server's time
//! and runs the sweep by hand.

use adjutant_cli::Client;
use adjutant_protocol::{
    ClockChoice, CreateGame, ErrorCode, GameFilter, GameState, GameStatus, JoinGame, SideChoice,
    TimeoutPolicy, Visibility,
};
use serde_json::{Value, json};

use crate::common::*;

pub const HOUR: i64 = 3600;
pub const DAY: i64 = 24 * HOUR;
/// 2027-01-15, when every correspondence test starts.
pub const START: i64 = 1_800_000_000;

/// An Outpost game (3 rounds) with a clock, `union` in the Union seat.
pub async fn clocked(
    union: &Client,
    confederate: &Client,
    preset: &str,
    on_timeout: TimeoutPolicy,
) -> String {
    let created = union
        .create_game(&CreateGame {
            game: "outpost".into(),
            scenario: "skirmish".into(),
            options: json!({"rounds": 3}),
            side: SideChoice::Union,
            visibility: Visibility::Public,
            secret_choices: json!({"decoy": "1"}),
            clock: Some(ClockChoice {
                preset: Some(preset.into()),
                on_timeout,
                ..ClockChoice::default()
            }),
            opponent: None,
            level: None,
        })
        .await
        .expect("game created");
    confederate
        .join(
            &created.game_id,
            &JoinGame {
                invite_code: Some(created.invite_code.clone()),
                secret_choices: json!({"decoy": "3"}),
            },
        )
        .await
        .expect("joined");
    created.game_id
}

/// Plays the one action that hands the move over: end the movement, or give an order with
/// `note`. Returns false if `client` has nothing to do.
pub async fn hand_over(client: &Client, game: &str, note: &str) -> bool {
    let state = client.state(game, None).await.expect("view");
    let actions = state.view["actions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let pick = |kind: &str| actions.iter().find(|a| a["type"] == kind).cloned();
    let Some(mut action) = pick("end_movement").or_else(|| pick("order")) else {
        return false;
    };
    if action["type"] == "order" {
        action["note"] = Value::String(note.to_string());
    }
    client
        .act(game, state.seq, &action)
        .await
        .expect("the hand-over is accepted");
    true
}

fn remaining(state: &GameState) -> (i64, i64) {
    let clock = state.clock.as_ref().expect("the game has a clock");
    (clock.remaining.union, clock.remaining.confederate)
}

#[tokio::test]
async fn a_move_a_day_keeps_a_game_alive_and_a_turn_earns_one_increment() {
    let (server, clock) = TestServer::on_manual_clock(START, |_| {}).await;
    let union = server.account("grant").await;
    let confederate = server.account("pemberton").await;
    let game = clocked(&union, &confederate, "a-move-a-day", TimeoutPolicy::Forfeit).await;

    let state = union.state(&game, None).await.unwrap();
    let info = state.clock.clone().unwrap();
    assert_eq!(info.settings.initial_secs, 3 * DAY);
    assert_eq!(info.running, [adjutant_protocol::Side::Union]);
    assert_eq!(info.deadline, Some(START + 3 * DAY));
    assert_eq!(remaining(&state), (3 * DAY, 3 * DAY));
    let listed = union.list(GameFilter::Mine).await.unwrap();
    assert!(listed.games[0].clock.is_some(), "the lobby shows the clock");

    // Many atomic actions and undos in one turn earn nothing; the hand-over earns +36 h once.
    for _ in 0..3 {
        clock.advance(HOUR);
        let state = union.state(&game, None).await.unwrap();
        let action = offered(&state.view, "move");
        let moved = union.act(&game, state.seq, &action).await.unwrap();
        union
            .act(&game, moved.seq, &offered(&moved.view, "undo"))
            .await
            .unwrap();
    }
    assert!(hand_over(&union, &game, "").await);
    let state = union.state(&game, None).await.unwrap();
    assert_eq!(remaining(&state), (3 * DAY - 3 * HOUR + 36 * HOUR, 3 * DAY));
    assert_eq!(
        state.clock.as_ref().unwrap().running,
        [adjutant_protocol::Side::Confederate]
    );

    // A move a day, each side in turn, to the end of the game: nobody runs out.
    let mut days = 0;
    loop {
        clock.advance(DAY);
        days += 1;
        server.sweep().await;
        let state = union.state(&game, None).await.unwrap();
        if state.status == GameStatus::Finished {
            break;
        }
        let mut acted = false;
        for (client, note) in [(&union, "hold the road"), (&confederate, "wait")] {
            acted |= hand_over(client, &game, note).await;
        }
        assert!(acted, "someone had to move");
        assert!(days < 40, "the game should have ended");
    }
    let state = union.state(&game, None).await.unwrap();
    assert_eq!(state.view["outcome"]["reason"], "rules", "{}", state.view);
    let (u, c) = remaining(&state);
    assert!(
        u > 0 && c > 0 && u <= 10 * DAY && c <= 10 * DAY,
        "banks {u} {c}"
    );
    assert!(state.clock.unwrap().running.is_empty(), "the clock stopped");
}

#[tokio::test]
async fn a_pause_stops_both_clocks_and_is_paid_from_the_yearly_allowance() {
    let (server, clock) = TestServer::on_manual_clock(START, |_| {}).await;
    let union = server.account("grant").await;
    let confederate = server.account("pemberton").await;
    let game = clocked(&union, &confederate, "brisk", TimeoutPolicy::Forfeit).await;
    clock.advance(HOUR);

    // Asking is not agreeing; a refusal clears the request; nobody answers their own.
    union.pause(&game, 5).await.unwrap();
    let asked = confederate.state(&game, None).await.unwrap().clock.unwrap();
    assert_eq!(asked.pause_request.as_ref().unwrap().secs, 5 * DAY);
    assert!(asked.paused.is_none());
    let own = union.answer_pause(&game, true).await.unwrap_err();
    assert_eq!(own.code(), Some(ErrorCode::Conflict));
    let refused = confederate.answer_pause(&game, false).await.unwrap();
    assert!(refused.clock.pause_request.is_none() && refused.clock.paused.is_none());
    let too_long = union.pause(&game, 31).await.unwrap_err();
    assert_eq!(too_long.code(), Some(ErrorCode::BadRequest));

    union.pause(&game, 3).await.unwrap();
    let agreed = confederate.answer_pause(&game, true).await.unwrap().clock;
    let pause = agreed.paused.clone().unwrap();
    assert_eq!(
        (pause.since, pause.until),
        (START + HOUR, START + HOUR + 3 * DAY)
    );
    assert_eq!(agreed.deadline, None);
    let before = remaining(&union.state(&game, None).await.unwrap());
    assert_eq!(before.0, DAY - HOUR);
    let vacation = union.vacation().await.unwrap();
    assert_eq!(vacation.used_secs, 3 * DAY);
    assert_eq!(vacation.remaining_secs, 27 * DAY);
    assert_eq!(confederate.vacation().await.unwrap().used_secs, 0);

    // Two days on, the brisk clock (one day's bank) would have run out: it did not run.
    clock.advance(2 * DAY);
    server.sweep().await;
    let state = union.state(&game, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Active);
    assert_eq!(remaining(&state), before);

    // Ended a day early: the unused day goes back to the allowance, and the clocks run.
    confederate.end_pause(&game).await.unwrap();
    assert_eq!(union.vacation().await.unwrap().used_secs, 2 * DAY);
    clock.advance(DAY - HOUR - 1);
    server.sweep().await;
    let state = union.state(&game, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Active);
    assert_eq!(remaining(&state).0, 1);

    // Then the Union's bank runs out, and the Union forfeits.
    clock.advance(1);
    server.sweep().await;
    let state = union.state(&game, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Finished);
    assert_eq!(state.view["outcome"]["reason"], "timed_out");
    assert_eq!(state.view["outcome"]["winner"], "confederate");
    let record = union.record(&game, None).await.unwrap();
    let last = record.actions.last().unwrap();
    assert_eq!(last.action, Some(json!({"type": "time_out"})));
    assert_eq!(last.side, adjutant_protocol::Side::Union);

    // A game without a clock has nothing to pause.
    let plain = outpost(&union, &confederate, Visibility::Public).await;
    let none = union.pause(&plain.game_id, 1).await.unwrap_err();
    assert_eq!(none.code(), Some(ErrorCode::Conflict));
}

#[tokio::test]
async fn a_pause_that_runs_its_course_ends_by_itself() {
    let (server, clock) = TestServer::on_manual_clock(START, |_| {}).await;
    let union = server.account("grant").await;
    let confederate = server.account("pemberton").await;
    let game = clocked(&union, &confederate, "brisk", TimeoutPolicy::Forfeit).await;
    confederate.pause(&game, 2).await.unwrap();
    union.answer_pause(&game, true).await.unwrap();
    clock.advance(2 * DAY);
    server.sweep().await;
    let info = union.state(&game, None).await.unwrap().clock.unwrap();
    assert!(info.paused.is_none(), "the pause ended");
    assert_eq!(info.deadline, Some(START + 2 * DAY + DAY));
    assert_eq!(confederate.vacation().await.unwrap().used_secs, 2 * DAY);
}

#[tokio::test]
async fn a_timed_out_seat_is_played_by_the_bot_until_its_owner_takes_it_back() {
    let (server, clock) = TestServer::on_manual_clock(START, |_| {}).await;
    let union = server.account("grant").await;
    let confederate = server.account("pemberton").await;
    let game = clocked(&union, &confederate, "brisk", TimeoutPolicy::Bot).await;

    // A move that comes too late is refused, and the bot takes the seat at once.
    clock.advance(DAY);
    let state = union.state(&game, None).await.unwrap();
    let late = union
        .act(&game, state.seq, &offered(&state.view, "end_movement"))
        .await
        .unwrap_err();
    assert_eq!(late.code(), Some(ErrorCode::Conflict));
    let state = union.state(&game, None).await.unwrap();
    assert_eq!(
        state.status,
        GameStatus::Active,
        "the bot policy does not forfeit"
    );
    assert!(state.clock.as_ref().unwrap().bot.union);
    assert_eq!(state.view["to_act"], json!(["confederate"]));
    let log = union.events(&game, 0, None).await.unwrap();
    assert!(!log.entries.is_empty() && log.entries.iter().all(|e| e.bot));

    // While the bot holds the seat, its owner cannot act; the bot answers every turn.
    assert!(hand_over(&confederate, &game, "advance").await);
    let state = union.state(&game, None).await.unwrap();
    assert!(state.view["actions"].as_array().unwrap().is_empty());
    assert_eq!(
        state.view["to_act"],
        json!(["confederate"]),
        "the bot gave its order"
    );
    assert!(hand_over(&confederate, &game, "hold").await);
    let state = confederate.state(&game, None).await.unwrap();
    assert_eq!(state.view["round"], 2);
    assert_eq!(
        state.view["to_act"],
        json!(["confederate"]),
        "the bot moved for the Union"
    );

    // The owner comes back: the seat is theirs again.
    let reclaimed = union.reclaim(&game).await.unwrap();
    assert!(!reclaimed.clock.bot.union);
    let again = union.reclaim(&game).await.unwrap_err();
    assert_eq!(again.code(), Some(ErrorCode::Conflict));
    assert!(hand_over(&confederate, &game, "").await);
    assert!(hand_over(&union, &game, "back at the front").await);
    let log = union.events(&game, 0, None).await.unwrap();
    assert!(!log.entries.last().unwrap().bot);

    // Ticks on a game with nothing due change nothing.
    let seq = union.state(&game, None).await.unwrap().seq;
    server.sweep().await;
    assert_eq!(union.state(&game, None).await.unwrap().seq, seq);
}

#[tokio::test]
async fn the_clock_is_the_same_when_the_game_comes_back_from_the_store() {
    // Every game leaves memory as soon as it is idle, so each request reloads it.
    let (server, clock) = TestServer::on_manual_clock(START, |config| config.idle_secs = 0).await;
    let union = server.account("grant").await;
    let confederate = server.account("pemberton").await;
    let game = clocked(&union, &confederate, "a-move-a-day", TimeoutPolicy::Forfeit).await;

    clock.advance(HOUR);
    let state = union.state(&game, None).await.unwrap();
    union
        .act(&game, state.seq, &offered(&state.view, "move"))
        .await
        .unwrap();
    clock.advance(2 * HOUR);
    let state = union.state(&game, None).await.unwrap();
    assert_eq!(remaining(&state), (3 * DAY - 3 * HOUR, 3 * DAY));
    assert!(hand_over(&union, &game, "").await);
    clock.advance(5 * HOUR);
    let state = confederate.state(&game, None).await.unwrap();
    assert_eq!(
        remaining(&state),
        (3 * DAY - 3 * HOUR + 36 * HOUR, 3 * DAY - 5 * HOUR),
        "the Union was credited once, after acting, across reloads"
    );
    assert_eq!(
        state.clock.unwrap().deadline,
        Some(START + 3 * HOUR + 3 * DAY)
    );
}
