//! The hub: finding (or starting) a game's actor and handing it a request.

use super::*;

impl Service {
    /// Sends a command to a game's actor and waits for the answer, starting the actor (or
    /// its successor) as needed.
    pub(super) async fn call<T, C: Into<Command>>(
        &self,
        game_id: &str,
        make: impl Fn(Reply<T>) -> C,
    ) -> Result<T, ApiError> {
        check_game_id(game_id)?;
        for _ in 0..4 {
            let Some(handle) = self.handle(game_id) else {
                return Err(shutdown::stopping());
            };
            let (reply, answer) = Reply::channel();
            if handle.tx.send(make(reply).into()).await.is_err() {
                self.forget(game_id, handle.generation);
                continue;
            }
            match answer.await {
                Ok(Answer::Done(result)) => return result,
                Ok(Answer::Retry) => self.forget(game_id, handle.generation),
                Err(_) => {
                    self.forget(game_id, handle.generation);
                    return Err(ApiError::new(
                        ErrorCode::Internal,
                        "the game failed while answering; try again",
                    ));
                }
            }
        }
        Err(ApiError::new(
            ErrorCode::Internal,
            "the game is restarting; try again",
        ))
    }

    /// The game's actor, started if need be; `None` once the server stops (checked under
    /// the hub's lock, so that no actor starts after [`Service::shutdown`] took them all).
    pub(super) fn handle(&self, game_id: &str) -> Option<ActorHandle> {
        handle(&self.inner, game_id)
    }

    /// Resolves once the game is not in memory: at once if it is not, else when its actor
    /// leaves (for tests of the idle timer, which move a manual clock instead of waiting).
    pub async fn unloaded(&self, game_id: &str) {
        let handle = self
            .inner
            .actors
            .lock()
            .expect("hub lock")
            .get(game_id)
            .cloned();
        if let Some(handle) = handle {
            handle.tx.closed().await;
        }
    }

    pub(super) fn forget(&self, game_id: &str, generation: u64) {
        let mut actors = self.inner.actors.lock().expect("hub lock");
        if actors
            .get(game_id)
            .is_some_and(|h| h.generation == generation)
        {
            actors.remove(game_id);
        }
    }

    /// Takes the open seat of a game.
    pub async fn join_game(
        &self,
        account: &Account,
        game_id: &str,
        join: JoinGame,
    ) -> Result<Joined, ApiError> {
        self.call(game_id, |reply| actor::Join {
            account: account.clone(),
            join: join.clone(),
            reply,
        })
        .await
    }

    /// The caller's view of a game.
    pub async fn game_state(
        &self,
        account: Option<&Account>,
        game_id: &str,
        spectate_code: Option<&str>,
    ) -> Result<GameState, ApiError> {
        self.call(game_id, |reply| actor::State {
            account: account.cloned(),
            spectate_code: spectate_code.map(str::to_string),
            reply,
        })
        .await
    }

    /// Plays an action chosen from the view at `seq`; the answer carries the seat's new view.
    pub async fn act(
        &self,
        account: Option<&Account>,
        game_id: &str,
        seq: u64,
        action: Value,
    ) -> Result<ActionAccepted, ApiError> {
        self.act_with(account, game_id, seq, action, true, None)
            .await
    }

    /// Plays an action as [`Hub::act`] does for a WebSocket: the actor queues its `acted`
    /// (naming `id`) on `sink` right behind the seat's own update, and the answer here carries
    /// a null view (the seat's subscription brings its update; no view is built for nothing).
    /// Only a refusal is left to the caller to tell.
    pub async fn act_live(
        &self,
        account: Option<&Account>,
        game_id: &str,
        seq: u64,
        action: Value,
        (sink, id): (Sink, Option<String>),
    ) -> Result<ActionAccepted, ApiError> {
        let acted_to = actor::ActedTo {
            sink,
            game_id: game_id.to_string(),
            id,
        };
        self.act_with(account, game_id, seq, action, false, Some(acted_to))
            .await
    }

