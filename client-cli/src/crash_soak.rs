//! The crash soak: bots play many games at once against a real server process, which is
//! killed with SIGKILL at random moments; after each kill `verify` replays the database
//! (every action's events and every snapshot against the replay), and after each restart
//! every action the server ever acknowledged is read back from the game records. The bar
//! is that none is lost.

use adjutant_protocol::{CreateGame, GameStatus, JoinGame, SideChoice, Visibility};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

use crate::bot;
use crate::client::Client;

/// What to run.
#[derive(Clone, Debug)]
pub struct SoakPlan {
    /// The server binary (`adjutant-server`, or the test server with its test games).
    pub server: PathBuf,
    /// The database file (created; reused across the kills).
    pub db: PathBuf,
    /// How many times the server is killed.
    pub kills: u32,
    /// Games played at once.
    pub games: usize,
    pub game: String,
    pub scenario: String,
    pub options: Value,
    /// Seeds the bots and the moments of the kills.
    pub seed: u64,
}

/// What was found.
#[derive(Clone, Debug, Default)]
pub struct SoakReport {
    pub kills: u32,
    /// Actions the server acknowledged, over the whole soak.
    pub acknowledged: u64,
    /// Acknowledged actions read back after the restarts (each counted at every check).
    pub checked: u64,
    pub games: usize,
    /// Every acknowledged action missing or changed after a restart.
    pub lost: Vec<String>,
    pub elapsed: Duration,
    /// Time spent in `verify`, over all kills.
    pub verifying: Duration,
    /// Checks of every game (the others cover the games played since the last kill).
    pub full_checks: u32,
}

impl std::fmt::Display for SoakReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} kills in {:.1} s: {} actions acknowledged in {} games, {} read back after the \
             restarts ({} times all games, otherwise those played since the kill), {} lost; \
             verify agreed with the store after every kill ({:.1} s in all)",
            self.kills,
            self.elapsed.as_secs_f64(),
            self.acknowledged,
            self.games,
            self.checked,
            self.full_checks,
            self.lost.len(),
            self.verifying.as_secs_f64()
        )
    }
}

/// One acknowledged action.
#[derive(Clone, Debug)]
struct Ack {
    seq: u64,
    /// 0: the game's first seat's client, 1: the second's.
    seat: usize,
    action: Value,
}

/// A game's two players (bearer tokens) and the actions acknowledged to them.
type GameBook = ([String; 2], Vec<Ack>);

/// Shared by the bots and the killer.
#[derive(Default)]
struct Book {
    /// Acknowledged actions by game, with the game's two players (tokens).
    games: Mutex<HashMap<String, GameBook>>,
    acknowledged: AtomicU64,
    bell: Notify,
    /// Games created or played since the last check.
    touched: Mutex<HashSet<String>>,
}

/// The server process and its address.
struct Server {
    child: Child,
    base: String,
}

impl Server {
    fn start(plan: &SoakPlan) -> Result<Server, String> {
        let mut child = Command::new(&plan.server)
            .args(["--listen", "127.0.0.1:0", "--log-format", "json"])
            .args(["--http-rate", "1000000", "--http-burst", "1000000"])
            .arg("--db")
            .arg(&plan.db)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", plan.server.display()))?;
        let stderr = child.stderr.take().ok_or("no stderr")?;
        let mut lines = BufReader::new(stderr).lines();
        let base = loop {
            let Some(Ok(line)) = lines.next() else {
                return Err("the server stopped before it listened".into());
            };
            let log: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
            if log["fields"]["message"] == "adjutant is listening" {
                break format!("http://{}", log["fields"]["address"].as_str().unwrap_or(""));
            }
        };
        std::thread::spawn(move || for _ in lines {});
        Ok(Server { child, base })
    }

