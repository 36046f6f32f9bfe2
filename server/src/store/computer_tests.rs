//! The stores' list of the active games against the computer (resumed when the server
//! starts), on SQLite and in memory alike.

use super::tests::{action, join, new_account, new_game, temp_db};
use super::{ComputerStart, ListQuery, MemoryStore, SqliteStore, Store, Write};

#[tokio::test]
async fn both_stores_list_the_active_games_against_the_computer() {
    let sqlite = SqliteStore::open(&temp_db("against-the-computer"), 8)
        .await
        .unwrap();
    let memory = MemoryStore::new();
    let against = |id: &str| {
        let Write::CreateGame(mut game) = new_game(id, "a") else {
            unreachable!()
        };
        game.computer = Some(ComputerStart {
            side: "confederate",
            seat: r#"{"side":"confederate","level":"normal"}"#.into(),
            secret: "{}".into(),
            to_act: "confederate".into(),
        });
        Write::CreateGame(game)
    };
    let stores: [&dyn Store; 2] = [&sqlite, &memory];
    for store in stores {
        store.write(new_account("a", "Grant")).await.unwrap();
        store.write(new_account("b", "Lee")).await.unwrap();
        store.write(against("k")).await.unwrap();
        // Two people's game, active; a game against the computer, then finished.
        store.write(new_game("g", "a")).await.unwrap();
        store.write(join("g", "b")).await.unwrap();
        store.write(against("f")).await.unwrap();
        let mut end = action("f", 1);
        if let Write::Action(a) = &mut end {
            a.status = "finished";
        }
        store.write(end).await.unwrap();
        let listed: Vec<(String, Option<String>)> = store
            .games(ListQuery::AgainstTheComputer, 10)
            .await
            .unwrap()
            .into_iter()
            .map(|g| (g.id, g.computer))
            .collect();
        assert_eq!(
            listed,
            vec![(
                "k".to_string(),
                Some(r#"{"side":"confederate","level":"normal"}"#.to_string())
            )]
        );
    }
    sqlite.close().await;
}
