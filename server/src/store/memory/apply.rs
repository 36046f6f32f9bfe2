//! One write applied to the in-memory tables: checked whole first, then changed, so that a
//! refused write changes nothing (as a SQLite savepoint or transaction does).

use super::super::account_writes::NewToken;
use super::super::rows::{AccountRow, ActionRow, ChatRow, GameRow};
use super::super::write_error::WriteError;
use super::super::writer::conflict_sentence;
use super::super::writes::{NewAction, Write};
use super::{Account, Game, Tables, accounts};

/// What SQLite says of a write a constraint refused outside a savepoint.
const CONFLICTS: &str = "the write conflicts with what is stored";

/// Applies `write`, or refuses it as the SQLite store would.
pub(super) fn apply(t: &mut Tables, write: &Write) -> Result<(), WriteError> {
    let refused = || Err(WriteError::Conflict(conflict_sentence(write)));
    match write {
        Write::CreateAccount {
            id,
            name,
            name_key,
            token_hash,
            token_id,
            label,
            password_hash,
            now,
        } => {
            let first = NewToken {
                id: token_id.clone(),
                account: id.clone(),
                token_hash: token_hash.clone(),
                origin: "created",
                label: label.clone(),
                now: *now,
            };
            let taken = t.accounts.contains_key(id)
                || t.accounts
                    .values()
                    .any(|a| &a.name_key == name_key || &a.token_hash == token_hash)
                || accounts::token_taken(t, &first);
            if taken {
                return refused();
            }
            let row = AccountRow {
                id: id.clone(),
                name: name.clone(),
            };
            t.accounts.insert(
                id.clone(),
                Account {
                    row,
                    name_key: name_key.clone(),
                    token_hash: token_hash.clone(),
                    password_hash: password_hash.clone(),
                    password_changed_at: password_hash.as_ref().map(|_| *now),
                },
            );
            accounts::insert_token(t, &first);
        }
        Write::CreateGame(g) => {
            over_limit(t, &g.creator, g.live_limit)?;
            let taken = t.games.contains_key(&g.id)
                || t.games
                    .values()
                    .any(|o| o.row.invite_code.as_deref() == Some(g.invite_code.as_str()));
            let known = t.accounts.contains_key(&g.creator)
                && g.reserved_for
                    .as_ref()
                    .is_none_or(|r| t.accounts.contains_key(r));
            if taken || !known {
                return refused();
            }
            if let Some(old) = &g.rematch_of {
                let open = t
                    .games
                    .get(old)
                    .is_some_and(|o| o.row.rematch_id.is_none() && o.row.status == "finished");
                if !open {
                    return Err(WriteError::Conflict(
                        "a rematch of that game has already been offered".into(),
                    ));
                }
            }
            // The row the SQL stores write (names are joined in when read, not stored).
            let mut row = GameRow::created(g, "");
            row.union_name = None;
            row.confederate_name = None;
            if let Some(c) = &g.computer {
                if c.side == "union" {
                    row.union_secret = Some(c.secret.clone());
                } else {
                    row.confederate_secret = Some(c.secret.clone());
                }
                row.computer = Some(c.seat.clone());
                row.status = "active".into();
                row.invite_code = None;
                row.to_act = c.to_act.clone();
            }
            if let Some(old) = g.rematch_of.as_ref().and_then(|old| t.games.get_mut(old)) {
                old.row.rematch_id = Some(g.id.clone());
            }
            t.games.insert(
                g.id.clone(),
                Game {
                    row,
                    wake_at: None,
                    record_hash: None,
                },
            );
        }
        Write::Join {
            game_id,
            side,
            account,
            secret,
            to_act,
            clock,
            wake_at,
            now,
            live_limit,
        } => {
            over_limit(t, account, *live_limit)?;
            if !t.accounts.contains_key(account) {
                return refused();
            }
            let Some(game) = t.games.get_mut(game_id) else {
                return Err(WriteError::Conflict(
                    "that seat has already been taken".into(),
                ));
            };
            let row = &mut game.row;
            let (seat, seat_secret) = if *side == "union" {
                (&mut row.union_account, &mut row.union_secret)
            } else {
                (&mut row.confederate_account, &mut row.confederate_secret)
            };
            if row.status != "open" || seat.is_some() {
                return Err(WriteError::Conflict(
                    "that seat has already been taken".into(),
                ));
            }
            *seat = Some(account.clone());
            *seat_secret = Some(secret.clone());
            row.status = "active".into();
            row.invite_code = None;
            row.reserved_for = None;
            row.to_act = to_act.clone();
            row.updated_at = *now;
            row.clock = clock.clone();
            game.wake_at = *wake_at;
        }
        Write::Action(a) => append(t, a)?,
        Write::Snapshot { game_id, seq, data } => {
            if !t.games.contains_key(game_id) {
                return Err(WriteError::Conflict(CONFLICTS.into()));
            }
            let kept = t.snapshots.entry(game_id.clone()).or_default();
            kept.retain(|&at, _| at >= *seq);
            kept.insert(*seq, data.clone());
        }
        Write::Checkpoints { game_id, snapshots } => {
            if !t.games.contains_key(game_id) {
                return Err(WriteError::Conflict(CONFLICTS.into()));
            }
            let kept = t.snapshots.entry(game_id.clone()).or_default();
            kept.extend(snapshots.iter().cloned());
        }
        Write::Clock {
            game_id,
            clock,
            wake_at,
            lease: _,
        } => {
            if let Some(game) = t.games.get_mut(game_id) {
                game.row.clock = Some(clock.clone());
                game.wake_at = *wake_at;
            }
        }
        Write::Import(g) => {
            let taken = t.games.contains_key(&g.id)
                || t.games
                    .values()
                    .any(|o| o.record_hash.as_deref() == Some(g.record_hash.as_str()));
            if taken || !t.accounts.contains_key(&g.creator) {
                return refused();
            }
            let row = GameRow {
                id: g.id.clone(),
                game: g.game.clone(),
                scenario: g.scenario.clone(),
                options: g.options.clone(),
                visibility: g.visibility.to_string(),
                status: "finished".into(),
                creator: g.creator.clone(),
                union_account: None,
                confederate_account: None,
                union_name: None,
                confederate_name: None,
                union_secret: Some(g.union_secret.clone()),
                confederate_secret: Some(g.confederate_secret.clone()),
                seed: g.seed.clone(),
                seed_commitment: g.seed_commitment.clone(),
                invite_code: None,
                spectate_code: g.spectate_code.clone(),
                seq: g.actions.len() as i64,
                to_act: String::new(),
                outcome: g.outcome.clone(),
                created_at: g.now,
                updated_at: g.now,
                clock: g.clock.clone(),
                origin: Some(g.origin.clone()),
                reserved_for: None,
                rematch_id: None,
                computer: None,
            };
            t.games.insert(
                g.id.clone(),
                Game {
                    row,
                    wake_at: None,
                    record_hash: Some(g.record_hash.clone()),
                },
            );
            let actions = t.actions.entry(g.id.clone()).or_default();
            actions.extend(g.actions.iter().map(|a| (a.seq, action_row(a))));
        }
        Write::Notices(n) => return super::notices::apply(t, n),
        Write::Accounts(a) => return accounts::apply(t, a),
        Write::Vacation {
            account,
            year,
            secs,
            limit,
        } => {
            if !t.accounts.contains_key(account) {
                return refused();
            }
            let key = (account.clone(), *year);
            let used = t.vacations.get(&key).copied();
            if limit.is_some_and(|limit| used.unwrap_or(0) + secs > limit) {
                return Err(WriteError::Conflict(
                    "that pause would take you past your yearly allowance".into(),
                ));
            }
            t.vacations.insert(key, (used.unwrap_or(0) + secs).max(0));
        }
        Write::Chat {
            seq,
            game_id,
            channel,
            account,
            author,
            side,
            text,
            now,
        } => {
            let key = (game_id.clone(), channel.clone());
            let taken = t.chat.get(&key).is_some_and(|c| c.contains_key(seq));
            if taken || !t.games.contains_key(game_id) || !t.accounts.contains_key(account) {
                return refused();
            }
            let message = ChatRow {
                seq: *seq,
                channel: channel.clone(),
                author: author.clone(),
                side: side.map(str::to_string),
                text: text.clone(),
                created_at: *now,
            };
            t.chat.entry(key).or_default().insert(*seq, message);
        }
    }
    Ok(())
}

