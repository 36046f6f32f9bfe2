//! Account names are one name however they are written: case beyond ASCII, full-width and
//! other compatibility forms are the same name, and a name mixing scripts (a Cyrillic `а`
//! among Latin letters) is refused; lists and views keep the name as it was given.

use adjutant_protocol::{ErrorCode, GameFilter, Visibility};

use crate::common::*;

#[tokio::test]
async fn names_are_unique_regardless_of_case_width_and_form_beyond_ascii() {
    let server = TestServer::start().await;
    let anyone = server.client();
    let umlaut = server.account("Ümlaut").await;
    server.account("grant").await;
    for taken in [
        "ümlaut",
        "ÜMLAUT",
        "u\u{308}mlaut",
        "ｇrant",
        "ＧＲＡＮＴ",
        "Grant",
    ] {
        let refused = anyone.create_account(taken).await.unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::Conflict), "{taken}");
        assert!(refused.to_string().contains("is taken"), "{refused}");
    }
    // A full-width name that is free is stored as its plain letters.
    let created = anyone.create_account("ｓｈｅｒｍａｎ").await.unwrap();
    assert_eq!(created.name, "sherman");
    assert_eq!(
        anyone.create_account("Sherman").await.unwrap_err().code(),
        Some(ErrorCode::Conflict)
    );

    // The display form stays as given: in the account, in lists and in the game.
    assert_eq!(umlaut.me().await.unwrap().name, "Ümlaut");
    let opponent = server.account("Øresund").await;
    let game = outpost(&umlaut, &opponent, Visibility::Public)
        .await
        .game_id;
    let listed = umlaut.list(GameFilter::Mine).await.unwrap();
    let summary = listed.games.iter().find(|g| g.game_id == game).unwrap();
    assert_eq!(summary.players.union.as_deref(), Some("Ümlaut"));
    assert_eq!(summary.players.confederate.as_deref(), Some("Øresund"));
    let state = opponent.state(&game, None).await.unwrap();
    assert_eq!(state.players.union.as_deref(), Some("Ümlaut"));
}

#[tokio::test]
async fn names_mixing_scripts_are_refused_with_a_reason() {
    let server = TestServer::start().await;
    let anyone = server.client();
    // Cyrillic а (U+0430) in grаnt; Greek Α (U+0391) in Αlice.
    for mixed in ["gr\u{430}nt", "\u{391}lice", "ｇr\u{430}nt"] {
        let refused = anyone.create_account(mixed).await.unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::BadRequest), "{mixed}");
        assert!(refused.to_string().contains("one script"), "{refused}");
    }
    // One script at a time is fine, with digits and the allowed punctuation.
    for name in ["Победа-1863", "Σίσυφος", "山田たろう", "U.S._Grant"] {
        anyone.create_account(name).await.expect(name);
    }
}
