//! New games and seats: the limit of open or active games an account may sit in, checked by
//! the write that creates the game or seats the account, in its own transaction (every store
//! alike; on SQLite a refused write fails alone in its batch), and the row a new game is
//! stored as, which its actor starts from without reading it back.

use super::tests::{
    action, all_stores, close_all, durable_stores, join, new_account, new_game, run_script,
};
use super::{GameRow, NewGame, Write, WriteError};

fn limited(mut write: Write, limit: i64) -> Write {
    match &mut write {
        Write::CreateGame(NewGame { live_limit, .. }) | Write::Join { live_limit, .. } => {
            *live_limit = Some(limit);
        }
        _ => unreachable!("only new games and seats have a limit"),
    }
    write
}

/// The last action of game `game`: it ends it.
fn last_action(game: &str, seq: i64) -> Write {
    let Write::Action(mut a) = action(game, seq) else {
        unreachable!("an action")
    };
    a.status = "finished";
    Write::Action(a)
}

fn too_many(live: i64) -> Result<(), WriteError> {
    Err(WriteError::too_many_games(live))
}

#[tokio::test]
async fn every_store_refuses_a_game_or_seat_past_the_limit_and_counts_only_live_games() {
    let stores = all_stores("live-limit").await;
    let script = || {
        vec![
            new_account("a", "Grant"),
            new_account("b", "Lee"),
            limited(new_game("g1", "a"), 2),
            limited(new_game("g2", "a"), 2),
            // a sits in two open games.
            limited(new_game("g3", "a"), 2),
            limited(join("g1", "b"), 1),
            // b sits in one active game.
            limited(join("g2", "b"), 1),
            // Without a limit, nothing is counted.
            new_game("g4", "a"),
            // g1 finished: a sits in g2 and g4, b in none.
            last_action("g1", 1),
            limited(join("g2", "b"), 1),
            limited(new_game("g5", "a"), 3),
            limited(new_game("g6", "a"), 3),
        ]
    };
    let answers = run_script(&stores, script).await;
    assert_eq!(
        answers,
        [
            true, true, true, true, false, true, false, true, true, true, true, false
        ]
    );
    for store in &stores {
        let mut answered = Vec::new();
        for write in [
            limited(new_game("g7", "a"), 3),
            limited(new_game("g8", "b"), 0),
        ] {
            answered.push(store.write(write).await);
        }
        // a: g2, g4, g5 (b's seat in g2 counts for b alone).
        assert_eq!(answered, [too_many(3), too_many(1)]);
        assert_eq!(store.live_games_of("a").await.unwrap(), 3);
    }
    close_all(&stores).await;
}

#[tokio::test]
async fn on_the_writers_a_write_past_the_limit_fails_alone_in_its_batch() {
    for store in durable_stores("live-limit-batch", 64).await {
        for write in [
            new_account("a", "Grant"),
            new_account("b", "Lee"),
            new_game("g", "a"),
            join("g", "b"),
            new_game("h", "a"),
        ] {
            store.write(write).await.expect("set-up write");
        }
        let writes = [
            limited(new_game("k", "b"), 1),
            action("g", 1),
            limited(join("h", "b"), 2),
            limited(new_game("m", "a"), 2),
        ];
        let results =
            futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
        assert_eq!(results, [too_many(1), Ok(()), Ok(()), too_many(2)]);
        assert!(store.game("k").await.unwrap().is_none());
        assert!(store.game("m").await.unwrap().is_none());
        assert_eq!(store.game("g").await.unwrap().unwrap().seq, 1);
        assert_eq!(store.game("h").await.unwrap().unwrap().status, "active");
        store.close().await;
    }
}

#[tokio::test]
async fn the_row_of_a_new_game_is_what_every_store_reads_back() {
    let stores = all_stores("created-row").await;
    for store in &stores {
        store.write(new_account("a", "Grant")).await.unwrap();
        for (id, side) in [("g", "union"), ("h", "confederate")] {
            let Write::CreateGame(mut g) = new_game(id, "a") else {
                unreachable!("a new game")
            };
            g.side = side;
            g.clock = Some(r#"{"x":1}"#.into());
            let expected = GameRow::created(&g, "Grant");
            store.write(Write::CreateGame(g)).await.unwrap();
            let read = store.game(id).await.unwrap().unwrap();
            assert_eq!(format!("{read:?}"), format!("{expected:?}"));
        }
    }
    close_all(&stores).await;
}
