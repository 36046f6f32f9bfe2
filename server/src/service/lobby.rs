//! The lobby: the catalog, new games (against a person or the computer), and the lists of
//! games.

use super::*;

/// The most open or active games an account may sit in, as the store's writes check it (in
/// the transaction that creates the game or seats the account, so the count is exact).
pub(super) fn game_limit(inner: &Inner) -> Option<i64> {
    Some(i64::from(inner.config.max_open_games))
}

impl Service {
    /// The catalog.
    pub fn catalog(&self) -> &Catalog {
        &self.inner.catalog
    }

    /// A game's static data.
    pub fn game_data(&self, game: &str) -> Result<&Value, ApiError> {
        self.kind(game).map(|k| k.static_data())
    }

    pub(super) fn kind(&self, game: &str) -> Result<&Arc<dyn GameKind>, ApiError> {
        self.inner.registry.get(game).ok_or_else(|| {
            ApiError::new(
                ErrorCode::NotFound,
                format!("this server has no game called {game:?}"),
            )
        })
    }

    /// Creates a game with the caller in one seat.
    pub async fn create_game(
        &self,
        account: &Account,
        req: CreateGame,
    ) -> Result<GameCreated, ApiError> {
        let kind = self.kind(&req.game)?;
        let info = kind.info();
        if info.scenario(&req.scenario).is_none() {
            let known: Vec<&str> = info.scenarios.iter().map(|s| s.id.as_str()).collect();
            return Err(ApiError::new(
                ErrorCode::NotFound,
                format!(
                    "{} has no scenario {:?}; it has {}",
                    info.name,
                    req.scenario,
                    known.join(", ")
                ),
            ));
        }
        let bad = |why: String| ApiError::new(ErrorCode::BadRequest, why);
        let options = info
            .resolve_options(&req.scenario, &req.options)
            .map_err(bad)?;
        let side = match req.side {
            SideChoice::Union => Side::Union,
            SideChoice::Confederate => Side::Confederate,
            SideChoice::Random => Side::BOTH[rand::random_range(0..2)],
        };
        let secret = info
            .resolve_secret_choices(&req.scenario, side, &req.secret_choices)
            .map_err(bad)?;
        let computer = self.computer_seat(
            &req.game,
            req.opponent.as_deref(),
            req.level.as_deref(),
            side,
        )?;
        if computer.is_some() && req.clock.is_some() {
            return Err(bad(
                "a game against the computer has no clock: the computer answers at once, and you take the time you like"
                    .into(),
            ));
        }
        let clock = req
            .clock
            .as_ref()
            .map(clockwork::resolve)
            .transpose()
            .map_err(bad)?
            .map(|settings| {
                serde_json::to_string(&GameClock::new(settings)).expect("clocks serialise")
            });
        let seed = new_seed();
        let start = computer
            .as_ref()
            .map(|seat| {
                computer::computer_start(
                    kind.as_ref(),
                    &req.scenario,
                    &options,
                    &secret,
                    seat,
                    &seed,
                )
            })
            .transpose()?;
        let id = uuid::Uuid::new_v4().hyphenated().to_string();
        let game = NewGame {
            id: id.clone(),
            game: req.game.clone(),
            scenario: req.scenario.clone(),
            options: Value::Object(options).to_string(),
            visibility: match req.visibility {
                Visibility::Public => "public",
                Visibility::Private => "private",
            },
            creator: account.id.clone(),
            side: side.as_str(),
            secret: Value::Object(secret).to_string(),
            seed: seed.to_hex(),
            seed_commitment: seed.commitment(),
            invite_code: new_code(10),
            spectate_code: new_code(10),
            now: self.now(),
            clock,
            reserved_for: None,
            rematch_of: None,
            computer: start,
            live_limit: game_limit(&self.inner),
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
        // A game against a person starts open: its actor needs only the row as written.
        let row = computer
            .is_none()
            .then(|| crate::store::GameRow::created(&game, &account.name));
        self.inner
            .store
            .write(Write::CreateGame(game))
            .await
            .map_err(write_error)?;
        info!(game = %id, kind = %req.game, scenario = %req.scenario, "game created");
        if let Some(Ok(meta)) = row.map(GameMeta::from_row) {
            super::hub::adopt_created(&self.inner, meta);
        }
        if computer.is_some() {
            // Loaded now, its player seen here: the computer may have the first move, and
            // (several servers) this is the server to think about it.
            let _ = self.game_state(Some(account), &id, None).await;
        }
        Ok(created)
    }

    /// Lists games.
    pub async fn list_games(
        &self,
        account: Option<&Account>,
        filter: GameFilter,
    ) -> Result<GameList, ApiError> {
        let query = match filter {
            GameFilter::Mine => ListQuery::Mine(
                &account
                    .ok_or_else(|| {
                        ApiError::new(
                            ErrorCode::Unauthorized,
                            "listing your games needs your token",
                        )
                    })?
                    .id,
            ),
            GameFilter::Open => ListQuery::Public("open"),
            GameFilter::Active => ListQuery::Public("active"),
            GameFilter::Finished => ListQuery::Finished(account.map(|a| a.id.as_str())),
        };
        let rows = self
            .inner
            .store
            .games(query, 200)
            .await
            .map_err(store_error)?;
        let now = self.now();
        let games = rows
            .into_iter()
            .map(GameMeta::from_row)
            .map(|meta| meta.map(|m| m.summary(account.map(|a| a.id.as_str()), now)))
            .collect::<Result<_, _>>()?;
        Ok(GameList { games })
    }
}
