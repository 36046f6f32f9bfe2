//! Game files: a finished game's record imported into another server (read-only, stepped
//! through turn by turn); a tampered record refused; names from a record never taken for
//! accounts; only what the rules read stored; each game imported once; imports capped per
//! account and day; a rematch with sides swapped.

use adjutant_cli::Client;
use adjutant_engine::Record;
use adjutant_protocol::{ErrorCode, GameFilter, GameStatus, Side, Visibility};
use adjutant_tests::finished::finished_record;
use serde_json::json;

use crate::common::*;

/// Plays a game to its end: both sides march on each other so that battles roll dice.
async fn play_out(union: &Client, confederate: &Client, game: &str) {
    for _ in 0..500 {
        let mut acted = false;
        for (client, toward) in [(union, 1i64), (confederate, -1)] {
            let state = client.state(game, None).await.unwrap();
            if state.status == GameStatus::Finished {
                return;
            }
            let actions = state.view["actions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let counters = state.view["counters"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let post_of = |id: &serde_json::Value| {
                counters
                    .iter()
                    .find(|c| &c["id"] == id)
                    .and_then(|c| c["post"].as_i64())
            };
            let advance = actions.iter().find(|a| {
                a["type"] == "move"
                    && post_of(&a["counter"]).is_some_and(|p| a["to"].as_i64() == Some(p + toward))
            });
            let choice = advance
                .or_else(|| actions.iter().find(|a| a["type"] == "end_movement"))
                .cloned()
                .or_else(|| {
                    let mut order = actions.iter().find(|a| a["stance"] == "attack")?.clone();
                    order["note"] = json!(format!("note {}", state.seq));
                    Some(order)
                });
            if let Some(action) = choice {
                client.act(game, state.seq, &action).await.unwrap();
                acted = true;
            }
        }
        if !acted {
            return;
        }
    }
    panic!("the game did not end");
}

#[tokio::test]
async fn a_finished_record_imports_read_only_and_steps_turn_by_turn_and_a_tampered_one_is_refused()
{
    let played = TestServer::start().await;
    let union = played.account("grant").await;
    let confederate = played.account("pemberton").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;

    // A running game's record cannot be imported (it has no seed and hides actions).
    let other = TestServer::start().await;
    let dave = other.account("dave").await;
    let running = union.record(&game, None).await.unwrap();
    let early = dave.import(&running, Visibility::Public).await.unwrap_err();
    assert_eq!(early.code(), Some(ErrorCode::BadRequest));

    play_out(&union, &confederate, &game).await;
    let record = played.client().record(&game, None).await.unwrap();
    assert!(record.seed.is_some());

    // Tampered records are refused, with the reason, and nothing is stored.
    let mut changed_roll = record.clone();
    let entry = changed_roll
        .actions
        .iter_mut()
        .find(|a| a.rolls.as_ref().is_some_and(|r| !r.is_empty()))
        .expect("the game rolled dice");
    let roll = &mut entry.rolls.as_mut().unwrap()[0];
    *roll = *roll % 6 + 1;
    let mut changed_note = record.clone();
    let order = changed_note
        .actions
        .iter_mut()
        .find(|a| a.action.as_ref().is_some_and(|x| x["type"] == "order"))
        .unwrap();
    order.action.as_mut().unwrap()["note"] = json!("a different order");
    let mut changed_result = record.clone();
    changed_result.outcome.as_mut().unwrap().summary = "Confederate triumph".into();
    let mut changed_seed = record.clone();
    changed_seed.seed = Some("11".repeat(32));
    let mut changed_options = record.clone();
    changed_options.options.insert("rounds".into(), json!(99));
    for (what, forged) in [
        ("roll", changed_roll),
        ("note", changed_note),
        ("result", changed_result),
        ("seed", changed_seed),
        ("options", changed_options),
    ] {
        let refused = dave.import(&forged, Visibility::Public).await.unwrap_err();
        assert_eq!(
            refused.code(),
            Some(ErrorCode::BadRequest),
            "{what}: {refused}"
        );
    }
    assert!(dave.list(GameFilter::Mine).await.unwrap().games.is_empty());
    let anonymous = other.client().import(&record, Visibility::Public).await;
    assert_eq!(anonymous.unwrap_err().code(), Some(ErrorCode::Unauthorized));

    // The honest record is imported: finished, read-only, the same game.
    let imported = dave.import(&record, Visibility::Public).await.unwrap();
    assert_eq!(imported.actions, record.actions.len() as u64);
    assert!(imported.rolls > 0);
    assert_eq!(imported.outcome, record.outcome);
    let id = imported.game_id;
    let mine = dave.list(GameFilter::Mine).await.unwrap().games;
    assert_eq!(mine.len(), 1);
    assert!(mine[0].imported && mine[0].my_seat.is_none());
    let state = other.client().state(&id, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Finished);
    assert!(state.imported);
    assert_eq!(state.players.union.as_deref(), Some("grant (imported)"));
    assert_eq!(
        state.view,
        played.client().state(&game, None).await.unwrap().view
    );
    let act = dave
        .act(&id, state.seq, &json!({"type": "end_movement"}))
        .await;
    assert_eq!(act.unwrap_err().code(), Some(ErrorCode::Forbidden));
    let again = other.client().record(&id, None).await.unwrap();
    assert_eq!(again.actions, record.actions);
    assert_eq!(again.players, record.players);
    assert_eq!(again.seed, record.seed);
    assert!(adjutant_cli::verify(&adjutant_tests::registry(), &again).is_ok());

    // Step through it a turn at a time.
    let turns = other.client().turns(&id).await.unwrap();
    assert_eq!(turns.key.as_deref(), Some("round"));
    assert_eq!(turns.last, record.actions.len() as u64);
    assert_eq!(turns.turns[0].seq, 0);
    assert_eq!(turns.turns[0].turn, 1);
    assert!(turns.turns.len() >= 2, "{turns:?}");
    for mark in &turns.turns {
        let step = other.client().replay(&id, mark.seq).await.unwrap();
        assert_eq!(step.view["round"], mark.turn);
        if mark.seq > 0 {
            let before = other.client().replay(&id, mark.seq - 1).await.unwrap();
            assert_eq!(before.view["round"], mark.turn - 1);
        }
    }
    assert_eq!(
        played.client().turns(&game).await.unwrap().turns,
        turns.turns
    );
    let running = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let early = union.turns(&running).await.unwrap_err();
    assert_eq!(early.code(), Some(ErrorCode::Conflict));
}

