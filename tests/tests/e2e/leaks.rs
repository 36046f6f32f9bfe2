//! The wire-level leak detector (issue 12): seeded games played through a real server, every
//! byte that every other viewer receives recorded — WebSocket frames of both update modes,
//! HTTP views, events, records, chat, notices and error replies — and searched for each
//! side's secrets (canaries) before the rules reveal them. Secrets are random strings where
//! the players write them (order notes, private notes, chat) and the counters' ids and
//! printed names where the rules hide them (a face-down counter, a dummy), revealed at the
//! sequence number from which the rules let that viewer identify the counter.

mod bloody_roads_south;
mod canaries;
/// Also used by the Bloody Roads South set-up test (`bloody_roads_south.rs`).
pub(crate) mod wiretap;

use adjutant_cli::Client;
use adjutant_engine::{Match, PerSide, Seed, Setup, Side, Viewer};
use adjutant_protocol::Visibility;
use mississippi_fortress::MississippiFortress;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use crate::common::*;
use canaries::{Canaries, random};
use wiretap::{Ear, Http, Tape};

/// The three viewers other than the omniscient, by the names the tape uses.
const VIEWERS: [(&str, Viewer); 3] = [
    ("union", Viewer::Seat(Side::Union)),
    ("confederate", Viewer::Seat(Side::Confederate)),
    ("spectator", Viewer::Spectator),
];

/// A game being watched from every side and every stream.
struct Watched {
    game_id: String,
    seats: PerSide<Http>,
    /// An anonymous spectator and one with an account.
    spectators: [Http; 2],
    ears: Vec<Ear>,
    tape: Tape,
    /// Chat canaries: (text, channel, author's seat or `None` for a spectator, seq posted).
    chat: Vec<(String, &'static str, Option<Side>, u64)>,
    rng: StdRng,
}

impl Watched {
    async fn open(server: &TestServer, seats: PerSide<&Client>, game_id: String, n: u64) -> Self {
        let tape = Tape::default();
        let watcher = server.account("watcher").await;
        let http =
            |client: &Client, viewer| Http::new(&server.base, client.token(), viewer, tape.clone());
        let mut ears = Vec::new();
        for (client, viewer) in [
            (seats.union, "union"),
            (seats.confederate, "confederate"),
            (&server.client(), "spectator"),
        ] {
            for mode in ["view", "patch"] {
                ears.push(
                    Ear::open(
                        &server.base,
                        client.token(),
                        &game_id,
                        mode,
                        viewer,
                        tape.clone(),
                    )
                    .await,
                );
            }
        }
        ears.push(
            Ear::open(
                &server.base,
                watcher.token(),
                &game_id,
                "patch",
                "spectator",
                tape.clone(),
            )
            .await,
        );
        Watched {
            game_id,
            seats: PerSide {
                union: http(seats.union, "union"),
                confederate: http(seats.confederate, "confederate"),
            },
            spectators: [
                http(&server.client(), "spectator"),
                http(&watcher, "spectator"),
            ],
            ears,
            tape,
            chat: Vec::new(),
            rng: StdRng::seed_from_u64(n),
        }
    }

    fn everyone(&self) -> Vec<Http> {
        let mut all = vec![self.seats.union.clone(), self.seats.confederate.clone()];
        all.extend(self.spectators.iter().cloned());
        all
    }

