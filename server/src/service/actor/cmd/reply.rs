//! A command's reply: sent once, by the command, with its result or "ask my successor".

use adjutant_protocol::ApiError;
use tokio::sync::oneshot;

/// An actor's answer: done (with a result), or "I was leaving: ask my successor".
pub enum Answer<T> {
    Done(Result<T, ApiError>),
    Retry,
}

/// Where a command's answer goes. Every way of answering takes the reply by value, so a
/// command answers at most once; one dropped unanswered tells the caller the game failed.
pub struct Reply<T>(oneshot::Sender<Answer<T>>);

impl<T> Reply<T> {
    /// A reply and the receiver its caller waits on.
    pub fn channel() -> (Reply<T>, oneshot::Receiver<Answer<T>>) {
        let (tx, rx) = oneshot::channel();
        (Reply(tx), rx)
    }

    /// Answers with the result (the caller may have gone: then nobody hears it).
    pub fn done(self, result: Result<T, ApiError>) {
        let _ = self.0.send(Answer::Done(result));
    }

    /// Answers "ask again": the actor is leaving without having done anything.
    pub fn retry(self) {
        let _ = self.0.send(Answer::Retry);
    }
}

/// A command that answers through a [`Reply`]: it can be turned away unrun.
pub trait Request: Sized {
    /// What the caller gets when it is done.
    type Output;

    /// The command's reply, its other fields dropped.
    fn into_reply(self) -> Reply<Self::Output>;

    /// Answers "ask again" without running (the actor is leaving).
    fn retry(self) {
        self.into_reply().retry();
    }

    /// Answers with `error` without running (the game did not load).
    fn fail(self, error: ApiError) {
        self.into_reply().done(Err(error));
    }
}
