//! Unit tests of the game actor: the service and its actors over the in-memory store and a
//! manual clock, playing the registry's test game; no socket, no sleep.

mod computer;
mod computer_nodes;
mod frames;
mod limit;
mod nodes;
mod play;

use adjutant_protocol::{CreateGame, JoinGame, SideChoice, UpdateMode, Visibility};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::{Notify, mpsc};

use crate::clock::ManualClock;
use crate::config::Config;
use crate::frame::Outgoing;
use crate::service::{Account, NewSubscriber, Service, Sink};
use crate::store::{MemoryStore, SharedStore};

/// A service on a memory store and a manual clock, two players in a started game of the
/// registry's unit-test game (its first scenario).
struct Table {
    service: Service,
    store: Arc<MemoryStore>,
    clock: Arc<ManualClock>,
    union: Account,
    confederate: Account,
    game: String,
}

impl Table {
    async fn new() -> Table {
        Table::with(|_| {}).await
    }

    async fn with(adjust: impl FnOnce(&mut Config)) -> Table {
        let mut config = Config::with_db("unused-by-the-memory-store.db");
        config.sweep_secs = 0;
        adjust(&mut config);
        let store = Arc::new(MemoryStore::new());
        let shared: SharedStore = store.clone();
        let clock = ManualClock::new(1_800_000_000);
        let registry = adjutant_games::test_registry();
        let info = adjutant_games::unit_test_game().info().clone();
        let service = Service::with_clock(shared, registry, config, clock.clone());
        let union = account(&service, "union").await;
        let confederate = account(&service, "confederate").await;
        let game = service
            .create_game(
                &union,
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
                },
            )
            .await
            .expect("the game is created")
            .game_id;
        service
            .join_game(&confederate, &game, JoinGame::default())
            .await
            .expect("the second player joins");
        Table {
            service,
            store,
            clock,
            union,
            confederate,
            game,
        }
    }

    /// A player's view and the game's sequence number.
    async fn view(&self, who: &Account) -> (Value, u64) {
        let state = self
            .service
            .game_state(Some(who), &self.game, None)
            .await
            .expect("the state");
        (state.view, state.seq)
    }

    /// The first action offered to `who` whose type is `kind`.
    async fn offered(&self, who: &Account, kind: &str) -> Value {
        let (view, _) = self.view(who).await;
        let actions = view["actions"].as_array().cloned().unwrap_or_default();
        let found = actions.into_iter().find(|a| a["type"] == kind);
        found.unwrap_or_else(|| panic!("no {kind} offered in {view}"))
    }

    /// Subscribes a new connection in view mode; returns its frames.
    async fn subscribe(&self, conn: u64, account: Option<&Account>) -> Connection {
        self.subscribe_in(conn, account, UpdateMode::View).await
    }

    /// Subscribes a new connection in `mode`; returns its frames.
    async fn subscribe_in(
        &self,
        conn: u64,
        account: Option<&Account>,
        mode: UpdateMode,
    ) -> Connection {
        let (tx, rx) = mpsc::channel(64);
        let kick = Arc::new(Notify::new());
        let sink = Sink {
            conn,
            tx,
            kick: kick.clone(),
        };
        self.service
            .subscribe(&self.game, || NewSubscriber {
                sink: sink.clone(),
                account: account.cloned(),
                spectate_code: None,
                after_seq: None,
                mode,
                request_id: None,
            })
            .await
            .expect("subscribed");
        Connection {
            rx,
            sink,
            _kick: kick,
        }
    }
}

/// A subscribed connection, as the actor sees it: a channel of frames.
struct Connection {
    rx: mpsc::Receiver<Outgoing>,
    /// Its way in, as a WebSocket hands it to `act_live`.
    sink: Sink,
    _kick: Arc<Notify>,
}

impl Connection {
    /// Every frame already sent, parsed (the actor sends before it answers, so no waiting).
    fn frames(&mut self) -> Vec<(Value, Outgoing)> {
        let mut frames = Vec::new();
        while let Ok(out) = self.rx.try_recv() {
            let Outgoing::Frame(frame) = &out else {
                panic!("the actor closed a connection: {out:?}")
            };
            let value: Value = serde_json::from_str(frame.text()).expect("frames are JSON");
            frames.push((value, out));
        }
        frames
    }
}

async fn account(service: &Service, name: &str) -> Account {
    let created = service.create_account(name).await.expect("account");
    service
        .authenticate(&created.token)
        .await
        .expect("its token")
}