    /// Plays `limit` actions (or to the end): the side to act picks at random, taking back
    /// its last action a quarter of the time it may; `fill` completes an action's free text
    /// (given the seat's view it was chosen from); an action `fill` made that the rules refuse
    /// (a batch that does not pass) is posted again as it was offered. After each action
    /// every viewer reads its view, its events, and an error of its own.
    async fn play(
        &mut self,
        limit: u64,
        mut fill: impl FnMut(&mut Value, &Value, Side, u64, &mut StdRng),
    ) -> u64 {
        let id = self.game_id.clone();
        let mut seq = 0;
        while seq < limit {
            let state = self.spectators[0]
                .get(seq, &format!("/api/games/{id}"))
                .await;
            let Some(side) = state["view"]["to_act"][0].as_str().and_then(Side::parse) else {
                break;
            };
            let mine = self
                .seats
                .get(side)
                .get(seq, &format!("/api/games/{id}"))
                .await;
            let actions = mine["view"]["actions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let undo = actions.iter().find(|a| a["type"] == "undo").cloned();
            let mut action = match undo {
                Some(undo) if self.rng.random_bool(0.25) => undo,
                _ => {
                    let rest: Vec<&Value> =
                        actions.iter().filter(|a| a["type"] != "undo").collect();
                    rest[self.rng.random_range(0..rest.len())].clone()
                }
            };
            let offered = action.clone();
            fill(&mut action, &mine["view"], side, seq, &mut self.rng);
            let path = format!("/api/games/{id}/actions");
            let seat = self.seats.get(side).clone();
            let mut accepted = seat
                .post(seq, &path, json!({"seq": seq, "action": action}))
                .await;
            if accepted["seq"] != seq + 1 && action != offered {
                accepted = seat
                    .post(seq, &path, json!({"seq": seq, "action": offered}))
                    .await;
            }
            assert_eq!(
                accepted["seq"],
                seq + 1,
                "the action was accepted: {accepted}"
            );
            seq += 1;
            self.observe(seq, side).await;
            if seq.is_multiple_of(10) {
                self.chatter(seq, side).await;
            }
        }
        for ear in &mut self.ears {
            ear.heard(seq).await;
        }
        seq
    }

    /// Every viewer reads what it may (and tries what it may not) at `seq`.
    async fn observe(&mut self, seq: u64, acted: Side) {
        let id = &self.game_id;
        for who in self.everyone() {
            who.get(seq, &format!("/api/games/{id}")).await;
            who.get(seq, &format!("/api/games/{id}/events?after={}", seq - 1))
                .await;
        }
        // Errors: the side that did not act posts late and posts nonsense; a spectator
        // tries to act.
        let other = self.seats.get(acted.opponent());
        let path = format!("/api/games/{id}/actions");
        other
            .post(
                seq,
                &path,
                json!({"seq": seq - 1, "action": {"type": "undo"}}),
            )
            .await;
        other
            .post(
                seq,
                &path,
                json!({"seq": seq, "action": {"type": "nonsense"}}),
            )
            .await;
        self.spectators[1]
            .post(seq, &path, json!({"seq": seq, "action": {"type": "undo"}}))
            .await;
        if seq.is_multiple_of(25) {
            for who in self.everyone() {
                who.get(seq, &format!("/api/games/{id}/record")).await;
                who.get(seq, "/api/notices").await;
            }
        }
    }

    /// The side that acted writes a private note and a message to its opponent, a spectator
    /// writes in the spectators' chat, and everyone reads every channel (or is refused).
    async fn chatter(&mut self, seq: u64, side: Side) {
        let id = self.game_id.clone();
        let posts = [
            ("notes", Some(side), self.seats.get(side).clone()),
            ("players", Some(side), self.seats.get(side).clone()),
            ("spectators", None, self.spectators[1].clone()),
        ];
        for (channel, author, who) in posts {
            let text = random(&mut self.rng, channel);
            who.post(
                seq,
                &format!("/api/games/{id}/chat"),
                json!({"channel": channel, "text": text}),
            )
            .await;
            self.chat.push((text, channel, author, seq));
        }
        self.read_chat(seq).await;
    }

    async fn read_chat(&self, seq: u64) {
        let id = &self.game_id;
        for who in self.everyone() {
            for channel in ["players", "spectators", "notes"] {
                who.get(seq, &format!("/api/games/{id}/chat?channel={channel}"))
                    .await;
            }
        }
    }

    /// Ends the game if it still runs (the Confederate resigns, so that the seed and the
    /// record are public), reads everything once more, and returns the last seq and the
    /// complete record.
    async fn finish(&mut self, seq: u64) -> (u64, Value) {
        let id = self.game_id.clone();
        let state = self.spectators[0]
            .get(seq, &format!("/api/games/{id}"))
            .await;
        let end = if state["status"] == "finished" {
            seq
        } else {
            let path = format!("/api/games/{id}/resign");
            self.seats.confederate.post(seq + 1, &path, json!({})).await;
            seq + 1
        };
        for ear in &mut self.ears {
            ear.heard(end).await;
        }
        for who in self.everyone() {
            who.get(end, &format!("/api/games/{id}/events?after=0"))
                .await;
            who.get(end, &format!("/api/games/{id}/replay?at=1")).await;
        }
        self.read_chat(end).await;
        let record = self
            .seats
            .union
            .get(end, &format!("/api/games/{id}/record"))
            .await;
        (end, record)
    }

    /// The chat canaries: notes for nobody else, the players' chat never for spectators, the
    /// spectators' chat not for the players while the game runs (`end`: the finishing seq).
    fn chat_canaries(&self, canaries: &mut Canaries, end: u64) {
        for (text, channel, author, _) in &self.chat {
            match (*channel, author) {
                ("notes", Some(side)) => {
                    for (viewer, v) in VIEWERS {
                        if v != Viewer::Seat(*side) {
                            canaries.hide(text, "a private note", viewer, None);
                        }
                    }
                }
                ("players", _) => canaries.hide(text, "the players' chat", "spectator", None),
                _ => {
                    for viewer in ["union", "confederate"] {
                        canaries.hide(text, "the spectators' chat", viewer, Some(end));
                    }
                }
            }
        }
    }

    fn check(&self, canaries: &Canaries) {
        let heard = self.tape.all();
        eprintln!(
            "leak check of {}: {} canaries searched in {} messages, {} bytes",
            self.game_id,
            canaries.len(),
            heard.len(),
            self.tape.bytes()
        );
        let leaks = canaries.leaks(&heard);
        assert!(
            leaks.is_empty(),
            "{} leaks of {} canaries in {} bytes; the first:\n{}",
            leaks.len(),
            canaries.len(),
            self.tape.bytes(),
            leaks.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
        );
    }
}

async fn roomy_server() -> TestServer {
    TestServer::start_with(|config| {
        config.http_rate = 1e6;
        config.http_burst = 1e6;
        config.ws_rate = 1e6;
        config.ws_burst = 1e6;
        config.chat_rate = 1e6;
        config.chat_burst = 1e6;
    })
    .await
}

/// Outpost: each order's note is a canary until the orders are revealed together.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outpost_secrets_reach_nobody_else_before_the_rules_reveal_them() {
    let server = roomy_server().await;
    let (union, confederate) = (
        server.account("ulysses").await,
        server.account("robert").await,
    );
    let created = outpost(&union, &confederate, Visibility::Public).await;
    let mut game = Watched::open(
        &server,
        PerSide {
            union: &union,
            confederate: &confederate,
        },
        created.game_id,
        7,
    )
    .await;
    let mut notes: Vec<(String, Side)> = Vec::new();
    let seq = game
        .play(400, |action, _, side, _, rng| {
            if action["type"] == "order" {
                let note = random(rng, "note");
                action["note"] = Value::String(note.clone());
                notes.push((note, side));
            }
        })
        .await;
    let (end, record) = game.finish(seq).await;
    let mut canaries = Canaries::default();
    for (note, side) in &notes {
        let revealed =
            record["actions"].as_array().unwrap().iter().find(|a| {
                a["events"].as_array().unwrap().iter().any(|e| {
                    e["type"] == "orders_revealed" && e.to_string().contains(note.as_str())
                })
            });
        let until = revealed.and_then(|a| a["seq"].as_u64()).unwrap_or(end);
        for (viewer, v) in VIEWERS {
            if v != Viewer::Seat(*side) {
                canaries.hide(note, "an order's note", viewer, Some(until));
            }
        }
    }
    assert!(notes.len() >= 4, "the game gave orders");
    game.chat_canaries(&mut canaries, end);
    game.check(&canaries);
}

/// Actions per Mississippi Fortress game (`ADJUTANT_LEAK_ACTIONS` for a longer run).
fn leak_actions() -> u64 {
    std::env::var("ADJUTANT_LEAK_ACTIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400)
}

/// Mississippi Fortress: every counter's id and printed name is a canary for each viewer
/// until the rules first let that viewer identify it (S4: its own side, face up, or its
/// elimination announced, S4.4c).
async fn mississippi_fortress_leak_check(scenario: &str, every_option: bool, n: u64) {
    let server = roomy_server().await;
    let (union, confederate) = (
        server.account("ulysses").await,
        server.account("john").await,
    );
    let mut options = serde_json::Map::new();
    if every_option {
        let catalog = server.client().catalog().await.unwrap();
        let mf = catalog
            .games
            .iter()
            .find(|g| g.id == "mississippi-fortress")
            .unwrap();
        for choice in mf
            .choices
            .iter()
            .filter(|c| c.scenarios.iter().any(|s| s == scenario))
        {
            options.insert(choice.id.clone(), Value::Bool(true));
        }
        assert!(!options.is_empty(), "{scenario} has options");
    }
    let game_id =
        mississippi_fortress_game(&union, &confederate, scenario, Value::Object(options)).await;
    let seats = PerSide {
        union: &union,
        confederate: &confederate,
    };
    let mut game = Watched::open(&server, seats, game_id, n).await;
    let seq = game
        .play(leak_actions(), |action, _, _, _, _| {
            adjutant_cli::bot::fill_text(action, "hold")
        })
        .await;
    let (end, record) = game.finish(seq).await;
    let mut canaries = Canaries::default();
    mississippi_fortress_canaries(&record, end, &mut canaries);
    game.chat_canaries(&mut canaries, end);
    game.check(&canaries);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mississippi_fortress_counters_reach_nobody_before_the_rules_reveal_them() {
    mississippi_fortress_leak_check("champion-hill", false, 11).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_campaign_with_every_option_and_both_navies_leaks_nothing_either() {
    mississippi_fortress_leak_check("porter-runs-the-batteries", true, 12).await;
}

/// Replays the complete record and hides each counter's id (and its printed name, where no
/// other name contains it) from each viewer until the first seq at which it identifies it.
fn mississippi_fortress_canaries(record: &Value, end: u64, canaries: &mut Canaries) {
    let setup = Setup {
        scenario: record["scenario"].as_str().unwrap().to_string(),
        options: record["options"].as_object().cloned().unwrap_or_default(),
        secret_choices: PerSide::default(),
    };
    let seed = Seed::from_hex(record["seed"].as_str().expect("the seed is public")).unwrap();
    let mut m = Match::<MississippiFortress>::new(&setup, &seed).unwrap();
    let count = m.state().counters().len();
    let mut known: Vec<[Option<u64>; 3]> = vec![[None; 3]; count];
    let mut learn = |m: &Match<MississippiFortress>, seq: u64| {
        for (k, seen) in known.iter_mut().enumerate() {
            for (i, (_, viewer)) in VIEWERS.iter().enumerate() {
                let state = m.state();
                if seen[i].is_none() && (state.identifies(k, *viewer) || state.announced(k)) {
                    seen[i] = Some(seq);
                }
            }
        }
    };
    learn(&m, 0);
    for entry in record["actions"].as_array().unwrap() {
        let side = Side::parse(entry["side"].as_str().unwrap()).unwrap();
        m.replay(side, &entry["action"])
            .expect("the record replays");
        learn(&m, entry["seq"].as_u64().unwrap());
    }
    let units = mississippi_fortress::data::units::Units::get();
    let names: Vec<String> = units.all().iter().map(|u| u.display_name()).collect();
    let mut hidden_somewhere = 0;
    for (k, seen) in known.iter().enumerate() {
        let counter = &m.state().counters()[k];
        let name = units
            .unit(counter.id())
            .map(|u| u.display_name())
            .filter(|name| {
                names
                    .iter()
                    .filter(|other| other.contains(name.as_str()))
                    .count()
                    == 1
            });
        for (i, (viewer, _)) in VIEWERS.iter().enumerate() {
            let until = seen[i].unwrap_or(end);
            if until == 0 {
                continue;
            }
            hidden_somewhere += 1;
            canaries.hide(
                counter.id(),
                &format!("the id of {}", counter.id()),
                viewer,
                Some(until),
            );
            if let Some(name) = &name {
                canaries.hide(
                    name,
                    &format!("the name of {}", counter.id()),
                    viewer,
                    Some(until),
                );
            }
        }
    }
    assert!(
        hidden_somewhere >= 40,
        "the game hid {hidden_somewhere} counters"
    );
}