    fn kill_9(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Every this many kills, every game is verified and read back (not only those played
/// since the last kill).
const FULL_EVERY: u32 = 100;

/// Runs the soak.
pub async fn run(plan: SoakPlan) -> Result<SoakReport, String> {
    let started = Instant::now();
    let book = Arc::new(Book::default());
    let mut rng = StdRng::seed_from_u64(plan.seed);
    let mut report = SoakReport::default();
    let mut server = Server::start(&plan)?;
    let seats = accounts(&Client::new(&server.base, None), plan.games).await?;
    let mut current: Vec<Option<String>> = vec![None; plan.games];
    for kill in 0..plan.kills {
        let before = book.acknowledged.load(Ordering::Relaxed);
        // A random moment: after 1 to 10 actions per game in play.
        let at = before + rng.random_range(1..=(10 * plan.games as u64).max(1));
        let mut bots = Vec::new();
        for (slot, game) in current.iter().enumerate() {
            let (plan, book, base) = (plan.clone(), book.clone(), server.base.clone());
            let seats = seats[slot].clone();
            let (game, seed) = (
                game.clone(),
                plan.seed ^ ((kill as u64) << 20) ^ slot as u64,
            );
            bots.push(tokio::spawn(async move {
                bot_loop(&plan, &book, &base, seats, game, seed).await
            }));
        }
        while book.acknowledged.load(Ordering::Relaxed) < at {
            book.bell.notified().await;
        }
        server.kill_9();
        // Every bot finds the server gone at its next request and hands back its game.
        for (slot, bot) in bots.into_iter().enumerate() {
            current[slot] = bot.await.map_err(|e| format!("a bot failed: {e}"))?;
        }
        // The games played since the last kill after every kill; all of them every
        // FULL_EVERY kills and after the last (a finished game's rows cannot change unless
        // the store lost what it had committed, which the full passes would find).
        let full = (kill + 1) % FULL_EVERY == 0 || kill + 1 == plan.kills;
        let touched: Vec<String> = book.touched.lock().expect("book").drain().collect();
        let only = if full { None } else { Some(touched) };
        let verifying = Instant::now();
        verify(&plan, only.as_deref())?;
        report.verifying += verifying.elapsed();
        server = Server::start(&plan)?;
        report.checked += check(&server.base, &book, only.as_deref(), &mut report.lost).await?;
        report.full_checks += u32::from(full);
        if !report.lost.is_empty() {
            break;
        }
        report.kills = kill + 1;
    }
    server.kill_9();
    report.acknowledged = book.acknowledged.load(Ordering::Relaxed);
    report.games = book.games.lock().expect("book").len();
    report.elapsed = started.elapsed();
    Ok(report)
}

/// Two players per game slot, as bearer tokens.
async fn accounts(client: &Client, games: usize) -> Result<Vec<[String; 2]>, String> {
    let tag = format!("soak{:08x}", rand::random::<u32>());
    let mut seats = Vec::new();
    for i in 0..games {
        let mut pair = [String::new(), String::new()];
        for (n, seat) in pair.iter_mut().enumerate() {
            let created = client
                .create_account(&format!("{tag}-{i}-{n}"))
                .await
                .map_err(|e| e.to_string())?;
            *seat = created.token;
        }
        seats.push(pair);
    }
    Ok(seats)
}

/// Plays game after game in one slot until the server dies; returns the game in play
/// (which the next round goes on with). Only an acknowledged action is written down.
async fn bot_loop(
    plan: &SoakPlan,
    book: &Book,
    base: &str,
    tokens: [String; 2],
    mut game: Option<String>,
    seed: u64,
) -> Option<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let clients = tokens.clone().map(|t| Client::new(base, Some(t)));
    loop {
        let id = match game.clone() {
            Some(id) => id,
            None => {
                let id = new_game(plan, &clients).await.ok()?;
                book.games
                    .lock()
                    .expect("book")
                    .insert(id.clone(), (tokens.clone(), Vec::new()));
                book.touched.lock().expect("book").insert(id.clone());
                game = Some(id.clone());
                id
            }
        };
        let mut acted = false;
        for (seat, client) in clients.iter().enumerate() {
            let Ok(state) = client.state(&id, None).await else {
                return game;
            };
            if state.status == GameStatus::Finished {
                break;
            }
            let offered = state.view["actions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let Some(action) = bot::choose(&offered, &mut rng) else {
                continue;
            };
            match client.act(&id, state.seq, &action).await {
                Ok(accepted) => {
                    if let Some((_, acks)) = book.games.lock().expect("book").get_mut(&id) {
                        acks.push(Ack {
                            seq: accepted.seq,
                            seat,
                            action,
                        });
                    }
                    book.touched.lock().expect("book").insert(id.clone());
                    book.acknowledged.fetch_add(1, Ordering::Relaxed);
                    book.bell.notify_waiters();
                    acted = true;
                }
                Err(e) if e.code().is_none() => return game,
                Err(_) => {}
            }
        }
        if !acted {
            let finished = clients[0].state(&id, None).await.ok()?.status == GameStatus::Finished;
            if finished {
                game = None;
            }
        }
    }
}

async fn new_game(plan: &SoakPlan, clients: &[Client; 2]) -> Result<String, String> {
    let created = clients[0]
        .create_game(&CreateGame {
            game: plan.game.clone(),
            scenario: plan.scenario.clone(),
            options: plan.options.clone(),
            side: SideChoice::Union,
            visibility: Visibility::Private,
            secret_choices: Value::Null,
            clock: None,
            opponent: None,
            level: None,
        })
        .await
        .map_err(|e| e.to_string())?;
    let join = JoinGame {
        invite_code: Some(created.invite_code.clone()),
        secret_choices: Value::Null,
    };
    clients[1]
        .join(&created.game_id, &join)
        .await
        .map_err(|e| e.to_string())?;
    Ok(created.game_id)
}

/// `<server> --db <db> verify [games]`, with the server down (`None`: every game).
fn verify(plan: &SoakPlan, only: Option<&[String]>) -> Result<(), String> {
    let out = Command::new(&plan.server)
        .arg("--db")
        .arg(&plan.db)
        .arg("verify")
        .args(only.unwrap_or_default())
        .output()
        .map_err(|e| format!("cannot run verify: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "verify found the store and the replay apart after a kill: {}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Reads every game's record (or only those named) as each of its players and finds every
/// acknowledged action in it, unchanged; returns how many were read back.
async fn check(
    base: &str,
    book: &Book,
    only: Option<&[String]>,
    lost: &mut Vec<String>,
) -> Result<u64, String> {
    let games: Vec<_> = book
        .games
        .lock()
        .expect("book")
        .iter()
        .filter(|(id, _)| only.is_none_or(|only| only.contains(id)))
        .map(|(id, (tokens, acks))| (id.clone(), tokens.clone(), acks.clone()))
        .collect();
    let mut checked = 0;
    for (id, tokens, acks) in games {
        for (seat, token) in tokens.iter().enumerate() {
            let client = Client::new(base, Some(token.clone()));
            let record = client
                .record(&id, None)
                .await
                .map_err(|e| format!("the record of {id} does not load: {e}"))?;
            for ack in acks.iter().filter(|a| a.seat == seat) {
                let stored = record.actions.get(ack.seq as usize - 1);
                match stored.and_then(|s| s.action.as_ref()) {
                    Some(action) if same_action(action, &ack.action) => checked += 1,
                    other => lost.push(format!(
                        "game {id}, action {}: acknowledged {} but stored {other:?}",
                        ack.seq, ack.action
                    )),
                }
            }
        }
    }
    Ok(checked)
}

/// The stored action is the posted one without its label.
fn same_action(stored: &Value, posted: &Value) -> bool {
    let strip = |v: &Value| {
        let mut v = v.clone();
        if let Value::Object(map) = &mut v {
            map.remove("label");
        }
        v
    };
    strip(stored) == strip(posted)
}
