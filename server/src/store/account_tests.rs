//! Passwords, tokens and sign-in links: every store (SQLite, memory, PostgreSQL) answers a
//! script of writes alike, and a refused write changes nothing.

use std::path::PathBuf;

use super::tests::{all_stores, assert_all_same, close_all, durable_stores, run_script};
use super::{AccountWrite, NewToken, SqliteStore, Write, WriteError};
use crate::names::name_key;

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("adjutant-accounts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join("adjutant.db")
}

fn account(id: &str, name: &str, password: Option<&str>) -> Write {
    Write::CreateAccount {
        id: id.into(),
        name: name.into(),
        name_key: name_key(name),
        token_hash: format!("hash-{id}"),
        token_id: format!("first-{id}"),
        label: "created with the account".into(),
        password_hash: password.map(str::to_string),
        now: 10,
    }
}

fn token(id: &str, account: &str, now: i64) -> NewToken {
    NewToken {
        id: id.into(),
        account: account.into(),
        token_hash: format!("hash-{id}"),
        origin: "password",
        label: format!("device {id}"),
        now,
    }
}

fn script() -> Vec<Write> {
    let w = |a: AccountWrite| -> Write { a.into() };
    vec![
        account("a", "grant", None),
        account("b", "lee", Some("$argon2id$lee")),
        // A token of an account that does not exist, and one whose id is taken.
        w(AccountWrite::NewToken(token("t1", "nobody", 20))),
        w(AccountWrite::NewToken(token("t1", "a", 20))),
        w(AccountWrite::NewToken(token("t1", "a", 21))),
        w(AccountWrite::NewToken(token("t2", "a", 30))),
        w(AccountWrite::NewToken(token("t3", "b", 30))),
        w(AccountWrite::Touch {
            token_hash: "hash-t1".into(),
            now: 50,
        }),
        // Never moves back.
        w(AccountWrite::Touch {
            token_hash: "hash-t1".into(),
            now: 40,
        }),
        // Not the account's token: refused; then revoked by its owner.
        w(AccountWrite::Revoke {
            account: "b".into(),
            token_id: "t2".into(),
        }),
        w(AccountWrite::Revoke {
            account: "a".into(),
            token_id: "t2".into(),
        }),
        w(AccountWrite::Revoke {
            account: "a".into(),
            token_id: "t2".into(),
        }),
        // A first password (none before), then a change on a stale old hash (refused), then
        // one on the right old hash that signs out every token but t1.
        w(AccountWrite::SetPassword {
            account: "a".into(),
            old_hash: None,
            new_hash: "$argon2id$one".into(),
            keep: None,
            now: 60,
        }),
        w(AccountWrite::SetPassword {
            account: "a".into(),
            old_hash: None,
            new_hash: "$argon2id$two".into(),
            keep: None,
            now: 61,
        }),
        w(AccountWrite::SetPassword {
            account: "a".into(),
            old_hash: Some("$argon2id$one".into()),
            new_hash: "$argon2id$two".into(),
            keep: Some("t1".into()),
            now: 62,
        }),
        // Links: a newer one replaces the older; an expired or replaced one is refused; the
        // right one is used once.
        w(AccountWrite::NewLink {
            account: "b".into(),
            token_hash: "link-1".into(),
            expires_at: 100,
        }),
        w(AccountWrite::NewLink {
            account: "b".into(),
            token_hash: "link-2".into(),
            expires_at: 200,
        }),
        redeem("link-1", "s1", 70, false),
        redeem("link-2", "s1", 200, false),
        redeem("link-2", "s1", 150, true),
        redeem("link-2", "s2", 160, false),
        w(AccountWrite::NewToken(token("t4", "b", 170))),
        w(AccountWrite::RevokeOthers {
            account: "b".into(),
            keep: "t4".into(),
        }),
    ]
}