#[tokio::test]
async fn a_rematch_swaps_sides_and_keeps_the_seat_for_the_former_opponent() {
    let server = TestServer::start().await;
    let union = server.account("grant").await;
    let confederate = server.account("pemberton").await;
    let carol = server.account("carol").await;
    let game = outpost(&union, &confederate, Visibility::Private)
        .await
        .game_id;

    let early = union.rematch(&game, json!({})).await.unwrap_err();
    assert_eq!(early.code(), Some(ErrorCode::Conflict));
    union.resign(&game).await.unwrap();
    let outsider = carol.rematch(&game, json!({})).await.unwrap_err();
    assert_eq!(outsider.code(), Some(ErrorCode::Forbidden));

    let rematch = union.rematch(&game, json!({"decoy": "2"})).await.unwrap();
    assert_eq!(rematch.seat, Side::Confederate);
    let twice = confederate.rematch(&game, json!({})).await.unwrap_err();
    assert_eq!(twice.code(), Some(ErrorCode::Conflict));
    let old = confederate.state(&game, None).await.unwrap();
    assert_eq!(old.rematch.as_deref(), Some(rematch.game_id.as_str()));

    // Only the former opponent may see the private rematch before it starts, and take the
    // seat, without an invite code.
    let seen = confederate.state(&rematch.game_id, None).await.unwrap();
    assert_eq!(seen.status, GameStatus::Open);
    // It is in the former opponent's list of games, marked as kept for them (issue 15: the
    // opponent was never told in `list`); in nobody else's.
    let listed = confederate.list(GameFilter::Mine).await.unwrap().games;
    let kept = listed
        .iter()
        .find(|g| g.game_id == rematch.game_id)
        .expect("the rematch is listed for the former opponent");
    assert!(kept.kept_for_me && kept.my_seat.is_none());
    let text = adjutant_cli::render::list(&listed);
    assert!(
        text.contains(&format!("adjutant join {}", rematch.game_id)),
        "{text}"
    );
    let theirs = union.list(GameFilter::Mine).await.unwrap().games;
    assert!(
        theirs
            .iter()
            .any(|g| g.game_id == rematch.game_id && !g.kept_for_me)
    );
    let others = carol.list(GameFilter::Mine).await.unwrap().games;
    assert!(others.iter().all(|g| g.game_id != rematch.game_id));
    let hidden = carol.state(&rematch.game_id, None).await.unwrap_err();
    assert_eq!(hidden.code(), Some(ErrorCode::Forbidden));
    let join = adjutant_protocol::JoinGame::default();
    let taken = carol.join(&rematch.game_id, &join).await.unwrap_err();
    assert_eq!(taken.code(), Some(ErrorCode::Forbidden));
    let joined = confederate.join(&rematch.game_id, &join).await.unwrap();
    assert_eq!(joined.seat, Side::Union);
    let state = union.state(&rematch.game_id, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Active);
    assert_eq!(state.players.union.as_deref(), Some("pemberton"));
    assert_eq!(state.players.confederate.as_deref(), Some("grant"));
    assert_eq!(state.options, json!({"rounds": 3}));
    assert_eq!(state.visibility, Visibility::Private);
}

