//! Who may read and post in a game's chat channels.
//!
//! - `players`: the two seats, and nobody else, ever (not even once the game is over).
//! - `spectators`: whoever may watch and does not sit in the game; the players cannot read
//!   it while the game runs (no kibitzing) and never post in it; anyone who may watch reads
//!   it once the game is over. Posting needs an account.
//! - `notes`: each seat's private notes, stored per seat (`notes:union`,
//!   `notes:confederate`); only that seat ever reads them.

use adjutant_engine::Side;
use adjutant_protocol::{ApiError, ChatChannel, ErrorCode};

fn forbidden(why: &str) -> Result<(), ApiError> {
    Err(ApiError::new(ErrorCode::Forbidden, why.to_string()))
}

/// Whether the caller (in `seat`, if it sits in the game) may post in `channel`.
pub fn may_post(channel: ChatChannel, seat: Option<Side>, finished: bool) -> Result<(), ApiError> {
    match (channel, seat) {
        (ChatChannel::Players | ChatChannel::Notes, Some(_)) => Ok(()),
        (ChatChannel::Players, None) => {
            forbidden("only the two players write in the players' chat")
        }
        (ChatChannel::Notes, None) => forbidden("only a player keeps notes in a game"),
        (ChatChannel::Spectators, None) => Ok(()),
        (ChatChannel::Spectators, Some(_)) if finished => forbidden(
            "the spectators' chat is the spectators'; players read it but do not write in it",
        ),
        (ChatChannel::Spectators, Some(_)) => {
            forbidden("players cannot use the spectators' chat while the game runs")
        }
    }
}

/// Whether the caller may read `channel` (the caller may watch the game).
pub fn may_read(channel: ChatChannel, seat: Option<Side>, finished: bool) -> Result<(), ApiError> {
    match (channel, seat) {
        (ChatChannel::Players | ChatChannel::Notes, Some(_)) => Ok(()),
        (ChatChannel::Players, None) => forbidden("the players' chat is for the two players only"),
        (ChatChannel::Notes, None) => forbidden("a player's notes are for that player only"),
        (ChatChannel::Spectators, None) => Ok(()),
        (ChatChannel::Spectators, Some(_)) if finished => Ok(()),
        (ChatChannel::Spectators, Some(_)) => {
            forbidden("players read the spectators' chat once the game is over")
        }
    }
}

/// The channel as stored: notes are kept per seat.
pub fn stored_channel(channel: ChatChannel, seat: Option<Side>) -> String {
    match (channel, seat) {
        (ChatChannel::Players, _) => "players".into(),
        (ChatChannel::Spectators, _) => "spectators".into(),
        (ChatChannel::Notes, Some(side)) => format!("notes:{}", side.as_str()),
        (ChatChannel::Notes, None) => "notes:none".into(),
    }
}

/// Whether a reader in `seat` may receive a message of the stored channel.
pub fn may_read_stored(stored: &str, seat: Option<Side>, finished: bool) -> bool {
    match stored.strip_prefix("notes:") {
        Some(owner) => seat.is_some_and(|s| s.as_str() == owner),
        None if stored == "players" => seat.is_some(),
        None => seat.is_none() || finished,
    }
}

/// A message's text, trimmed: not empty, at most `max` characters.
pub fn check_text(text: &str, max: usize) -> Result<String, ApiError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ApiError::new(
            ErrorCode::BadRequest,
            "a message needs some text",
        ));
    }
    if text.chars().count() > max {
        return Err(ApiError::new(
            ErrorCode::TooLarge,
            format!("a message is at most {max} characters"),
        ));
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Side::{Confederate, Union};

    #[test]
    fn notes_stay_with_their_seat_and_players_chat_with_the_players() {
        for finished in [false, true] {
            assert!(may_read_stored("notes:union", Some(Union), finished));
            assert!(!may_read_stored("notes:union", Some(Confederate), finished));
            assert!(!may_read_stored("notes:union", None, finished));
            assert!(may_read_stored("players", Some(Confederate), finished));
            assert!(!may_read_stored("players", None, finished));
            assert!(may_read_stored("spectators", None, finished));
            assert!(may_read(ChatChannel::Players, None, finished).is_err());
            assert!(may_post(ChatChannel::Spectators, Some(Union), finished).is_err());
        }
        assert!(!may_read_stored("spectators", Some(Union), false));
        assert!(may_read_stored("spectators", Some(Union), true));
        assert_eq!(
            stored_channel(ChatChannel::Notes, Some(Confederate)),
            "notes:confederate"
        );
        assert!(check_text("   ", 10).is_err());
        assert!(check_text("eleven char", 10).is_err());
        assert_eq!(check_text(" hold ", 10).unwrap(), "hold");
    }
}
