//! Unit tests of accounts over the in-memory store and a manual clock: a password sign-in
//! gives a token of its own, a revoked token is refused even once cached, a token's last use
//! is written every few minutes, and a full disk refuses a sign-in without changing anything.

use adjutant_engine::Registry;
use adjutant_protocol::{CreateAccount, ErrorCode, SignIn};
use std::sync::Arc;

use crate::clock::ManualClock;
use crate::config::Config;
use crate::service::Service;
use crate::store::{MemoryStore, SharedStore, Store};

const START: i64 = 1_800_000_000;

fn service() -> (Service, Arc<MemoryStore>, Arc<ManualClock>) {
    let mut config = Config::with_db("unused-by-the-memory-store.db");
    config.sweep_secs = 0;
    let store = Arc::new(MemoryStore::new());
    let shared: SharedStore = store.clone();
    let clock = ManualClock::new(START);
    let service = Service::with_clock(shared, Registry::new(), config, clock.clone());
    (service, store, clock)
}

fn sign_in(password: &str) -> SignIn {
    SignIn {
        name: "grant".into(),
        password: password.into(),
        label: None,
    }
}

#[tokio::test]
async fn a_sign_in_gets_its_own_token_and_a_revoked_one_is_refused_even_when_cached() {
    let (service, store, clock) = service();
    let created = service
        .create_account_with(
            CreateAccount {
                name: "grant".into(),
                password: Some("vicksburg-1863".into()),
                label: None,
            },
            "client",
        )
        .await
        .unwrap();
    let first = service.authenticate(&created.token).await.unwrap();
    let signed = service
        .sign_in(sign_in("vicksburg-1863"), "client")
        .await
        .unwrap();
    let second = service.authenticate(&signed.token).await.unwrap();
    assert_eq!(first.id, second.id);
    assert_ne!(first.token_id, second.token_id);
    assert_eq!(second.token_id, signed.token_id);

    // Last use: written at the first use, then not again within five minutes.
    let used = async |id: &str| {
        let rows = store.tokens_of(&first.id).await.unwrap();
        rows.into_iter().find(|t| t.id == id).unwrap().last_used_at
    };
    assert_eq!(used(&first.token_id).await, Some(START));
    clock.advance(299);
    service.authenticate(&created.token).await.unwrap();
    assert_eq!(used(&first.token_id).await, Some(START));
    clock.advance(1);
    service.authenticate(&created.token).await.unwrap();
    assert_eq!(used(&first.token_id).await, Some(START + 300));

    // Revoked while cached: refused at once; the other token stays.
    let mut heard = service.revocations();
    service
        .revoke_token(&second, &first.token_id)
        .await
        .unwrap();
    let refused = service.authenticate(&created.token).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::Unauthorized);
    assert!(heard.try_recv().unwrap().covers(&first));
    service.authenticate(&signed.token).await.unwrap();

    // A full disk: the sign-in is refused and no token is made.
    store.set_full(true);
    let before = service.account_security(&second).await.unwrap();
    let refused = service
        .sign_in(sign_in("vicksburg-1863"), "client")
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::Internal);
    store.set_full(false);
    assert_eq!(service.account_security(&second).await.unwrap(), before);
}
