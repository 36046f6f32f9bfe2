//! Notices: the game actors and the sweep describe what happened ([`Intent`]); one notifier
//! task decides who is told (accounts with a channel, not connected to the game unless they
//! asked for `always`), writes one outbox row per notice and channel, and delivers the outbox
//! (each account's notices on each channel in order; accounts side by side): webhooks by JSON
//! POST to public addresses only ([`crate::webhook`]), e-mail through the configured SMTP
//! server to confirmed addresses only ([`crate::mail`]). A failed delivery is retried with
//! backoff (30 s, 2 min, 10 min, 1 h, 6 h, then given up) and its error is kept on the notice
//! and on the account's settings: for a webhook, only that it could not be delivered (what
//! answered, or did not, goes to the server's log: told to the user, it would make the
//! webhook a port scanner).
//!
//! A notice never carries hidden information: only the game, the scenario, the players,
//! whose move it is, deadlines, a result and a link.

mod deliveries;
mod delivery;
mod presence;
mod truth;
mod webhook_body;
mod wording;

pub use deliveries::Deliveries;
pub use presence::{LOOKING_SECS, Presence};

use adjutant_engine::{Outcome, PerSide, Side};
use adjutant_protocol::{DigestLine, Notice, NoticeKind};
use futures_util::StreamExt;
use reqwest::Url;
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tracing::{info, warn};

use crate::clock::SharedClock;
use crate::config::Config;
use crate::mail::{Confirmation, Mailer};
use crate::store::{NoticeResult, NoticeRow, NoticeWrite, SharedStore};
use crate::webhook::{Guard, system_lookup};

/// What the user is told of a webhook delivery that failed, whatever the reason.
pub const WEBHOOK_FAILED: &str = "the webhook could not be delivered";

/// Kinds told even to a player looking at the game: warnings and results (a screen left
/// open must not hide them), and what asks for an answer.
fn always_told(kind: NoticeKind) -> bool {
    matches!(
        kind,
        NoticeKind::TimeLow
            | NoticeKind::TimeNearlyOut
            | NoticeKind::GameOver
            | NoticeKind::BotTookSeat
            | NoticeKind::PauseRequested
            | NoticeKind::PauseRefused
            | NoticeKind::DrawOffered
            | NoticeKind::DrawDeclined
            | NoticeKind::Digest
            | NoticeKind::Test
    )
}

/// Delays before the 2nd, 3rd, ... attempt; after the last, the notice is given up.
const BACKOFF: [i64; 5] = [30, 120, 600, 3600, 6 * 3600];

/// What a notice is about: the public facts of a game.
#[derive(Clone, Debug, Default)]
pub struct GameBrief {
    pub game_id: String,
    pub game_name: String,
    pub scenario_name: String,
    pub names: PerSide<Option<String>>,
    pub to_act: Vec<Side>,
    /// When each side's clock runs out, where it runs.
    pub deadlines: PerSide<Option<i64>>,
    pub outcome: Option<Outcome>,
    /// The game's sequence number as the news happened (a "your move" holds until the
    /// recipient acts after it).
    pub seq: Option<i64>,
}

/// Someone who may be told.
#[derive(Clone, Debug)]
pub struct Recipient {
    pub account: String,
    pub seat: Option<Side>,
}

/// Something worth telling.
#[derive(Clone, Debug)]
pub struct Intent {
    pub kind: NoticeKind,
    pub game: GameBrief,
    pub recipients: Vec<Recipient>,
    /// The side the news is about (who ran out of time, who asked for a pause).
    pub subject: Option<Side>,
    /// A pause's end, where one is asked for or agreed.
    pub until: Option<i64>,
    /// For a digest.
    pub games: Vec<DigestLine>,
    /// A player's own words, quoted (a chat message to the opponent).
    pub words: Option<String>,
}

enum Job {
    Intent(Box<Intent>),
    Flush(oneshot::Sender<()>),
    /// An account changed its settings: read them again next time.
    Forget(String),
    /// Some account changed its settings: read every account's again.
    ForgetAll,
    /// Mail a confirmation link.
    Confirm(Box<Confirmation>),
}

