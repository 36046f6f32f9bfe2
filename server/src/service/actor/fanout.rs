//! Telling the subscribers: each its own redacted update, presence, and new subscriptions.

use super::*;
use crate::frame::Carried;
use adjutant_engine::Part;
use adjutant_protocol::parts_patch;

/// An action's updates, built while its commit runs, sent once it is durable.
pub(super) struct Prepared {
    /// One frame per viewer and update mode with a subscriber.
    frames: HashMap<(Viewer, UpdateMode), Frame>,
    /// The views (in parts) that become the next patches' bases.
    bases: Vec<(Viewer, Part)>,
    /// The view the caller asked for (null for none).
    wanted_view: Value,
}

impl Actor {
    /// Builds each subscriber's update for `played` (the game now in `status`), without
    /// sending anything or changing what the next patch is based on: it runs while the
    /// action's commit is being made durable, and [`Actor::release`] sends it after.
    pub(super) fn prepare(
        &self,
        played: &Played,
        wanted: Option<Viewer>,
        status: GameStatus,
    ) -> Prepared {
        let finished = status == GameStatus::Finished;
        let mut viewers: Vec<Viewer> = self.subs.iter().map(|s| s.viewer).collect();
        viewers.extend(wanted);
        viewers.sort_by_key(|v| v.as_str());
        viewers.dedup();
        let mut prepared = Prepared {
            frames: HashMap::new(),
            bases: Vec::new(),
            wanted_view: Value::Null,
        };
        for viewer in viewers {
            let parts = self.view_parts(viewer);
            // The view written whole, only for what needs it whole.
            let written = std::cell::OnceCell::new();
            let text = || written.get_or_init(|| parts.text()).as_str();
            let has = |mode| {
                self.subs
                    .iter()
                    .any(|s| s.viewer == viewer && s.mode == mode)
            };
            let (wants_view, wants_patch) = (has(UpdateMode::View), has(UpdateMode::Patch));
            // The view becomes, for the actor, the reply.
            if Some(viewer) == wanted {
                prepared.wanted_view = serde_json::from_str(text()).unwrap_or(Value::Null);
            }
            if !wants_view && !wants_patch {
                continue;
            }
            let seen_as = if finished { Viewer::Omniscient } else { viewer };
            // The action just played: redacted from its typed events, written once for this
            // viewer, not parsed back.
            let events = match self.game.as_ref() {
                Some(game) => game.redact_played_text(played, seen_as),
                None => {
                    let told = self.kind.redact(&played.events(), seen_as);
                    serde_json::to_string(&told).expect("values serialise")
                }
            };
            let head = UpdateHead {
                game_id: &self.meta.id,
                seq: played.seq,
                side: played.side,
                status,
            };
            if wants_view {
                let whole = Frame::update(&head, &events, Some((Carried::View, text())));
                prepared.frames.insert((viewer, UpdateMode::View), whole);
            }
            if wants_patch {
                // The view becomes the next patch's base; the patch is made from the parts
                // that changed.
                let ops = match self.patch_base.get(&viewer) {
                    Some(base) => patch_parts(base, &parts),
                    None => whole_view_patch(text()),
                };
                let patched = Frame::update(&head, &events, Some((Carried::Patch, &ops)));
                prepared.frames.insert((viewer, UpdateMode::Patch), patched);
                prepared.bases.push((viewer, parts));
            }
        }
        prepared
    }

    /// Sends the updates [`Actor::prepare`] built (the action is durable now); returns the
    /// view asked for.
    pub(super) fn release(&mut self, prepared: Prepared) -> Value {
        for (viewer, view) in prepared.bases {
            self.patch_base.insert(viewer, view);
        }
        let frames = prepared.frames;
        self.deliver(|sub| frames.get(&(sub.viewer, sub.mode)).cloned());
        prepared.wanted_view
    }

    /// Sends each subscriber the frame `pick` chooses for it; drops those that are gone or
    /// too far behind (they are told to reconnect and resume).
    pub(super) fn deliver(&mut self, pick: impl Fn(&Subscriber) -> Option<Frame>) {
        let before = self.subs.len();
        self.subs.retain(|sub| {
            let Some(text) = pick(sub) else { return true };
            match sub.sink.tx.try_send(Outgoing::Frame(text)) {
                Ok(()) => true,
                Err(mpsc::error::TrySendError::Full(_)) => {
                    sub.sink.kick.notify_one();
                    false
                }
                Err(mpsc::error::TrySendError::Closed(_)) => false,
            }
        });
        if self.subs.len() != before {
            self.send_presence();
        }
    }

    pub(super) fn kick_all(&mut self) {
        for sub in self.subs.drain(..) {
            sub.sink.kick.notify_one();
        }
        self.publish_looking();
    }

