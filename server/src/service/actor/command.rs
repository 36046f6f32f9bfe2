//! What an actor is asked (one [`Command`] per request, each with its reply) and how it answers.

use super::*;

/// A change to a game's clock asked for by a player.
#[derive(Clone, Copy, Debug)]
pub enum ClockOp {
    /// Ask the opponent to pause both clocks for this many days.
    RequestPause(u32),
    /// Agree to (or refuse) the opponent's request.
    AnswerPause(bool),
    /// End the running pause early.
    EndPause,
    /// Take one's seat back from the bot.
    Reclaim,
}

/// An actor's answer: done (with a result), or "I was leaving: ask my successor".
pub enum Answer<T> {
    Done(Result<T, ApiError>),
    Retry,
}

/// Where an answer goes.
pub type Reply<T> = oneshot::Sender<Answer<T>>;

/// The way to a connection: its frames channel and the bell that tells it it fell behind.
#[derive(Clone)]
pub struct Sink {
    /// The connection's id, unique for the life of the process.
    pub conn: u64,
    /// Frames to send, in order.
    pub tx: mpsc::Sender<Outgoing>,
    /// Rung when the connection could not keep up; it then closes and the client resumes.
    pub kick: Arc<Notify>,
}

/// A subscription request.
pub struct NewSubscriber {
    pub sink: Sink,
    pub account: Option<Account>,
    pub spectate_code: Option<String>,
    pub after_seq: Option<u64>,
    pub mode: UpdateMode,
    pub request_id: Option<String>,
}

/// What an actor is asked to do.
pub enum Command {
    /// The caller's view (`GET /api/games/{id}`).
    State {
        account: Option<Account>,
        spectate_code: Option<String>,
        reply: Reply<GameState>,
    },
    /// Play an action.
    Act {
        account: Account,
        seq: u64,
        action: Value,
        reply: Reply<ActionAccepted>,
    },
    /// Resign.
    Resign {
        account: Account,
        reply: Reply<ActionAccepted>,
    },
    /// Take the open seat.
    Join {
        account: Account,
        join: JoinGame,
        reply: Reply<Joined>,
    },
    /// Start sending a connection updates.
    Subscribe {
        sub: NewSubscriber,
        reply: Reply<()>,
    },
    /// Stop sending a connection updates.
    Unsubscribe { conn: u64 },
    /// Look at the clock: end a pause, time a side out, warn a side.
    Tick { reply: Reply<()> },
    /// Pause, answer, end a pause, reclaim a seat.
    Clock {
        account: Account,
        op: ClockOp,
        reply: Reply<ClockReply>,
    },
    /// Post a chat message or note.
    Chat {
        account: Account,
        spectate_code: Option<String>,
        channel: ChatChannel,
        text: String,
        reply: Reply<ChatMessage>,
    },
    /// Offer a rematch of this finished game with sides swapped.
    Rematch {
        account: Account,
        secret_choices: Value,
        reply: Reply<GameCreated>,
    },
    /// The server is stopping: every command queued before this one has been answered;
    /// leave, answering later ones "ask again", then say so.
    Stop { done: oneshot::Sender<()> },
}

/// Answers a command's reply, whatever its type.
macro_rules! answer {
    ($cmd:expr, $answer:expr) => {
        match $cmd {
            Command::State { reply, .. } => drop(reply.send($answer)),
            Command::Act { reply, .. } | Command::Resign { reply, .. } => drop(reply.send($answer)),
            Command::Join { reply, .. } => drop(reply.send($answer)),
            Command::Subscribe { reply, .. } => drop(reply.send($answer)),
            Command::Tick { reply } => drop(reply.send($answer)),
            Command::Clock { reply, .. } => drop(reply.send($answer)),
            Command::Chat { reply, .. } => drop(reply.send($answer)),
            Command::Rematch { reply, .. } => drop(reply.send($answer)),
            Command::Unsubscribe { .. } => {}
            Command::Stop { done } => drop(done),
        }
    };
}

impl Command {
    /// Answers "ask again" without doing anything (the actor is leaving).
    pub(super) fn retry(self) {
        answer!(self, Answer::Retry)
    }

    /// Answers with an error without doing anything.
    pub(super) fn fail(self, error: ApiError) {
        answer!(self, Answer::Done(Err(error)))
    }
}

/// A handle on a running actor.
#[derive(Clone)]
pub struct ActorHandle {
    pub tx: mpsc::Sender<Command>,
    /// Tells this actor from its successors for the same game.
    pub generation: u64,
}
