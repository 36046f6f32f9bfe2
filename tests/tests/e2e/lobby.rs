//! Accounts, catalog, creating and joining games, lists.

use adjutant_protocol::{
    CreateGame, ErrorCode, GameFilter, GameStatus, JoinGame, SideChoice, Visibility,
};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn accounts_get_a_token_that_identifies_them_and_names_are_unique() {
    let server = TestServer::start().await;
    let alice = server.account("alice").await;
    assert_eq!(alice.me().await.unwrap().name, "alice");
    let taken = server.client().create_account("ALICE").await.unwrap_err();
    assert_eq!(taken.code(), Some(ErrorCode::Conflict));
    let bad = server
        .client()
        .create_account("no spaces please")
        .await
        .unwrap_err();
    assert_eq!(bad.code(), Some(ErrorCode::BadRequest));
    let forged = server.client().with_token(Some("adj_0000".into()));
    assert_eq!(
        forged.me().await.unwrap_err().code(),
        Some(ErrorCode::Unauthorized)
    );
    assert_eq!(
        server.client().me().await.unwrap_err().code(),
        Some(ErrorCode::Unauthorized)
    );
}

#[tokio::test]
async fn the_catalog_lists_games_scenarios_options_and_secret_choices() {
    let server = TestServer::start().await;
    let catalog = server.client().catalog().await.unwrap();
    assert_eq!(catalog.protocol, adjutant_protocol::PROTOCOL_VERSION);
    let outpost = catalog
        .games
        .iter()
        .find(|g| g.id == "outpost")
        .expect("outpost listed");
    assert_eq!(outpost.scenarios[0].id, "skirmish");
    assert!(
        outpost
            .choices
            .iter()
            .any(|c| c.id == "decoy" && matches!(c.scope, adjutant_engine::ChoiceScope::Secret(_)))
    );
    let data = server.client().game_data("outpost").await.unwrap();
    assert_eq!(data["posts"], 5);
    let missing = server.client().game_data("chess").await.unwrap_err();
    assert_eq!(missing.code(), Some(ErrorCode::NotFound));
}

#[tokio::test]
async fn a_game_is_created_joined_by_invite_once_and_listed() {
    let server = TestServer::start().await;
    let alice = server.account("alice").await;
    let bob = server.account("bob").await;
    let carol = server.account("carol").await;
    let created = alice
        .create_game(&CreateGame {
            game: "outpost".into(),
            scenario: "skirmish".into(),
            options: json!({}),
            side: SideChoice::Random,
            visibility: Visibility::Private,
            secret_choices: json!({"decoy": "2"}),
            clock: None,
            opponent: None,
            level: None,
        })
        .await
        .unwrap();
    assert_eq!(created.seed_commitment.len(), 64);
    let state = alice.state(&created.game_id, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Open);
    assert!(state.view.is_null());

    // Private: no code, no seat; a wrong code neither.
    let no_code = bob
        .join(&created.game_id, &JoinGame::default())
        .await
        .unwrap_err();
    assert_eq!(no_code.code(), Some(ErrorCode::Forbidden));
    let wrong = JoinGame {
        invite_code: Some("WRONGCODE2".into()),
        secret_choices: json!({}),
    };
    assert_eq!(
        bob.join(&created.game_id, &wrong).await.unwrap_err().code(),
        Some(ErrorCode::Forbidden)
    );
    let bad_choice = JoinGame {
        invite_code: Some(created.invite_code.clone()),
        secret_choices: json!({"decoy": "9"}),
    };
    assert_eq!(
        bob.join(&created.game_id, &bad_choice)
            .await
            .unwrap_err()
            .code(),
        Some(ErrorCode::BadRequest)
    );

    let join = JoinGame {
        invite_code: Some(created.invite_code.to_lowercase()),
        secret_choices: json!({}),
    };
    let joined = bob.join(&created.game_id, &join).await.unwrap();
    assert_eq!(joined.seat, created.seat.opponent());
    // The code is spent.
    let again = carol.join(&created.game_id, &join).await.unwrap_err();
    assert_eq!(again.code(), Some(ErrorCode::Conflict));

    let mine = alice.list(GameFilter::Mine).await.unwrap();
    assert_eq!(mine.games.len(), 1);
    assert_eq!(mine.games[0].status, GameStatus::Active);
    assert_eq!(mine.games[0].my_seat, Some(created.seat));
    assert_eq!(
        mine.games[0].my_turn,
        created.seat == adjutant_engine::Side::Union
    );
    // A private game is in no public list.
    assert!(
        carol
            .list(GameFilter::Active)
            .await
            .unwrap()
            .games
            .is_empty()
    );
    assert!(carol.list(GameFilter::Mine).await.unwrap().games.is_empty());
}

