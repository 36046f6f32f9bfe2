//! Several servers on one database: who is connected to a game on the *other* servers. Each
//! server says what it has of a game whenever that changes (and again every [`BEAT`], and
//! when another server asks because it just loaded the game), on the channel the servers
//! already listen on (`service/nodes.rs`):
//!
//! `"<game> presence <node> <union 0|1> <confederate 0|1> <spectators> [<account>=<secs>]…"`
//!
//! where each `<account>=<secs>` is a seated player looking at the game there, for that many
//! seconds more (a duration, not a time: the servers' clocks need not agree). Only account
//! ids, seats and counts cross: nothing of a view, a token or a seat's secrets.
//!
//! What another server said lapses [`LAPSE`] after it was last heard (a server that died
//! says nothing more), so a dead server's players count as away within that time.

use adjutant_protocol::Presence;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How often a server says again what it has (so that a new server, or one whose listening
/// connection dropped, learns it, and a silent server's word can lapse).
pub const BEAT: Duration = Duration::from_secs(20);

/// How long another server's word holds without being said again.
pub const LAPSE: Duration = Duration::from_secs(60);

/// What one server has of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Said {
    /// Its subscribers: the seats connected there and the number of spectators.
    pub presence: Presence,
    /// Seated players looking at the game there: account id and until when (the saying
    /// server's clock, Unix seconds).
    pub looking: Vec<(String, i64)>,
}

impl Said {
    fn is_empty(&self) -> bool {
        self.presence == Presence::default() && self.looking.is_empty()
    }

    /// Whether `other` differs in what is worth telling at once (who is connected or looking,
    /// not how long they look: that is told at the next beat).
    fn differs(&self, other: &Said) -> bool {
        let who = |s: &Said| s.looking.iter().map(|(a, _)| a.clone()).collect::<Vec<_>>();
        self.presence != other.presence || who(self) != who(other)
    }

    /// The notification telling it, from server `node` at `now` (this server's clock).
    pub fn payload(&self, game: &str, node: &str, now: i64) -> String {
        let p = &self.presence;
        let mut text = format!(
            "{game} presence {node} {} {} {}",
            u8::from(p.union),
            u8::from(p.confederate),
            p.spectators
        );
        for (account, until) in &self.looking {
            text.push_str(&format!(" {account}={}", (until - now).max(0)));
        }
        text
    }
}

/// What a presence notification says: the server that said it, who is connected there, and
/// the players looking there with the seconds their look still counts.
pub type Word = (String, Presence, Vec<(String, i64)>);

/// A presence notification's content (after `presence`). `None` for anything malformed.
pub fn parse(parts: &[&str]) -> Option<Word> {
    let [node, union, confederate, spectators, looking @ ..] = parts else {
        return None;
    };
    let flag = |s: &str| match s {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    };
    let presence = Presence {
        union: flag(union)?,
        confederate: flag(confederate)?,
        spectators: spectators.parse().ok()?,
    };
    let looking = looking
        .iter()
        .map(|l| {
            let (account, secs) = l.rsplit_once('=')?;
            Some((
                account.to_string(),
                secs.parse::<i64>().ok()?.clamp(0, 86_400),
            ))
        })
        .collect::<Option<Vec<_>>>()?;
    Some((node.to_string(), presence, looking))
}

/// Another server's word on a game.
struct Heard {
    /// Who is connected there.
    presence: Presence,
    /// When it was last said (real time: only lapsing depends on it).
    at: Instant,
}

/// This server's and the others' presence, by game.
#[derive(Default)]
pub struct NodePresence {
    /// What this server last said of each game it has someone connected to.
    local: Mutex<HashMap<String, Said>>,
    /// What each other server last said, by game and server.
    remote: Mutex<HashMap<String, HashMap<String, Heard>>>,
    /// The queue of notifications to the other servers (one task sends them, in order, so
    /// that a connection and its close are never told the wrong way round).
    outbox: OnceLock<mpsc::UnboundedSender<String>>,
}

impl NodePresence {
    /// Sends what [`NodePresence::tell`] is given through `outbox` from now on.
    pub fn start(&self, outbox: mpsc::UnboundedSender<String>) {
        let _ = self.outbox.set(outbox);
    }

    /// Tells the other servers `payload` (nothing before [`NodePresence::start`]: one server).
    pub fn tell(&self, payload: String) {
        if let Some(outbox) = self.outbox.get() {
            let _ = outbox.send(payload);
        }
    }

