//! What an actor is asked: one type per request, each in its own file with its fields and
//! its reply, each running itself against the actor and answering once.

mod act;
mod clock;
mod computer;
mod forwarded;
mod join;
mod post;
mod refresh;
mod rematch;
mod reply;
mod resign;
mod state;
mod stop;
mod subscribe;
mod tick;
mod unsubscribe;

use adjutant_protocol::ApiError;

use super::Actor;
pub use act::{Act, ActedTo};
pub use clock::{Clock, ClockOp};
pub use computer::ComputerMove;
pub use forwarded::{ForwardedAct, Outcome, events_fingerprint};
pub use join::Join;
pub use post::Post;
pub use refresh::{Refresh, Told};
pub use rematch::Rematch;
pub use reply::{Answer, Reply, Request};
pub use resign::Resign;
pub use state::State;
pub use stop::Stop;
pub use subscribe::{NewSubscriber, Subscribe};
pub use tick::Tick;
pub use unsubscribe::Unsubscribe;

/// Any command, as it waits in an actor's queue.
pub enum Command {
    State(State),
    Act(Act),
    /// A player's action another server handed over (this server holds the lease).
    Forwarded(ForwardedAct),
    Resign(Resign),
    Join(Join),
    Subscribe(Subscribe),
    Unsubscribe(Unsubscribe),
    Tick(Tick),
    Clock(Clock),
    Post(Post),
    Rematch(Rematch),
    Stop(Stop),
    /// The computer's choice (sent by the actor's own decision task).
    Computer(ComputerMove),
    /// Another server moved the game on: catch up with the store.
    Refresh(Refresh),
}

impl Command {
    /// Runs the command against the actor; it answers its caller itself. (A stop is taken
    /// by the actor's run loop before it gets here; given here, it only says so.)
    pub(super) async fn apply(self, actor: &mut Actor) {
        match self {
            Command::State(c) => c.apply(actor),
            Command::Act(c) => c.apply(actor).await,
            Command::Forwarded(c) => c.apply(actor).await,
            Command::Resign(c) => c.apply(actor).await,
            Command::Join(c) => c.apply(actor).await,
            Command::Subscribe(c) => c.apply(actor).await,
            Command::Unsubscribe(c) => c.apply(actor),
            Command::Tick(c) => c.apply(actor).await,
            Command::Clock(c) => c.apply(actor).await,
            Command::Post(c) => c.apply(actor).await,
            Command::Rematch(c) => c.apply(actor).await,
            Command::Stop(c) => c.left(),
            Command::Computer(c) => c.apply(actor).await,
            Command::Refresh(c) => c.apply(actor).await,
        }
    }

    /// Answers "ask again" without running (the actor is leaving).
    pub(super) fn retry(self) {
        match self {
            Command::State(c) => c.retry(),
            Command::Act(c) => c.retry(),
            Command::Forwarded(c) => c.retry(),
            Command::Resign(c) => c.retry(),
            Command::Join(c) => c.retry(),
            Command::Subscribe(c) => c.retry(),
            Command::Tick(c) => c.retry(),
            Command::Clock(c) => c.retry(),
            Command::Post(c) => c.retry(),
            Command::Rematch(c) => c.retry(),
            Command::Unsubscribe(_) | Command::Computer(_) | Command::Refresh(_) => {}
            Command::Stop(c) => c.left(),
        }
    }

    /// Answers `error` without running (the game did not load).
    pub(super) fn fail(self, error: ApiError) {
        match self {
            Command::State(c) => c.fail(error),
            Command::Act(c) => c.fail(error),
            Command::Forwarded(c) => c.fail(error),
            Command::Resign(c) => c.fail(error),
            Command::Join(c) => c.fail(error),
            Command::Subscribe(c) => c.fail(error),
            Command::Tick(c) => c.fail(error),
            Command::Clock(c) => c.fail(error),
            Command::Post(c) => c.fail(error),
            Command::Rematch(c) => c.fail(error),
            Command::Unsubscribe(_) | Command::Computer(_) | Command::Refresh(_) => {}
            Command::Stop(c) => c.left(),
        }
    }
}

impl From<State> for Command {
    fn from(c: State) -> Command {
        Command::State(c)
    }
}
impl From<Act> for Command {
    fn from(c: Act) -> Command {
        Command::Act(c)
    }
}
impl From<Resign> for Command {
    fn from(c: Resign) -> Command {
        Command::Resign(c)
    }
}
impl From<Join> for Command {
    fn from(c: Join) -> Command {
        Command::Join(c)
    }
}
impl From<Subscribe> for Command {
    fn from(c: Subscribe) -> Command {
        Command::Subscribe(c)
    }
}
impl From<Tick> for Command {
    fn from(c: Tick) -> Command {
        Command::Tick(c)
    }
}
impl From<Clock> for Command {
    fn from(c: Clock) -> Command {
        Command::Clock(c)
    }
}
impl From<Post> for Command {
    fn from(c: Post) -> Command {
        Command::Post(c)
    }
}
impl From<Rematch> for Command {
    fn from(c: Rematch) -> Command {
        Command::Rematch(c)
    }
}