#[tokio::test]
async fn the_public_lobby_fills_the_open_seat_without_a_code() {
    let server = TestServer::start().await;
    let alice = server.account("alice").await;
    let bob = server.account("bob").await;
    let created = alice
        .create_game(&CreateGame {
            game: "outpost".into(),
            scenario: "skirmish".into(),
            options: json!({"rounds": 2}),
            side: SideChoice::Confederate,
            visibility: Visibility::Public,
            secret_choices: json!({}),
            clock: None,
            opponent: None,
            level: None,
        })
        .await
        .unwrap();
    let open = bob.list(GameFilter::Open).await.unwrap();
    assert_eq!(open.games.len(), 1);
    assert_eq!(open.games[0].game_id, created.game_id);
    assert_eq!(open.games[0].players.confederate.as_deref(), Some("alice"));
    let joined = bob
        .join(&created.game_id, &JoinGame::default())
        .await
        .unwrap();
    assert_eq!(joined.seat, adjutant_engine::Side::Union);
    assert!(bob.list(GameFilter::Open).await.unwrap().games.is_empty());
    assert_eq!(bob.list(GameFilter::Active).await.unwrap().games.len(), 1);
    let own = alice
        .join(&created.game_id, &JoinGame::default())
        .await
        .unwrap_err();
    assert_eq!(own.code(), Some(ErrorCode::Conflict));
}

#[tokio::test]
async fn bad_game_requests_are_refused_with_a_sentence() {
    let server = TestServer::start_with(|c| c.max_open_games = 2).await;
    let alice = server.account("alice").await;
    let mut request = CreateGame {
        game: "chess".into(),
        scenario: "skirmish".into(),
        options: json!({}),
        side: SideChoice::Union,
        visibility: Visibility::Public,
        secret_choices: json!({}),
        clock: None,
        opponent: None,
        level: None,
    };
    assert_eq!(
        alice.create_game(&request).await.unwrap_err().code(),
        Some(ErrorCode::NotFound)
    );
    request.game = "outpost".into();
    request.scenario = "siege".into();
    assert_eq!(
        alice.create_game(&request).await.unwrap_err().code(),
        Some(ErrorCode::NotFound)
    );
    request.scenario = "skirmish".into();
    request.options = json!({"rounds": 99});
    let err = alice.create_game(&request).await.unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::BadRequest));
    assert!(err.to_string().contains("rounds"), "{err}");
    request.options = json!({});
    assert_eq!(
        server
            .client()
            .create_game(&request)
            .await
            .unwrap_err()
            .code(),
        Some(ErrorCode::Unauthorized)
    );
    alice.create_game(&request).await.unwrap();
    alice.create_game(&request).await.unwrap();
    let limit = alice.create_game(&request).await.unwrap_err();
    assert_eq!(limit.code(), Some(ErrorCode::Conflict), "{limit}");
    let nothing = alice
        .state("00000000-0000-4000-8000-000000000000", None)
        .await
        .unwrap_err();
    assert_eq!(nothing.code(), Some(ErrorCode::NotFound));
    let garbage = alice.state("not-a-game", None).await.unwrap_err();
    assert_eq!(garbage.code(), Some(ErrorCode::NotFound));
}