fn redeem(link: &str, session: &str, now: i64, sign_out_others: bool) -> Write {
    AccountWrite::RedeemLink {
        token_hash: link.into(),
        session: NewToken {
            origin: "link",
            ..token(session, "b", now)
        },
        password_hash: Some(format!("$argon2id${session}")),
        sign_out_others,
    }
    .into()
}

#[tokio::test]
async fn every_store_keeps_passwords_tokens_and_links_alike() {
    let stores = all_stores("account-parity").await;
    let results = run_script(&stores, script).await;
    assert_eq!(
        results,
        [
            true, true, false, true, false, true, true, true, true, false, true, false, true,
            false, true, true, true, false, false, true, false, true, true
        ]
    );
    let mut seen = Vec::new();
    for store in &stores {
        seen.push((
            store.tokens_of("a").await.unwrap(),
            store.tokens_of("b").await.unwrap(),
            store.credentials_by_name("grant").await.unwrap(),
            store.credentials_of("b").await.unwrap(),
            store.token_owner("hash-t1").await.unwrap(),
            store.token_owner("hash-first-a").await.unwrap(),
            store.sign_in_link("link-2").await.unwrap(),
        ));
    }
    assert_all_same(&seen);
    let (a_tokens, b_tokens, grant, lee, t1, revoked, link) = seen.remove(0);
    // Only t1 is left of grant's tokens, used at 50; his password is the second.
    assert_eq!(a_tokens.len(), 1);
    assert_eq!(
        (a_tokens[0].id.as_str(), a_tokens[0].last_used_at),
        ("t1", Some(50))
    );
    let grant = grant.unwrap();
    assert_eq!(grant.password_hash.as_deref(), Some("$argon2id$two"));
    assert_eq!(grant.password_changed_at, Some(62));
    // Lee signed in by link s1 (signing out the others), then t4, then revoked the others.
    let ids: Vec<&str> = b_tokens.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["t4"]);
    assert_eq!(lee.unwrap().password_hash.as_deref(), Some("$argon2id$s1"));
    assert_eq!(t1.unwrap().token_id, "t1");
    assert_eq!(
        revoked, None,
        "the first token was signed out by the password change"
    );
    assert_eq!(link, None, "a used link is forgotten");
    close_all(&stores).await;
}

#[tokio::test]
async fn tokens_from_before_passwords_keep_working_after_the_migration() {
    let db = temp_db("migrated");
    let store = SqliteStore::open(&db, 8).await.unwrap();
    store.write(account("a", "grant", None)).await.unwrap();
    // The account's first token is in the tokens table, with the label of its origin.
    let owner = store.token_owner("hash-a").await.unwrap().unwrap();
    assert_eq!(
        (owner.account_id.as_str(), owner.name.as_str()),
        ("a", "grant")
    );
    let tokens = store.tokens_of("a").await.unwrap();
    assert_eq!(tokens[0].origin, "created");
    // A refused write changes nothing.
    let refused = store
        .write(
            AccountWrite::Revoke {
                account: "a".into(),
                token_id: "nope".into(),
            }
            .into(),
        )
        .await;
    assert!(matches!(refused, Err(WriteError::Conflict(_))));
    assert_eq!(store.tokens_of("a").await.unwrap(), tokens);
    store.close().await;
    let _ = std::fs::remove_dir_all(db.parent().unwrap());
}

#[tokio::test]
async fn a_refused_token_write_changes_nothing_on_the_durable_stores() {
    for store in durable_stores("refused-token", 8).await {
        store.write(account("a", "grant", None)).await.unwrap();
        let tokens = store.tokens_of("a").await.unwrap();
        assert_eq!(tokens[0].origin, "created");
        let refused = store
            .write(
                AccountWrite::Revoke {
                    account: "a".into(),
                    token_id: "nope".into(),
                }
                .into(),
            )
            .await;
        assert!(
            matches!(refused, Err(WriteError::Conflict(_))),
            "{refused:?}"
        );
        assert_eq!(store.tokens_of("a").await.unwrap(), tokens);
        store.close().await;
    }
}