/// What deciding whom to tell needs of an account's settings.
#[derive(Clone, Debug)]
struct Channels {
    webhook: bool,
    email: bool,
    always: bool,
}

/// The way to the notifier task; cheap to clone.
#[derive(Clone)]
pub struct Notifier {
    tx: mpsc::UnboundedSender<Job>,
    email: bool,
    /// Checks webhook addresses as they are saved.
    guard: Guard,
    /// How long a webhook's name may take to resolve.
    timeout: Duration,
    /// Who looks at which game now (told by the game actors).
    presence: Presence,
    /// What the deliveries came to (`/metrics`).
    deliveries: std::sync::Arc<Deliveries>,
}

impl Notifier {
    /// Starts the notifier task.
    /// `node`: this server's name among several on one database (one of them, the sweeper,
    /// delivers the outbox).
    pub fn spawn(
        store: SharedStore,
        config: &Config,
        clock: SharedClock,
        node: String,
    ) -> Notifier {
        let (tx, rx) = mpsc::unbounded_channel();
        let timeout = Duration::from_secs(config.notice_timeout_secs.max(1));
        let extra_roots =
            crate::tls::extra_roots(config.extra_ca_file.as_deref()).unwrap_or_else(|e| {
                warn!(error = %e, "the extra CA file is not used");
                None
            });
        let mailer = Mailer::from_config(config, timeout, extra_roots.as_deref());
        let email = mailer.is_some();
        let guard = Guard::new(system_lookup(), config.allow_private_webhooks);
        let presence = Presence::default();
        let deliveries = std::sync::Arc::new(Deliveries::default());
        let worker = Worker {
            deliveries: deliveries.clone(),
            node,
            sweep_secs: config.sweep_secs,
            presence: presence.clone(),
            store,
            clock,
            http: guard.client(timeout, extra_roots.as_deref()),
            guard: guard.clone(),
            mailer,
            link_base: config.link_base(),
            channels: HashMap::new(),
        };
        tokio::spawn(worker.run(rx));
        Notifier {
            tx,
            email,
            guard,
            timeout,
            presence,
            deliveries,
        }
    }

    /// What the deliveries came to.
    pub fn deliveries(&self) -> &Deliveries {
        &self.deliveries
    }

    /// Who looks at which game now: the game actors keep it up to date.
    pub fn presence(&self) -> &Presence {
        &self.presence
    }

    /// Checks a webhook address as it is saved: it must be public (unless the operator
    /// allows private ones). The detail of a refusal is logged, not returned.
    pub async fn webhook_allowed(&self, url: &Url) -> bool {
        match self.guard.check_url(url, self.timeout).await {
            Ok(()) => true,
            Err(detail) => {
                info!(%url, %detail, "webhook address refused");
                false
            }
        }
    }

    /// Mails a confirmation link (never waits).
    pub fn send_confirmation(&self, mail: Confirmation) {
        let _ = self.tx.send(Job::Confirm(Box::new(mail)));
    }

    /// Whether e-mail notices can be sent.
    pub fn email_available(&self) -> bool {
        self.email
    }

    /// Hands an intent to the notifier (never waits).
    pub fn send(&self, intent: Intent) {
        let _ = self.tx.send(Job::Intent(Box::new(intent)));
    }

    /// Tells the notifier an account's settings changed.
    pub fn forget(&self, account: &str) {
        let _ = self.tx.send(Job::Forget(account.to_string()));
    }

    /// Tells the notifier some account's settings changed (which one is not known).
    pub fn forget_all(&self) {
        let _ = self.tx.send(Job::ForgetAll);
    }

    /// Returns once every intent sent before has been handled and every notice due now has
    /// had its attempt.
    pub async fn flush(&self) {
        let (done, wait) = oneshot::channel();
        if self.tx.send(Job::Flush(done)).is_ok() {
            let _ = wait.await;
        }
    }
}

