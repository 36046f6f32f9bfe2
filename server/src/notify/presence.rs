//! Who is looking at a game now: a seated player with a live connection to it who did
//! something there lately (acted, subscribed, asked for the view, chatted, paused). The game
//! actors say so; the notifier asks before it tells someone what is on their screen already.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// How long a player with the game open counts as looking after their last activity there:
/// a forgotten tab or a `watch` left running stops silencing notices after this.
pub const LOOKING_SECS: i64 = 300;

/// `(game, account)` → until when the account counts as looking at the game.
#[derive(Clone, Default)]
pub struct Presence {
    looking: Arc<Mutex<HashMap<(String, String), i64>>>,
}

impl Presence {
    /// `account` looks at `game` until `until`; `None`: it has no connection to the game.
    pub fn set(&self, game: &str, account: &str, until: Option<i64>) {
        let mut looking = self.looking.lock().expect("presence lock");
        let key = (game.to_string(), account.to_string());
        match until {
            Some(until) => {
                looking.insert(key, until);
            }
            None => {
                looking.remove(&key);
            }
        }
    }

    /// Until when `account` looks at `game`, if it does at `now`.
    pub fn looking(&self, game: &str, account: &str, now: i64) -> Option<i64> {
        let looking = self.looking.lock().expect("presence lock");
        looking
            .get(&(game.to_string(), account.to_string()))
            .copied()
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
}
