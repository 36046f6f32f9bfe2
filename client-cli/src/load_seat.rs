//! One pair of the load generator: its two players, each bound to a server of the list,
//! playing game after game. With several servers a player whose connection breaks (its server
//! died) moves to the next server of the list and plays on in the same game.

use adjutant_protocol::{ClientMessage, CreateGame, ErrorCode, JoinGame, SideChoice, Visibility};
use serde_json::Value;
use std::time::{Duration, Instant};

use crate::bot::{self, BotStats};
use crate::client::{Client, ClientError};
use crate::live::Live;
use crate::load_plan::LoadPlan;

/// Errors a pair may meet before the run gives up on it.
const MAX_ERRORS: u64 = 50;

/// What one pair did.
#[derive(Debug, Default)]
pub struct PairOutcome {
    /// Each accepted action: when it was sent (or first sent, across a reconnection) and
    /// how long until its `acted`.
    pub latencies: Vec<(Instant, Duration)>,
    pub finished: u64,
    /// Each game played, the highest sequence number acknowledged in it and its Union
    /// player's token (to read it back).
    pub acked: Vec<(String, u64, Option<String>)>,
    pub errors: u64,
    pub reconnects: u64,
    /// The first few errors, for the report.
    pub first_errors: Vec<String>,
}

/// One player: the same account on every server, connected to one of them.
pub struct Seat {
    servers: Vec<Client>,
    at: usize,
    live: Option<Live>,
}

impl Seat {
    /// `client` (an account's) on each of `servers`, starting at `first`.
    pub fn new(client: &Client, servers: &[String], first: usize) -> Seat {
        let token = client.token().map(str::to_string);
        Seat {
            servers: servers
                .iter()
                .map(|s| Client::new(s, token.clone()))
                .collect(),
            at: first % servers.len().max(1),
            live: None,
        }
    }

    pub fn client(&self) -> &Client {
        &self.servers[self.at]
    }

    fn can_move(&self) -> bool {
        self.servers.len() > 1
    }

    /// Its server is gone: the next one of the list.
    fn moved(&mut self, out: &mut PairOutcome) {
        self.live = None;
        self.at = (self.at + 1) % self.servers.len();
        out.reconnects += 1;
    }

    async fn live(&mut self, out: &mut PairOutcome) -> Result<&mut Live, ClientError> {
        let mut tries = 0;
        while self.live.is_none() {
            let client = &self.servers[self.at];
            match Live::connect(&client.ws_url(), client.token()).await {
                Ok(live) => self.live = Some(live),
                Err(e) if self.can_move() && tries < 2 * self.servers.len() => {
                    note(out, &e);
                    tries += 1;
                    self.moved(out);
                }
                Err(e) => return Err(e),
            }
        }
        Ok(self.live.as_mut().expect("connected"))
    }

    /// An HTTP request, on the next server while the current one cannot be reached.
    async fn http<T, F, Fut>(&mut self, out: &mut PairOutcome, attempt: F) -> Result<T, ClientError>
    where
        F: Fn(Client) -> Fut,
        Fut: std::future::Future<Output = Result<T, ClientError>>,
    {
        let mut tries = 0;
        loop {
            match patient(|| attempt(self.client().clone())).await {
                Err(e @ ClientError::Transport(_))
                    if self.can_move() && tries < 2 * self.servers.len() =>
                {
                    note(out, &e);
                    tries += 1;
                    self.moved(out);
                }
                other => return other,
            }
        }
    }

    /// Plays this seat of `game` until it ends or the deadline, across reconnections.
    async fn play(
        &mut self,
        game: &str,
        seed: u64,
        deadline: Instant,
        think: Duration,
        out: &mut PairOutcome,
    ) -> Result<BotStats, ClientError> {
        let mut stats = BotStats::default();
        loop {
            let live = self.live(out).await?;
            let played = bot::play_into(
                live,
                game,
                seed,
                Some(deadline),
                think,
                &mut stats,
                &mut |_| {},
            )
            .await;
            match played {
                Ok(()) => return Ok(stats),
                Err(e @ ClientError::Transport(_)) if self.can_move() => {
                    note(out, &e);
                    // The wait for the action in flight goes on over the next connection.
                    stats.carried = stats.carried.or(stats.in_flight.take());
                    self.moved(out);
                }
                Err(e) => return Err(e),
            }
        }
    }