/// Appends an action if its game is at the action before, and moves the game on.
/// Refuses a new game or seat for an account that already has `limit` open or active games.
fn over_limit(t: &Tables, account: &str, limit: Option<i64>) -> Result<(), WriteError> {
    let Some(limit) = limit else { return Ok(()) };
    let live = t
        .games
        .values()
        .filter(|g| g.row.status != "finished" && super::sits(&g.row, account))
        .count() as i64;
    if live >= limit {
        return Err(WriteError::too_many_games(live));
    }
    Ok(())
}

fn append(t: &mut Tables, a: &NewAction) -> Result<(), WriteError> {
    let taken = t
        .actions
        .get(&a.game_id)
        .is_some_and(|actions| actions.contains_key(&a.seq));
    let Some(game) = t.games.get_mut(&a.game_id).filter(|_| !taken) else {
        return Err(WriteError::Conflict(CONFLICTS.into()));
    };
    if game.row.seq != a.seq - 1 {
        return Err(WriteError::Conflict(
            "1 of 1 games were not at the action before the one appended".into(),
        ));
    }
    let row = &mut game.row;
    row.seq = a.seq;
    row.status = a.status.to_string();
    row.to_act = a.to_act.clone();
    row.outcome = a.outcome.clone();
    row.updated_at = a.now;
    row.clock = a.clock.clone();
    game.wake_at = a.wake_at;
    t.actions
        .entry(a.game_id.clone())
        .or_default()
        .insert(a.seq, action_row(a));
    Ok(())
}

fn action_row(a: &NewAction) -> ActionRow {
    ActionRow {
        seq: a.seq,
        side: a.side.to_string(),
        action: a.action.clone(),
        rolls: a.rolls.clone(),
        events: a.events.clone(),
        by_bot: a.by_bot,
        created_at: a.now,
    }
}
