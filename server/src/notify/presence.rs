//! Who is looking at a game now: a seated player with a live connection to it who did
//! something there lately (acted, subscribed, asked for the view, chatted, paused). The game
//! actors say so; the notifier asks before it tells someone what is on their screen already.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// How long a player with the game open counts as looking after their last activity there:
/// a forgotten tab or a `watch` left running stops silencing notices after this.
pub const LOOKING_SECS: i64 = 300;

/// `(game, account)` → per server (`""`: this one) until when the account counts as looking
/// at the game there.
#[derive(Clone, Default)]
pub struct Presence {
    looking: Arc<Mutex<HashMap<(String, String), ByServer>>>,
}

/// Server (`""`: this one) → until when.
type ByServer = HashMap<String, i64>;

impl Presence {
    /// `account` looks at `game` on this server until `until`; `None`: it has no connection
    /// to the game here.
    pub fn set(&self, game: &str, account: &str, until: Option<i64>) {
        self.set_on("", game, account, until);
    }

    /// `account` looks at `game` on server `node` until `until` (`None`: not there).
    pub fn set_on(&self, node: &str, game: &str, account: &str, until: Option<i64>) {
        let mut looking = self.looking.lock().expect("presence lock");
        let key = (game.to_string(), account.to_string());
        match until {
            Some(until) => {
                looking
                    .entry(key)
                    .or_default()
                    .insert(node.to_string(), until);
            }
            None => {
                if let Some(nodes) = looking.get_mut(&key) {
                    nodes.remove(node);
                    if nodes.is_empty() {
                        looking.remove(&key);
                    }
                }
            }
        }
    }

    /// Forgets what server `node` said of `game` (it says it again in full).
    pub fn clear_on(&self, node: &str, game: &str) {
        let mut looking = self.looking.lock().expect("presence lock");
        looking.retain(|(g, _), nodes| {
            if g == game {
                nodes.remove(node);
            }
            !nodes.is_empty()
        });
    }

    /// Until when `account` looks at `game` on any server, if it does at `now`.
    pub fn looking(&self, game: &str, account: &str, now: i64) -> Option<i64> {
        let looking = self.looking.lock().expect("presence lock");
        looking
            .get(&(game.to_string(), account.to_string()))
            .and_then(|nodes| nodes.values().copied().max())
            .filter(|&until| until > now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looking_lasts_until_its_time_and_ends_with_the_connection() {
        let presence = Presence::default();
        assert_eq!(presence.looking("g", "a", 100), None);
        presence.set("g", "a", Some(400));
        assert_eq!(presence.looking("g", "a", 100), Some(400));
        assert_eq!(presence.looking("g", "b", 100), None);
        assert_eq!(presence.looking("h", "a", 100), None);
        assert_eq!(presence.looking("g", "a", 400), None, "over at its time");
        presence.set("g", "a", None);
        assert_eq!(presence.looking("g", "a", 100), None);
    }

    #[test]
    fn a_player_looking_on_another_server_counts_until_that_server_says_otherwise() {
        let presence = Presence::default();
        presence.set_on("b", "g", "a", Some(400));
        presence.set("g", "a", Some(200));
        assert_eq!(
            presence.looking("g", "a", 100),
            Some(400),
            "the later of both"
        );
        presence.set("g", "a", None);
        assert_eq!(
            presence.looking("g", "a", 300),
            Some(400),
            "still looking on b"
        );
        presence.clear_on("b", "g");
        assert_eq!(presence.looking("g", "a", 100), None);
    }
}
