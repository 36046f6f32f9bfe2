//! The stores' list of the active games against the computer (resumed when the server
//! starts), on SQLite, in memory and on PostgreSQL alike.

use super::tests::{action, all_stores, close_all, join, new_account, new_game};
use super::{ComputerStart, ListQuery, Write};

#[tokio::test]
async fn every_store_lists_the_active_games_against_the_computer() {
    let stores = all_stores("against-the-computer").await;
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
    for store in &stores {
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
    close_all(&stores).await;
}