    async fn act_with(
        &self,
        account: Option<&Account>,
        game_id: &str,
        seq: u64,
        action: Value,
        reply_view: bool,
        acted_to: Option<actor::ActedTo>,
    ) -> Result<ActionAccepted, ApiError> {
        let account = account
            .ok_or_else(|| ApiError::new(ErrorCode::Unauthorized, "acting needs your token"))?;
        check_text(&action, self.inner.config.max_text_chars)?;
        self.call(game_id, |reply| actor::Act {
            account: account.clone(),
            seq,
            action: action.clone(),
            reply_view,
            acted_to: acted_to.clone(),
            reply,
        })
        .await
    }

    /// Resigns a game.
    pub async fn resign(
        &self,
        account: Option<&Account>,
        game_id: &str,
    ) -> Result<ActionAccepted, ApiError> {
        let account = account
            .ok_or_else(|| ApiError::new(ErrorCode::Unauthorized, "resigning needs your token"))?;
        self.call(game_id, |reply| actor::Resign {
            account: account.clone(),
            reply,
        })
        .await
    }

    /// Subscribes a connection to a game; the frames go to its sink.
    pub async fn subscribe(
        &self,
        game_id: &str,
        sub: impl Fn() -> NewSubscriber,
    ) -> Result<(), ApiError> {
        self.call(game_id, |reply| actor::Subscribe { sub: sub(), reply })
            .await
    }

    /// Ends a connection's subscription (if the game is still in memory).
    pub async fn unsubscribe(&self, game_id: &str, conn: u64) {
        let handle = self
            .inner
            .actors
            .lock()
            .expect("hub lock")
            .get(game_id)
            .cloned();
        if let Some(handle) = handle {
            let _ = handle
                .tx
                .send(Command::Unsubscribe(actor::Unsubscribe { conn }))
                .await;
        }
    }
}

/// [`Service::handle`], for an actor that starts another game's (a rematch against the
/// computer, which may have the first move).
pub(super) fn handle(inner: &Arc<Inner>, game_id: &str) -> Option<ActorHandle> {
    let mut actors = inner.actors.lock().expect("hub lock");
    if *inner.stopping.borrow() {
        return None;
    }
    if let Some(handle) = actors.get(game_id).filter(|h| !h.tx.is_closed()) {
        return Some(handle.clone());
    }
    let generation = inner.next_generation.fetch_add(1, Ordering::Relaxed);
    let handle = actor::spawn(inner.clone(), game_id.to_string(), generation, None);
    actors.insert(game_id.to_string(), handle.clone());
    Some(handle)
}

/// Starts the actor of a game this server just created and stored, from its row as written
/// (`meta`), so that the second player's join does not read it back. Several servers: not
/// done (the game's actor loads it where it is first asked for).
pub(super) fn adopt_created(inner: &Arc<Inner>, meta: GameMeta) {
    if inner.store.shared() {
        return;
    }
    let mut actors = inner.actors.lock().expect("hub lock");
    if *inner.stopping.borrow() || actors.get(&meta.id).is_some_and(|h| !h.tx.is_closed()) {
        return;
    }
    let generation = inner.next_generation.fetch_add(1, Ordering::Relaxed);
    let id = meta.id.clone();
    let handle = actor::spawn(inner.clone(), id.clone(), generation, Some(meta));
    actors.insert(id, handle);
}

/// Game ids are hyphenated UUIDs; anything else cannot name a game.
pub(super) fn check_game_id(game_id: &str) -> Result<(), ApiError> {
    if uuid::Uuid::try_parse(game_id).is_ok() {
        Ok(())
    } else {
        Err(ApiError::new(
            ErrorCode::NotFound,
            format!("there is no game {game_id:?}"),
        ))
    }
}

/// Refuses an action holding a text longer than the server allows.
pub(super) fn check_text(value: &Value, max: usize) -> Result<(), ApiError> {
    let too_long = match value {
        Value::String(s) => s.chars().count() > max,
        Value::Array(items) => return items.iter().try_for_each(|v| check_text(v, max)),
        Value::Object(map) => return map.values().try_for_each(|v| check_text(v, max)),
        _ => false,
    };
    if too_long {
        Err(ApiError::new(
            ErrorCode::TooLarge,
            format!("a text in that action is longer than {max} characters"),
        ))
    } else {
        Ok(())
    }
}