    /// Notes what this server has of `game` now; whether that must be told at once.
    pub fn say(&self, game: &str, said: Said) -> bool {
        let mut local = self.local.lock().expect("presence lock");
        let before = local.get(game).cloned().unwrap_or_default();
        let tell = before.differs(&said);
        if said.is_empty() {
            local.remove(game);
        } else {
            local.insert(game.to_string(), said);
        }
        tell
    }

    /// What this server has of `game`, if anything.
    pub fn local(&self, game: &str) -> Option<Said> {
        self.local.lock().expect("presence lock").get(game).cloned()
    }

    /// Every game this server has someone connected to, with what it has.
    pub fn all_local(&self) -> Vec<(String, Said)> {
        let local = self.local.lock().expect("presence lock");
        local.iter().map(|(g, s)| (g.clone(), s.clone())).collect()
    }

    /// Server `node` said it has `presence` of `game`; whether that changed anything.
    pub fn heard(&self, game: &str, node: &str, presence: Presence) -> bool {
        let mut remote = self.remote.lock().expect("presence lock");
        let nodes = remote.entry(game.to_string()).or_default();
        let before = nodes
            .get(node)
            .map(|h| h.presence.clone())
            .unwrap_or_default();
        if presence == Presence::default() {
            nodes.remove(node);
        } else {
            let heard = Heard {
                presence: presence.clone(),
                at: Instant::now(),
            };
            nodes.insert(node.to_string(), heard);
        }
        if nodes.is_empty() {
            remote.remove(game);
        }
        before != presence
    }

    /// Who is connected to `game` on the other servers (seats on any, spectators summed).
    pub fn elsewhere(&self, game: &str) -> Presence {
        let remote = self.remote.lock().expect("presence lock");
        let mut sum = Presence::default();
        for heard in remote.get(game).into_iter().flat_map(|n| n.values()) {
            sum.union |= heard.presence.union;
            sum.confederate |= heard.presence.confederate;
            sum.spectators = sum.spectators.saturating_add(heard.presence.spectators);
        }
        sum
    }

    /// Forgets the word of servers not heard for [`LAPSE`]: the `(game, server)` pairs
    /// forgotten.
    pub fn lapse(&self) -> Vec<(String, String)> {
        let mut remote = self.remote.lock().expect("presence lock");
        let mut gone = Vec::new();
        remote.retain(|game, nodes| {
            nodes.retain(|node, heard| {
                let keep = heard.at.elapsed() < LAPSE;
                if !keep {
                    gone.push((game.clone(), node.clone()));
                }
                keep
            });
            !nodes.is_empty()
        });
        gone
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn presence(union: bool, confederate: bool, spectators: u32) -> Presence {
        Presence {
            union,
            confederate,
            spectators,
        }
    }

    #[test]
    fn what_a_server_says_reads_back_and_malformed_words_are_refused() {
        let said = Said {
            presence: presence(true, false, 2),
            looking: vec![("acc1".into(), 1300)],
        };
        let text = said.payload("g", "n1", 1000);
        assert_eq!(text, "g presence n1 1 0 2 acc1=300");
        let parts: Vec<&str> = text.split(' ').collect();
        let (node, heard, looking) = parse(&parts[2..]).expect("parses");
        assert_eq!((node.as_str(), heard), ("n1", said.presence));
        assert_eq!(looking, [("acc1".to_string(), 300)]);
        for bad in [
            &["n1", "1", "0"][..],
            &["n1", "2", "0", "0"],
            &["n1", "1", "0", "-1"],
            &["n1", "1", "0", "1", "acc1"],
            &["n1", "1", "0", "1", "acc1=x"],
        ] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn seats_on_any_server_count_spectators_add_up_and_a_change_is_told_once() {
        let nodes = NodePresence::default();
        assert!(nodes.heard("g", "a", presence(true, false, 1)));
        assert!(
            !nodes.heard("g", "a", presence(true, false, 1)),
            "no change"
        );
        assert!(nodes.heard("g", "b", presence(false, true, 2)));
        assert_eq!(nodes.elsewhere("g"), presence(true, true, 3));
        assert_eq!(nodes.elsewhere("h"), Presence::default());
        assert!(nodes.heard("g", "a", Presence::default()));
        assert_eq!(nodes.elsewhere("g"), presence(false, true, 2));
        assert!(nodes.lapse().is_empty(), "heard just now");

        let looking = |until| Said {
            presence: presence(true, false, 0),
            looking: vec![("acc".into(), until)],
        };
        assert!(nodes.say("g", looking(100)));
        assert!(
            !nodes.say("g", looking(200)),
            "only for how long: told at the beat"
        );
        assert_eq!(nodes.local("g"), Some(looking(200)));
        assert!(nodes.say("g", Said::default()), "gone");
        assert!(nodes.all_local().is_empty());
    }
}
