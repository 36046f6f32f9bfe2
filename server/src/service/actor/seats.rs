//! Seats: the second player joining (and the game starting), and the rematch with sides swapped.

use super::*;
use adjutant_protocol::ComputerSeat;

impl Actor {
    pub(super) async fn join(
        &mut self,
        account: &Account,
        join: JoinGame,
    ) -> Result<Joined, ApiError> {
        if self.meta.seat_of(&account.id).is_some() {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "you already sit in this game",
            ));
        }
        let side = match (self.meta.status, self.meta.open_seat()) {
            (GameStatus::Open, Some(side)) => side,
            _ => {
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    "both seats of this game are taken",
                ));
            }
        };
        let code_matches = join.invite_code.as_deref().is_some_and(|code| {
            self.meta.invite_code.as_deref() == Some(normalise_code(code).as_str())
        });
        let reserved = self.meta.reserved_for.as_deref();
        match (&join.invite_code, self.meta.visibility) {
            _ if reserved.is_some_and(|r| r != account.id) => {
                return Err(ApiError::new(
                    ErrorCode::Forbidden,
                    "this seat is kept for the former opponent: it is a rematch",
                ));
            }
            _ if reserved.is_some() => {}
            (Some(_), _) if !code_matches => {
                return Err(ApiError::new(
                    ErrorCode::Forbidden,
                    "that invite code is not valid for this game",
                ));
            }
            (None, adjutant_protocol::Visibility::Private) => {
                return Err(ApiError::new(
                    ErrorCode::Forbidden,
                    "this is a private game: joining it needs its invite code",
                ));
            }
            _ => {}
        }
        let secret = self
            .kind
            .info()
            .resolve_secret_choices(&self.meta.scenario, side, &join.secret_choices)
            .map_err(|why| ApiError::new(ErrorCode::BadRequest, why))?;
        let mut meta = self.meta.clone();
        *meta.accounts.get_mut(side) = Some(account.id.clone());
        *meta.names.get_mut(side) = Some(account.name.clone());
        *meta.secrets.get_mut(side) = Some(secret.clone());
        let setup = meta.setup().expect("both seats are now filled");
        let game = self.kind.start(&setup, &meta.seed).map_err(|e| {
            ApiError::new(ErrorCode::BadRequest, format!("the game cannot start: {e}"))
        })?;
        let to_act = game.to_act();
        let now = self.now();
        if let Some(clock) = meta.clock.as_mut() {
            clock.start(now, &to_act);
        }
        let clock_json = meta
            .clock
            .as_ref()
            .map(|c| serde_json::to_string(c).expect("clocks serialise"));
        self.inner
            .store
            .write(Write::Join {
                game_id: meta.id.clone(),
                side: side.as_str(),
                account: account.id.clone(),
                secret: Value::Object(secret).to_string(),
                to_act: to_act_text(&to_act),
                clock: clock_json.clone(),
                wake_at: meta.clock.as_ref().and_then(GameClock::wake_at),
                now,
                live_limit: super::super::game_limit(&self.inner),
            })
            .await
            .map_err(|e| match e {
                WriteError::Conflict(why) => ApiError::new(ErrorCode::Conflict, why),
                WriteError::Full => super::super::disk_full(),
                WriteError::Store(_) => {
                    ApiError::new(ErrorCode::Internal, "the store failed; you did not join")
                }
            })?;
        meta.status = GameStatus::Active;
        meta.invite_code = None;
        meta.reserved_for = None;
        meta.to_act = to_act;
        meta.updated_at = now;
        self.meta = meta;
        self.game = Some(game);
        self.clock_json = clock_json;
        info!(game = %self.meta.id, "game started");
        self.announce_start();
        self.send_clock();
        // The player who just joined knows; the other is told (unless connected).
        let others: Vec<Side> = Side::BOTH.into_iter().filter(|&s| s != side).collect();
        self.notify(NoticeKind::GameStarted, &others, None, None);
        Ok(Joined {
            game_id: self.meta.id.clone(),
            seat: side,
        })
    }

    /// Tells every subscriber the game started, with a view for its (possibly new) seat.
    pub(super) fn announce_start(&mut self) {
        self.patch_base.clear();
        let mut frames: HashMap<u64, Frame> = HashMap::new();
        for sub in &mut self.subs {
            if let Ok(viewer) = self
                .meta
                .viewer(sub.account.as_ref(), Some(&self.meta.spectate_code))
            {
                sub.viewer = viewer;
            }
        }
        for sub in &self.subs {
            let parts = self.view_parts(sub.viewer);
            let view = serde_json::from_str(&parts.text()).unwrap_or(Value::Null);
            if sub.mode == UpdateMode::Patch {
                self.patch_base.insert(sub.viewer, parts);
            }
            frames.insert(
                sub.sink.conn,
                Frame::json(&ServerMessage::Started {
                    game_id: self.meta.id.clone(),
                    seq: self.meta.seq,
                    view,
                }),
            );
        }
        self.deliver(|sub| frames.get(&sub.sink.conn).cloned());
        self.send_presence();
    }

    pub(super) async fn rematch(
        &mut self,
        account: &Account,
        secret_choices: &Value,
    ) -> Result<GameCreated, ApiError> {
        let seat = self.meta.seat_of(&account.id).ok_or_else(|| {
            ApiError::new(
                ErrorCode::Forbidden,
                "only a player of this game can offer a rematch",
            )
        })?;
        if self.meta.status != GameStatus::Finished {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "a rematch is offered once the game is over",
            ));
        }
        if let Some(id) = &self.meta.rematch_id {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                format!("a rematch of this game has already been offered: game {id}"),
            ));
        }
        let side = seat.opponent();
        // Against the computer, the computer takes the other seat again at once, at the same
        // level; against a person, the seat is kept for them.
        let computer = self.meta.computer.as_ref().map(|c| ComputerSeat {
            side: seat,
            level: c.level.clone(),
        });
        let opponent = match &computer {
            Some(_) => None,
            None => Some(
                self.meta
                    .account_in(side)
                    .ok_or_else(|| {
                        ApiError::new(
                            ErrorCode::Conflict,
                            "the other seat of this game has no player to offer a rematch to",
                        )
                    })?
                    .to_string(),
            ),
        };
        let secret = self
            .kind
            .info()
            .resolve_secret_choices(&self.meta.scenario, side, secret_choices)
            .map_err(|why| ApiError::new(ErrorCode::BadRequest, why))?;
        let seed = new_seed();
        let start = computer
            .as_ref()
            .map(|c| {
                super::super::computer::computer_start(
                    self.kind.as_ref(),
                    &self.meta.scenario,
                    &self.meta.options,
                    &secret,
                    c,
                    &seed,
                )
            })
            .transpose()?;
        let id = uuid::Uuid::new_v4().hyphenated().to_string();
        let game = NewGame {
            id: id.clone(),
            game: self.meta.game.clone(),
            scenario: self.meta.scenario.clone(),
            options: Value::Object(self.meta.options.clone()).to_string(),
            visibility: match self.meta.visibility {
                adjutant_protocol::Visibility::Public => "public",
                adjutant_protocol::Visibility::Private => "private",
            },
            creator: account.id.clone(),
            side: side.as_str(),
            secret: Value::Object(secret).to_string(),
            seed: seed.to_hex(),
            seed_commitment: seed.commitment(),
            invite_code: new_code(10),
            spectate_code: new_code(10),
            now: self.now(),
            clock: self.meta.clock.as_ref().map(|c| {
                serde_json::to_string(&GameClock::new(c.settings.clone()))
                    .expect("clocks serialise")
            }),
            reserved_for: opponent,
            rematch_of: Some(self.meta.id.clone()),
            computer: start,
            live_limit: super::super::game_limit(&self.inner),
        };
        let created = GameCreated {
            game_id: id.clone(),
            seat: side,
            invite_code: if computer.is_some() {
                String::new()
            } else {
                game.invite_code.clone()
            },
            spectate_code: game.spectate_code.clone(),
            seed_commitment: game.seed_commitment.clone(),
            computer: computer.clone(),
        };
        self.inner
            .store
            .write(Write::CreateGame(game))
            .await
            .map_err(write_error)?;
        info!(game = %id, of = %self.meta.id, "rematch offered");
        self.meta.rematch_id = Some(id.clone());
        let text = Frame::json(&ServerMessage::RematchOffered {
            game_id: self.meta.id.clone(),
            rematch_id: id.clone(),
        });
        self.deliver(|_| Some(text.clone()));
        if computer.is_some() {
            // Loaded now: the computer may have the first move. Nobody else to tell.
            super::super::hub::handle(&self.inner, &id);
            return Ok(created);
        }
        let mut brief = self.brief();
        brief.game_id = id;
        brief.outcome = None;
        brief.to_act = Vec::new();
        *brief.names.get_mut(side) = Some(account.name.clone());
        *brief.names.get_mut(seat) = self.meta.names.get(side).clone();
        self.inner.notifier.send(Intent {
            kind: NoticeKind::RematchOffered,
            game: brief,
            recipients: vec![Recipient {
                account: self.meta.account_in(side).unwrap_or_default().to_string(),
                seat: Some(seat),
            }],
            subject: Some(side),
            until: None,
            games: Vec::new(),
            words: None,
        });
        Ok(created)
    }
}
