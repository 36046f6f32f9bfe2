//! Whether a notice still holds when its turn to go comes: a "your move" the player has
//! answered, a warning about a clock that stopped, a pause request already answered are
//! dropped unsent (a retry that comes late must not tell a player what is no longer so).

use adjutant_engine::Side;
use adjutant_protocol::NoticeKind;

/// A game as the store has it when a notice about it is due.
#[derive(Clone, Debug, Default)]
pub struct GameNow {
    /// The game is active (not over).
    pub active: bool,
    /// Sides that must act now.
    pub to_act: Vec<Side>,
    /// Both clocks are stopped by a pause.
    pub paused: bool,
    /// A pause is asked for and not yet answered.
    pub pause_asked: bool,
    /// The recipient's seat acted after the notice was written.
    pub acted_since: bool,
    /// A draw offer was accepted, declined or withdrawn after the notice was written.
    pub draw_answered: bool,
}

/// Why a notice of `kind` to the player in `seat` no longer holds, if it does not.
pub fn stale(kind: NoticeKind, seat: Option<Side>, game: &GameNow) -> Option<&'static str> {
    let turn = || {
        if !game.active {
            Some("the game is over")
        } else if game.acted_since {
            Some("you have moved since")
        } else if !seat.is_some_and(|s| game.to_act.contains(&s)) {
            Some("it is no longer your move")
        } else if game.paused {
            Some("the game is paused; the pause's end tells the new deadline")
        } else {
            None
        }
    };
    match kind {
        NoticeKind::YourMove | NoticeKind::TimeLow | NoticeKind::TimeNearlyOut => turn(),
        NoticeKind::PauseRequested if !game.active => Some("the game is over"),
        NoticeKind::PauseRequested if !game.pause_asked => Some("the request was answered"),
        NoticeKind::PauseStarted if !game.paused => Some("the pause is over already"),
        NoticeKind::DrawOffered if !game.active => Some("the game is over"),
        NoticeKind::DrawOffered if game.draw_answered => {
            Some("the offer was answered or withdrawn")
        }
        _ => None,
    }
}

/// Whether the truth of a notice of `kind` depends on the game's state.
pub fn checked(kind: NoticeKind) -> bool {
    matches!(
        kind,
        NoticeKind::YourMove
            | NoticeKind::TimeLow
            | NoticeKind::TimeNearlyOut
            | NoticeKind::PauseRequested
            | NoticeKind::PauseStarted
            | NoticeKind::DrawOffered
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn my_move() -> GameNow {
        GameNow {
            active: true,
            to_act: vec![Side::Union],
            ..GameNow::default()
        }
    }

    #[test]
    fn a_your_move_holds_while_the_move_is_still_yours() {
        let me = Some(Side::Union);
        assert_eq!(stale(NoticeKind::YourMove, me, &my_move()), None);
        let moved = GameNow {
            acted_since: true,
            ..my_move()
        };
        assert_eq!(
            stale(NoticeKind::YourMove, me, &moved),
            Some("you have moved since")
        );
        let theirs = GameNow {
            to_act: vec![Side::Confederate],
            ..my_move()
        };
        assert!(stale(NoticeKind::TimeLow, me, &theirs).is_some());
        let paused = GameNow {
            paused: true,
            ..my_move()
        };
        assert!(stale(NoticeKind::YourMove, me, &paused).is_some());
        let over = GameNow {
            active: false,
            ..my_move()
        };
        assert_eq!(
            stale(NoticeKind::YourMove, me, &over),
            Some("the game is over")
        );
    }

    #[test]
    fn pause_notices_hold_while_the_pause_or_its_request_does() {
        let asked = GameNow {
            pause_asked: true,
            ..my_move()
        };
        let me = Some(Side::Union);
        assert_eq!(stale(NoticeKind::PauseRequested, me, &asked), None);
        assert!(stale(NoticeKind::PauseRequested, me, &my_move()).is_some());
        assert!(stale(NoticeKind::PauseStarted, me, &my_move()).is_some());
        let paused = GameNow {
            paused: true,
            ..my_move()
        };
        assert_eq!(stale(NoticeKind::PauseStarted, me, &paused), None);
    }

    #[test]
    fn a_draw_offer_notice_holds_until_the_offer_is_answered() {
        let me = Some(Side::Confederate);
        assert_eq!(stale(NoticeKind::DrawOffered, me, &my_move()), None);
        let answered = GameNow {
            draw_answered: true,
            ..my_move()
        };
        assert_eq!(
            stale(NoticeKind::DrawOffered, me, &answered),
            Some("the offer was answered or withdrawn")
        );
        let over = GameNow {
            active: false,
            ..my_move()
        };
        assert!(stale(NoticeKind::DrawOffered, me, &over).is_some());
        assert!(checked(NoticeKind::DrawOffered));
    }

    #[test]
    fn results_and_warnings_of_the_past_always_hold() {
        let over = GameNow::default();
        for kind in [
            NoticeKind::GameOver,
            NoticeKind::BotTookSeat,
            NoticeKind::RematchOffered,
            NoticeKind::PauseEnded,
        ] {
            assert_eq!(stale(kind, Some(Side::Union), &over), None);
            assert!(!checked(kind));
        }
    }
}