struct Worker {
    /// This server's name among several on one database (for the sweeper's claim).
    node: String,
    /// `--sweep-secs`: how long a sweeper's claim lasts.
    sweep_secs: u64,
    store: SharedStore,
    clock: SharedClock,
    /// Posts webhooks to checked addresses only.
    http: reqwest::Client,
    guard: Guard,
    mailer: Option<Mailer>,
    link_base: String,
    /// Accounts' channels, read once: a hand-over then costs no store read.
    channels: HashMap<String, Channels>,
    /// Who looks at which game now.
    presence: Presence,
    /// Counted as each attempt ends.
    deliveries: std::sync::Arc<Deliveries>,
}

impl Worker {
    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<Job>) {
        // Retries fall due as time passes; look for them now and then.
        let mut tick = tokio::time::interval(Duration::from_secs(15));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                message = rx.recv() => match message {
                    // Only an intent that wrote a notice has something to attempt now (a busy
                    // server sends one per move: most go to players with no channel).
                    Some(Job::Intent(intent)) => {
                        if self.enqueue(*intent).await {
                            self.deliver_due().await;
                        }
                    }
                    Some(Job::Flush(done)) => {
                        self.deliver_due().await;
                        let _ = done.send(());
                    }
                    Some(Job::Forget(account)) => {
                        self.channels.remove(&account);
                    }
                    Some(Job::ForgetAll) => self.channels.clear(),
                    Some(Job::Confirm(mail)) => self.confirm(&mail).await,
                    None => return,
                },
                _ = tick.tick() => self.deliver_due().await,
            }
        }
    }

    /// An account's channels, from the cache or the store.
    async fn channels_of(&mut self, account: &str) -> Option<Channels> {
        if let Some(channels) = self.channels.get(account) {
            return Some(channels.clone());
        }
        let settings = match self.store.notice_settings(account).await {
            Ok(settings) => settings,
            Err(e) => {
                warn!(error = %e, "notice settings unreadable; notice dropped");
                return None;
            }
        };
        let channels = Channels {
            webhook: settings.webhook_url.is_some(),
            email: settings.email.is_some() && settings.email_confirmed && self.mailer.is_some(),
            always: settings.always,
        };
        if self.channels.len() >= 100_000 {
            self.channels.clear();
        }
        self.channels.insert(account.to_string(), channels.clone());
        Some(channels)
    }

    /// Writes the outbox rows of an intent. A player looking at the game is not told what
    /// is on their screen (unless they asked for `always`), except warnings and results; a
    /// "your move" for them waits until they stop looking, and goes only if still true.
    /// Returns whether any notice was stored.
    async fn enqueue(&mut self, intent: Intent) -> bool {
        let now = self.clock.now();
        let mut stored = false;
        for recipient in &intent.recipients {
            let Some(settings) = self.channels_of(&recipient.account).await else {
                continue;
            };
            let looking = self
                .presence
                .looking(&intent.game.game_id, &recipient.account, now)
                .filter(|_| !settings.always && !always_told(intent.kind));
            let due = match looking {
                None => now,
                Some(until) if intent.kind == NoticeKind::YourMove => until,
                Some(_) => continue,
            };
            let mut channels = Vec::new();
            if settings.webhook {
                channels.push("webhook");
            }
            if settings.email {
                channels.push("email");
            }
            if channels.is_empty() {
                continue;
            }
            let notice = wording::notice(&intent, recipient, now, &self.link_base);
            let body = serde_json::to_string(&notice).expect("notices serialise");
            for channel in channels {
                let id = match self.store.next_notice_id().await {
                    Ok(id) => id,
                    Err(e) => {
                        warn!(error = ?e, "notice not stored");
                        continue;
                    }
                };
                let write = NoticeWrite::Notice {
                    id,
                    account: recipient.account.clone(),
                    channel,
                    kind: intent.kind.as_str(),
                    game_id: notice.game_id.clone(),
                    seq: intent.game.seq,
                    body: body.clone(),
                    now,
                    due,
                };
                match self.store.write(write.into()).await {
                    Ok(()) => stored = true,
                    Err(e) => warn!(error = ?e, "notice not stored"),
                }
            }
        }
        stored
    }
}