/// A finished Outpost game played in-process from seed `n` ("played" by grant and pemberton).
fn outpost_record(n: u64) -> Record {
    finished_record(&adjutant_tests::registry(), "outpost", "skirmish", n)
}

#[tokio::test]
async fn the_players_of_an_imported_game_are_the_records_names_marked_never_accounts() {
    let server = TestServer::start().await;
    let grant = server.account("grant").await;
    let dave = server.account("dave").await;
    let record = outpost_record(1);

    let id = dave
        .import(&record, Visibility::Public)
        .await
        .unwrap()
        .game_id;
    let state = server.client().state(&id, None).await.unwrap();
    assert_eq!(state.players.union.as_deref(), Some("grant (imported)"));
    assert_eq!(
        state.players.confederate.as_deref(),
        Some("pemberton (imported)")
    );
    let listed = server
        .client()
        .list(GameFilter::Finished)
        .await
        .unwrap()
        .games;
    assert_eq!(listed[0].players, state.players);
    // The account grant has nothing to do with it.
    assert!(grant.list(GameFilter::Mine).await.unwrap().games.is_empty());
    assert_eq!(grant.state(&id, None).await.unwrap().viewer, "omniscient");
    // The record keeps the names as the file gave them.
    let exported = server.client().record(&id, None).await.unwrap();
    assert_eq!(exported.players, record.players);

    // A name no account could have is refused, and nothing is stored.
    let long = "g".repeat(33);
    for name in ["grant (real)", "<b>grant</b>", " grant", long.as_str(), ""] {
        let mut forged = outpost_record(2);
        forged.players.union = Some(name.to_string());
        let refused = dave.import(&forged, Visibility::Public).await.unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::BadRequest), "{name:?}");
    }
    let mut bad_id = outpost_record(2);
    bad_id.game_id = Some("x".repeat(1000));
    let refused = dave.import(&bad_id, Visibility::Public).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::BadRequest));
    assert_eq!(dave.list(GameFilter::Mine).await.unwrap().games.len(), 1);
}

#[tokio::test]
async fn only_the_actions_as_the_rules_read_them_are_stored_never_what_rode_along() {
    let server = TestServer::start().await;
    let dave = server.account("dave").await;
    let record = outpost_record(3);
    let mut padded = record.clone();
    for (n, entry) in padded.actions.iter_mut().enumerate() {
        let action = entry.action.as_mut().unwrap();
        action["label"] = json!("a label from the file");
        if n == 0 {
            action["pad"] = json!("PAD".repeat(1_000_000));
        }
    }

    let id = dave
        .import(&padded, Visibility::Public)
        .await
        .unwrap()
        .game_id;
    let stored = server.client().record(&id, None).await.unwrap();
    // (Compared without printing: a failure would print the pad.)
    assert!(
        stored.actions == record.actions,
        "the stored actions are not the rules' own"
    );
    let text = serde_json::to_string(&stored).unwrap();
    assert!(!text.contains("PADPAD") && !text.contains("from the file"));
    let events = server.client().events(&id, 0, None).await.unwrap();
    assert!(!serde_json::to_string(&events).unwrap().contains("PADPAD"));
}

#[tokio::test]
async fn the_same_game_is_imported_once_however_its_file_is_dressed() {
    let server = TestServer::start().await;
    let dave = server.account("dave").await;
    let erin = server.account("erin").await;
    let record = outpost_record(4);
    let id = dave
        .import(&record, Visibility::Private)
        .await
        .unwrap()
        .game_id;

    let again = dave.import(&record, Visibility::Public).await.unwrap_err();
    assert_eq!(again.code(), Some(ErrorCode::Conflict));
    assert!(again.to_string().contains(&id), "{again}");
    // Other names, another game id, a label or a pad: still the same game.
    let mut dressed = record.clone();
    dressed.players.union = Some("sherman".into());
    dressed.game_id = Some("8e1b6f55-5f7a-4c2e-9d55-3f3c8a1d2b10".into());
    dressed.actions[0].action.as_mut().unwrap()["pad"] = json!("x");
    for (who, client) in [("dave", &dave), ("erin", &erin)] {
        let refused = client
            .import(&dressed, Visibility::Public)
            .await
            .unwrap_err();
        assert_eq!(
            refused.code(),
            Some(ErrorCode::Conflict),
            "{who}: {refused}"
        );
    }
    let by_erin = erin.import(&record, Visibility::Public).await.unwrap_err();
    assert!(
        !by_erin.to_string().contains(&id),
        "erin may not learn a private game's id"
    );
    // The record served for the imported game is the same game too.
    let exported = dave.record(&id, None).await.unwrap();
    let refused = erin
        .import(&exported, Visibility::Public)
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Conflict));
    // Another game imports.
    erin.import(&outpost_record(5), Visibility::Public)
        .await
        .unwrap();

    // A game played on this server is not imported into it.
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    play_out(&union, &confederate, &game).await;
    let here = union.record(&game, None).await.unwrap();
    let refused = erin.import(&here, Visibility::Public).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Conflict));
    assert!(
        refused.to_string().contains("played on this server"),
        "{refused}"
    );
}