    pub async fn close(self) {
        if let Some(live) = self.live {
            live.close().await;
        }
    }
}

fn note(out: &mut PairOutcome, e: &ClientError) {
    out.errors += 1;
    if out.first_errors.len() < 3 {
        out.first_errors.push(e.to_string());
    }
}

/// Retries a lobby request while the server says `rate_limited`.
pub async fn patient<T, F, Fut>(mut attempt: F) -> Result<T, ClientError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, ClientError>>,
{
    let mut wait = Duration::from_millis(50);
    loop {
        match attempt().await {
            Err(e) if e.code() == Some(ErrorCode::RateLimited) => {
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(2));
            }
            other => return other,
        }
    }
}

/// One pair of bots playing game after game until the deadline. An error in a game (beyond
/// the reconnections) is counted and the pair starts another game; past `MAX_ERRORS` the
/// pair fails the run.
pub async fn pair(
    index: u64,
    mut union: Seat,
    mut confederate: Seat,
    plan: &LoadPlan,
    deadline: Instant,
) -> Result<PairOutcome, ClientError> {
    let mut out = PairOutcome::default();
    let mut round = 0u64;
    while Instant::now() < deadline {
        if let Err(e) = game(
            index,
            round,
            &mut union,
            &mut confederate,
            plan,
            deadline,
            &mut out,
        )
        .await
        {
            note(&mut out, &e);
            if out.errors > MAX_ERRORS {
                return Err(ClientError::Transport(format!(
                    "pair {index}: {} errors, the first {:?}",
                    out.errors, out.first_errors
                )));
            }
        }
        round += 1;
    }
    union.close().await;
    confederate.close().await;
    Ok(out)
}

async fn game(
    index: u64,
    round: u64,
    union: &mut Seat,
    confederate: &mut Seat,
    plan: &LoadPlan,
    deadline: Instant,
    out: &mut PairOutcome,
) -> Result<(), ClientError> {
    let request = CreateGame {
        game: plan.game.clone(),
        scenario: plan.scenario.clone(),
        options: plan.options.clone(),
        side: SideChoice::Union,
        visibility: Visibility::Private,
        secret_choices: Value::Null,
        clock: None,
        opponent: None,
        level: None,
    };
    let created = union
        .http(out, |c| {
            let request = request.clone();
            async move { c.create_game(&request).await }
        })
        .await?;
    let join = JoinGame {
        invite_code: Some(created.invite_code.clone()),
        secret_choices: Value::Null,
    };
    let id = created.game_id.clone();
    confederate
        .http(out, |c| {
            let (id, join) = (id.clone(), join.clone());
            async move { c.join(&id, &join).await }
        })
        .await?;
    let seed = index * 1_000_003 + round;
    let (mut u_out, mut c_out) = (PairOutcome::default(), PairOutcome::default());
    let (u, c) = tokio::join!(
        union.play(&id, seed, deadline, plan.think, &mut u_out),
        confederate.play(&id, seed ^ 0x5eed, deadline, plan.think, &mut c_out)
    );
    for side in [u_out, c_out] {
        out.errors += side.errors;
        out.reconnects += side.reconnects;
        for e in side.first_errors {
            if out.first_errors.len() < 3 {
                out.first_errors.push(e);
            }
        }
    }
    out.finished += u64::from(u.as_ref().is_ok_and(|s| s.finished));
    let mut acked = 0;
    for stats in [&u, &c].into_iter().flatten() {
        acked = acked.max(stats.last_acked);
        out.latencies.extend(
            stats
                .sent_at
                .iter()
                .copied()
                .zip(stats.latencies.iter().copied()),
        );
    }
    if acked > 0 {
        out.acked.push((
            id.clone(),
            acked,
            union.client().token().map(str::to_string),
        ));
    }
    u?;
    c?;
    for seat in [union, confederate] {
        if let Some(live) = seat.live.as_mut() {
            let unsubscribe = ClientMessage::Unsubscribe {
                game_id: id.clone(),
                id: None,
            };
            if live.send(&unsubscribe).await.is_err() {
                seat.live = None;
            }
        }
    }
    Ok(())
}
