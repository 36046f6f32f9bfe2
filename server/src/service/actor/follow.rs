//! Several servers on one database (PostgreSQL): a game's actor may run on every server that
//! has a player or spectator of it, but only the holder of the game's lease writes. The lease
//! follows the writer: an actor takes it before its first write ([`Actor::hold_lease`]), which
//! fences off every earlier holder's writes. The others follow the store: told that the game
//! moved on (PostgreSQL's `NOTIFY`, see `service/nodes.rs`), an actor reads what was committed
//! and tells its own subscribers ([`Actor::follow`]). On SQLite nothing of this runs: the
//! lease is epoch 0 from the start and no notification comes.

use super::fanout::{patch_parts, whole_view_patch};
use super::*;
use crate::frame::Carried;
use crate::service::metrics::Counters;
use crate::store::ActionRow;

impl Actor {
    /// The epoch of the game's lease, taken now if this actor does not hold it; the actor is
    /// brought up to the store first if another server moved the game on meanwhile.
    pub(super) async fn hold_lease(&mut self) -> Result<i64, ApiError> {
        if let Some(epoch) = self.lease {
            return Ok(epoch);
        }
        let store = self.inner.store.clone();
        let (epoch, seq) = store
            .take_lease(&self.meta.id, &self.inner.node)
            .await
            .map_err(write_error)?;
        if seq != self.meta.seq as i64 {
            self.follow(false).await;
            if self.poisoned || (self.meta.seq as i64) < seq {
                return Err(ApiError::new(
                    ErrorCode::Internal,
                    "the game could not be brought up to date; try again",
                ));
            }
            if self.meta.seq as i64 > seq {
                // Another server took the lease back between this one's taking it and its
                // reading the game, and moved the game on: the lease is lost already, and the
                // action in hand was chosen from a view that is out of date.
                self.lease = None;
                return Err(ApiError::new(
                    ErrorCode::StaleSeq,
                    "another server moved this game on meanwhile: fetch the view and choose again",
                ));
            }
        }
        self.lease = Some(epoch);
        self.holder = Some(self.inner.node.clone());
        Counters::add(&self.inner.counters.lease_takes, 1);
        Ok(epoch)
    }

    /// A write was refused because another server took the game's lease (or moved it on)
    /// after this actor took it: the lease is given up and the actor reloads what the store
    /// holds (`dirty`: the match played the refused action), telling its subscribers.
    pub(super) async fn fenced(&mut self) -> ApiError {
        warn!(game = %self.meta.id, "another server moved the game on: reloading it");
        self.lease = None;
        self.fenced = true;
        Counters::add(&self.inner.counters.fenced, 1);
        self.follow(true).await;
        ApiError::new(
            ErrorCode::StaleSeq,
            "another server moved this game on meanwhile: fetch the view and choose again",
        )
    }

    /// Brings the actor up to what the store holds and tells the subscribers: the actions
    /// committed by another server, one update each (the last with the view), the start of a
    /// game joined elsewhere, a changed clock. `dirty`: the match in memory cannot be trusted
    /// (it is rebuilt from the store, not moved on). A failure retires the actor.
    pub(super) async fn follow(&mut self, dirty: bool) {
        let row = match self.inner.store.game(&self.meta.id).await {
            Ok(Some(row)) => row,
            // The store does not answer: the next notification (or request) tries again;
            // only a match that cannot be trusted must leave.
            Ok(None) | Err(_) => {
                self.poisoned |= dirty;
                return;
            }
        };
        let meta = match GameMeta::from_row(row) {
            Ok(meta) => meta,
            Err(_) => {
                self.poisoned = true;
                return;
            }
        };
        let clock_json = meta
            .clock
            .as_ref()
            .map(|c| serde_json::to_string(c).expect("clocks serialise"));
        let moved = meta.seq != self.meta.seq || meta.status != self.meta.status;
        let clock_changed = clock_json != self.clock_json;
        let rematch = meta.rematch_id.is_some() && meta.rematch_id != self.meta.rematch_id;
        if !moved && !clock_changed && !dirty && !rematch {
            // This server's own change, told back.
            return;
        }
        // Another server wrote: it holds the lease now (and serves the player, as far as
        // this server knows).
        self.lease = None;
        self.player_here = false;
        let from = self.meta.seq;
        let started = self.game.is_none() && meta.status != GameStatus::Open;
        if dirty || started {
            match load(&self.inner, &self.meta.id).await {
                Ok((_, loaded, game, snapshot_seq)) => {
                    self.game = game;
                    self.snapshot_seq = snapshot_seq;
                    self.meta = loaded;
                }
                Err(_) => {
                    self.poisoned = true;
                    return;
                }
            }
        } else {
            self.meta = meta;
        }
        self.clock_json = self
            .meta
            .clock
            .as_ref()
            .map(|c| serde_json::to_string(c).expect("clocks serialise"));
        if started {
            self.announce_start();
        } else if self.meta.seq > from {
            let Ok(rows) = self.committed_after(from, !dirty).await else {
                self.poisoned = true;
                return;
            };
            Counters::add(&self.inner.counters.followed, rows.len() as u64);
            self.tell_committed(&rows);
        }
        if clock_changed {
            self.send_clock();
        }
        if let Some(rematch_id) = self.meta.rematch_id.clone().filter(|_| rematch) {
            let text = Frame::json(&ServerMessage::RematchOffered {
                game_id: self.meta.id.clone(),
                rematch_id,
            });
            self.deliver(|_| Some(text.clone()));
        }
    }