#[tokio::test]
async fn imports_are_capped_per_account_and_day_on_the_servers_clock() {
    let (server, clock) =
        TestServer::on_manual_clock(1_800_000_000, |config| config.imports_per_day = 2).await;
    let dave = server.account("dave").await;
    let erin = server.account("erin").await;
    dave.import(&outpost_record(10), Visibility::Public)
        .await
        .unwrap();
    clock.advance(3600);
    dave.import(&outpost_record(11), Visibility::Public)
        .await
        .unwrap();

    let third = dave
        .import(&outpost_record(12), Visibility::Public)
        .await
        .unwrap_err();
    assert_eq!(third.code(), Some(ErrorCode::RateLimited));
    assert!(third.to_string().contains("24 hours"), "{third}");
    // Another account has its own allowance.
    erin.import(&outpost_record(13), Visibility::Public)
        .await
        .unwrap();
    // A day after the first import, one more fits; the second's day is not over yet.
    clock.advance(86_400 - 3600 + 1);
    dave.import(&outpost_record(12), Visibility::Public)
        .await
        .unwrap();
    let fourth = dave
        .import(&outpost_record(14), Visibility::Public)
        .await
        .unwrap_err();
    assert_eq!(fourth.code(), Some(ErrorCode::RateLimited));
}

#[tokio::test]
async fn an_import_keeps_each_actions_time_the_bots_moves_and_the_clock() {
    use crate::correspondence_clock::{DAY, START, clocked, hand_over};
    use adjutant_protocol::TimeoutPolicy;
    let (played_on, clock) = TestServer::on_manual_clock(START, |_| {}).await;
    let grant = played_on.account("grant").await;
    let pemberton = played_on.account("pemberton").await;
    let game = clocked(&grant, &pemberton, "brisk", TimeoutPolicy::Bot).await;
    clock.advance(3600);
    assert!(hand_over(&grant, &game, "").await);
    // Pemberton's time runs out: the server's bot plays his seat for a while.
    clock.advance(30 * DAY);
    played_on.sweep().await;
    pemberton.reclaim(&game).await.ok();
    grant.resign(&game).await.unwrap();
    let record = grant.record(&game, None).await.unwrap();
    assert!(record.actions.iter().all(|a| a.at.is_some()));
    assert!(record.actions.iter().any(|a| a.by_bot), "the bot played");
    assert!(record.actions.iter().any(|a| !a.by_bot));
    assert!(record.actions.first().unwrap().at >= Some(START));
    let exported_clock = record.clock.clone().expect("the clock rides along");

    // Imported into another server (whose clock is a year later), it keeps all three.
    let (other, _) = TestServer::on_manual_clock(START + 365 * DAY, |_| {}).await;
    let dave = other.account("dave").await;
    let id = dave
        .import(&record, Visibility::Public)
        .await
        .unwrap()
        .game_id;
    let again = dave.record(&id, None).await.unwrap();
    let marks = |r: &Record| {
        r.actions
            .iter()
            .map(|a| (a.seq, a.at, a.by_bot))
            .collect::<Vec<_>>()
    };
    assert_eq!(marks(&again), marks(&record));
    let kept = again.clock.expect("the imported game shows its clock");
    assert_eq!(kept["settings"], exported_clock["settings"]);
    assert_eq!(kept["remaining"], exported_clock["remaining"]);
    assert_eq!(kept["bot"], exported_clock["bot"]);
    let state = dave.state(&id, None).await.unwrap();
    assert!(state.clock.is_some());

    // Times out of order are refused with a sentence.
    let mut shuffled = record.clone();
    shuffled.game_id = None;
    shuffled.actions[1].at = Some(START - DAY);
    let refused = dave
        .import(&shuffled, Visibility::Public)
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::BadRequest));
    assert!(refused.to_string().contains("out of order"), "{refused}");
}
