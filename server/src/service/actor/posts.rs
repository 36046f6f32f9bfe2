//! Chat: a player's message or note, or a spectator's, posted through the game's actor.

use super::*;

impl Actor {
    pub(super) async fn chat(
        &mut self,
        account: &Account,
        spectate_code: Option<&str>,
        channel: ChatChannel,
        text: &str,
    ) -> Result<ChatMessage, ApiError> {
        self.meta.viewer(Some(account), spectate_code)?;
        let seat = self.meta.seat_of(&account.id);
        let finished = self.meta.status == GameStatus::Finished;
        chat::may_post(channel, seat, finished)?;
        let text = chat::check_text(text, self.inner.config.max_chat_chars)?;
        let key = format!("{}:{}", account.id, self.meta.id);
        if !self.inner.chat_limiter.take(key, self.inner.clock.now_ms()) {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                "you are posting too fast; wait a moment",
            ));
        }
        let stored = chat::stored_channel(channel, seat);
        // Numbered within the channel: the actor posts one message at a time, and the last
        // one is committed before the next is numbered.
        let last = self
            .inner
            .store
            .last_chat_seq(&self.meta.id, &stored)
            .await
            .map_err(super::super::store_error)?;
        let message = ChatMessage {
            id: last + 1,
            game_id: self.meta.id.clone(),
            channel,
            author: account.name.clone(),
            side: seat,
            text,
            at: self.now(),
        };
        self.inner
            .store
            .write(Write::Chat {
                seq: message.id,
                game_id: message.game_id.clone(),
                channel: stored.clone(),
                account: account.id.clone(),
                author: message.author.clone(),
                side: seat.map(Side::as_str),
                text: message.text.clone(),
                now: message.at,
            })
            .await
            .map_err(write_error)?;
        let text = Frame::json(&ServerMessage::Chat {
            game_id: self.meta.id.clone(),
            message: message.clone(),
        });
        let meta = &self.meta;
        let readers: Vec<u64> = self
            .subs
            .iter()
            .filter(|sub| {
                let seat = sub.account.as_ref().and_then(|a| meta.seat_of(&a.id));
                chat::may_read_stored(&stored, seat, finished)
            })
            .map(|sub| sub.sink.conn)
            .collect();
        self.deliver(|sub| readers.contains(&sub.sink.conn).then(|| text.clone()));
        self.chat_told.insert(stored, message.id);
        if let (ChatChannel::Players, Some(side)) = (channel, seat) {
            self.notify_chat(side, &message.text);
        }
        Ok(message)
    }
}

impl Actor {
    /// Tells the opponent of the player in `side` (unless looking at the game) what that
    /// player wrote in the players' chat: their own words, never a secret of the game.
    fn notify_chat(&self, side: Side, text: &str) {
        let Some(account) = self.meta.account_in(side.opponent()) else {
            return;
        };
        let mut words: String = text.chars().take(CHAT_QUOTE_CHARS).collect();
        if words.len() < text.len() {
            words.push('…');
        }
        self.inner.notifier.send(Intent {
            kind: NoticeKind::Chat,
            game: self.brief(),
            recipients: vec![Recipient {
                account: account.to_string(),
                seat: Some(side.opponent()),
            }],
            subject: Some(side),
            until: None,
            games: Vec::new(),
            words: Some(words),
        });
    }
}

/// The longest quote of a chat message a notice carries, in characters.
const CHAT_QUOTE_CHARS: usize = 280;