    /// The actions committed after `from` up to the game's sequence number; `replay`: each
    /// is also played on the match in memory.
    async fn committed_after(&mut self, from: u64, replay: bool) -> Result<Vec<ActionRow>, ()> {
        let mut rows: Vec<ActionRow> = Vec::new();
        let mut after = from as i64;
        while after < self.meta.seq as i64 {
            let page = self
                .inner
                .store
                .actions_after(&self.meta.id, after, 1000)
                .await
                .map_err(|_| ())?;
            let Some(last) = page.last() else { break };
            after = last.seq;
            rows.extend(page.into_iter().filter(|r| r.seq <= self.meta.seq as i64));
        }
        if replay {
            let game = self.game.as_mut().ok_or(())?;
            for row in &rows {
                let side = Side::parse(&row.side).ok_or(())?;
                let action: Value = serde_json::from_str(&row.action).map_err(|_| ())?;
                let played = game.replay(side, &action).map_err(|_| ())?;
                if played.seq as i64 != row.seq {
                    return Err(());
                }
            }
        }
        match self.game.as_ref() {
            Some(game) if game.seq() == self.meta.seq => Ok(rows),
            _ => Err(()),
        }
    }

    /// Sends every subscriber one update per committed row, redacted for it; the last carries
    /// its view (or the patch to it).
    fn tell_committed(&mut self, rows: &[ActionRow]) {
        let finished = self.meta.status == GameStatus::Finished;
        let mut viewers: Vec<(Viewer, UpdateMode)> =
            self.subs.iter().map(|s| (s.viewer, s.mode)).collect();
        viewers.sort_by_key(|(v, m)| (v.as_str(), *m == UpdateMode::Patch));
        viewers.dedup();
        let mut frames: HashMap<(Viewer, UpdateMode), Vec<Frame>> = HashMap::new();
        let mut bases = Vec::new();
        for (viewer, mode) in viewers {
            let seen_as = if finished { Viewer::Omniscient } else { viewer };
            let parts = self.view_parts(viewer);
            let mut list = Vec::with_capacity(rows.len());
            for (i, row) in rows.iter().enumerate() {
                let stored: Vec<Value> = serde_json::from_str(&row.events).unwrap_or_default();
                let told = self.kind.redact(&stored, seen_as);
                let events = serde_json::to_string(&told).expect("values serialise");
                let head = UpdateHead {
                    game_id: &self.meta.id,
                    seq: row.seq as u64,
                    side: Side::parse(&row.side).unwrap_or(Side::Union),
                    status: self.meta.status,
                };
                let frame = if i + 1 < rows.len() {
                    Frame::update(&head, &events, None)
                } else if mode == UpdateMode::View {
                    Frame::update(&head, &events, Some((Carried::View, &parts.text())))
                } else {
                    let ops = match self.patch_base.get(&viewer) {
                        Some(base) => patch_parts(base, &parts),
                        None => whole_view_patch(&parts.text()),
                    };
                    bases.push((viewer, parts.clone()));
                    Frame::update(&head, &events, Some((Carried::Patch, &ops)))
                };
                list.push(frame);
            }
            frames.insert((viewer, mode), list);
        }
        for (viewer, base) in bases {
            self.patch_base.insert(viewer, base);
        }
        for i in 0..rows.len() {
            self.deliver(|sub| {
                frames
                    .get(&(sub.viewer, sub.mode))
                    .and_then(|list| list.get(i))
                    .cloned()
            });
        }
    }

    /// Tells the subscribers who may read it the chat messages of stored `channel` up to
    /// number `seq` that they have not been told (posted on another server).
    pub(super) async fn follow_chat(&mut self, channel: &str, seq: i64) {
        let told = self.chat_told.get(channel).copied().unwrap_or(seq - 1);
        if seq <= told {
            return;
        }
        let rows = match self
            .inner
            .store
            .chat(&self.meta.id, channel, told, seq - told)
            .await
        {
            Ok(rows) => rows,
            Err(e) => {
                warn!(game = %self.meta.id, error = %e, "chat posted elsewhere not read");
                return;
            }
        };
        let kind = match channel {
            "players" => ChatChannel::Players,
            "spectators" => ChatChannel::Spectators,
            _ => ChatChannel::Notes,
        };
        let finished = self.meta.status == GameStatus::Finished;
        for row in rows {
            self.chat_told.insert(channel.to_string(), row.seq);
            let text = Frame::json(&ServerMessage::Chat {
                game_id: self.meta.id.clone(),
                message: ChatMessage {
                    id: row.seq,
                    game_id: self.meta.id.clone(),
                    channel: kind,
                    author: row.author,
                    side: row.side.as_deref().and_then(Side::parse),
                    text: row.text,
                    at: row.created_at,
                },
            });
            let meta = &self.meta;
            let readers: Vec<u64> = self
                .subs
                .iter()
                .filter(|sub| {
                    let seat = sub.account.as_ref().and_then(|a| meta.seat_of(&a.id));
                    chat::may_read_stored(channel, seat, finished)
                })
                .map(|sub| sub.sink.conn)
                .collect();
            self.deliver(|sub| readers.contains(&sub.sink.conn).then(|| text.clone()));
        }
    }
}
