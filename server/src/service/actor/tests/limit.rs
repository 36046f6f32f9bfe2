//! The limit of open or active games an account may sit in: a new game or a seat past it is
//! refused, and a finished game no longer counts.

use super::*;
use adjutant_protocol::ErrorCode;

fn new_game() -> CreateGame {
    let info = adjutant_games::unit_test_game().info().clone();
    CreateGame {
        game: info.id.clone(),
        scenario: info.scenarios[0].id.clone(),
        options: json!({}),
        side: SideChoice::Union,
        visibility: Visibility::Public,
        secret_choices: json!({}),
        clock: None,
        opponent: None,
        level: None,
    }
}

#[tokio::test]
async fn a_game_or_seat_past_the_limit_is_refused_until_a_game_ends() {
    let t = Table::with(|c| c.max_open_games = 1).await;
    let refused = t
        .service
        .create_game(&t.union, new_game())
        .await
        .expect_err("a second live game");
    assert_eq!(refused.code, ErrorCode::Conflict);
    assert!(
        refused
            .message
            .contains("you already have 1 open or active games"),
        "{}",
        refused.message
    );
    let third = account(&t.service, "third").await;
    let open = t
        .service
        .create_game(&third, new_game())
        .await
        .expect("a first game")
        .game_id;
    let refused = t
        .service
        .join_game(&t.confederate, &open, JoinGame::default())
        .await
        .expect_err("a seat in a second live game");
    assert_eq!(refused.code, ErrorCode::Conflict);
    t.service
        .resign(Some(&t.confederate), &t.game)
        .await
        .expect("resigns");
    t.service
        .join_game(&t.confederate, &open, JoinGame::default())
        .await
        .expect("the finished game no longer counts");
    t.service
        .create_game(&t.union, new_game())
        .await
        .expect("nor for the other player");
}