    /// Who is connected to the game, on this server and (several servers) on the others.
    pub(super) fn presence(&self) -> Presence {
        let mut presence = self.presence_here();
        let elsewhere = self.inner.node_presence.elsewhere(&self.meta.id);
        presence.union |= elsewhere.union;
        presence.confederate |= elsewhere.confederate;
        presence.spectators = presence.spectators.saturating_add(elsewhere.spectators);
        presence
    }

    /// Who is connected to the game on this server.
    pub(super) fn presence_here(&self) -> Presence {
        let mut presence = Presence::default();
        for sub in &self.subs {
            match sub.account.as_ref().and_then(|a| self.meta.seat_of(&a.id)) {
                Some(Side::Union) => presence.union = true,
                Some(Side::Confederate) => presence.confederate = true,
                None => presence.spectators += 1,
            }
        }
        presence
    }

    /// Notes that who is connected changed: the notifier hears at once, the subscribers when
    /// the commands queued now are handled ([`Actor::flush_presence`]).
    pub(super) fn send_presence(&mut self) {
        self.publish_looking();
        self.presence_due = true;
    }

    /// Tells every subscriber who is connected.
    /// A subscriber found gone while telling the others changes presence again: told too.
    pub(super) fn flush_presence(&mut self) {
        while self.presence_due {
            self.presence_due = false;
            let text = Frame::json(&ServerMessage::Presence {
                game_id: self.meta.id.clone(),
                presence: self.presence(),
            });
            self.deliver(|_| Some(text.clone()));
        }
    }

    pub(super) async fn subscribe(&mut self, new: NewSubscriber) -> Result<(), ApiError> {
        let viewer = self
            .meta
            .viewer(new.account.as_ref(), new.spectate_code.as_deref())?;
        self.subs.retain(|s| s.sink.conn != new.sink.conn);
        // The parts are the next patch's base; the frame carries the same view.
        let parts = self.view_parts(viewer);
        let view: Value = serde_json::from_str(&parts.text()).unwrap_or(Value::Null);
        let mut presence = self.presence();
        match new.account.as_ref().and_then(|a| self.meta.seat_of(&a.id)) {
            Some(Side::Union) => presence.union = true,
            Some(Side::Confederate) => presence.confederate = true,
            None => presence.spectators += 1,
        }
        let mut frames = vec![Frame::json(&ServerMessage::Subscribed {
            game_id: self.meta.id.clone(),
            seq: self.meta.seq,
            status: self.meta.status,
            viewer: viewer.as_str().to_string(),
            view: view.clone(),
            presence,
            id: new.request_id.clone(),
        })];
        if let Some(after) = new.after_seq.filter(|&after| after < self.meta.seq) {
            let rows = self
                .inner
                .store
                .actions_after(&self.meta.id, after as i64, (self.meta.seq - after) as i64)
                .await
                .map_err(super::super::store_error)?;
            for row in rows {
                let events: Vec<Value> = serde_json::from_str(&row.events).unwrap_or_default();
                frames.push(Frame::json(&ServerMessage::Update {
                    game_id: self.meta.id.clone(),
                    seq: row.seq as u64,
                    side: Side::parse(&row.side).unwrap_or(Side::Union),
                    status: self.meta.status,
                    events: self.kind.redact(&events, viewer),
                    view: None,
                    patch: None,
                }));
            }
        }
        if let Some(clock) = self.meta.clock_info(self.now()) {
            frames.insert(
                1,
                Frame::json(&ServerMessage::Clock {
                    game_id: self.meta.id.clone(),
                    clock,
                    id: None,
                }),
            );
        }
        for text in frames {
            if new.sink.tx.try_send(Outgoing::Frame(text)).is_err() {
                new.sink.kick.notify_one();
                return Ok(());
            }
        }
        if new.mode == UpdateMode::Patch {
            self.patch_base.insert(viewer, parts);
        }
        if let Some(side) = new.account.as_ref().and_then(|a| self.meta.seat_of(&a.id)) {
            *self.seen.get_mut(side) = self.now();
        }
        let seated = new.account.as_ref().and_then(|a| self.meta.seat_of(&a.id));
        self.subs.push(Subscriber {
            sink: new.sink,
            account: new.account,
            viewer,
            mode: new.mode,
        });
        self.send_presence();
        self.player_here |= seated.is_some();
        if seated.is_some() && self.inner.store.shared() {
            // The player is here: the computer's move may be this server's to think.
            self.think();
        }
        Ok(())
    }
}

/// The patch from `base` to `view`, both views in parts: made from the parts that changed.
pub(super) fn patch_parts(base: &Part, view: &Part) -> String {
    match parts_patch::diff_parts(base, view) {
        Ok(ops) => ops,
        // Not reached with views the server wrote; the whole view then mends the base.
        Err(_) => whole_view_patch(&view.text()),
    }
}

/// A patch that replaces the whole document with `view`.
pub(super) fn whole_view_patch(view: &str) -> String {
    format!(r#"[{{"op":"replace","path":"","value":{view}}}]"#)
}
