//! The lobby's commands that need more than a line: the catalog in words, and a new game
//! (its side, options, secret choices and clock read from the flags).

use adjutant_cli::{Client, ClientError};
use adjutant_protocol::{CreateGame, SideChoice, Visibility};

use crate::{corr_cli, pairs};

fn e(err: ClientError) -> String {
    err.to_string()
}

/// `adjutant catalog`: the games, their scenarios and options.
pub(crate) async fn catalog(client: &Client) -> Result<(), String> {
    let catalog = client.catalog().await.map_err(e)?;
    if catalog.games.is_empty() {
        outln!("This server hosts no games.");
    }
    for game in catalog.games {
        outln!("{} — {}\n  {}", game.id, game.name, game.description);
        for s in &game.scenarios {
            outln!(
                "  scenario {} — {} ({} turns): {}",
                s.id,
                s.name,
                s.turns,
                s.description
            );
        }
        for c in &game.choices {
            let scope = match c.scope {
                adjutant_engine::ChoiceScope::Option => "option".to_string(),
                adjutant_engine::ChoiceScope::Secret(side) => {
                    format!("secret choice of the {side} player")
                }
            };
            outln!("  {scope} {} — {}: {}", c.id, c.name, c.description);
        }
    }
    Ok(())
}

/// The flags of `adjutant new`.
pub(crate) struct NewGame {
    pub game: String,
    pub scenario: String,
    pub side: String,
    pub private: bool,
    pub options: Vec<String>,
    pub secrets: Vec<String>,
    pub clock: Option<String>,
    pub on_timeout: String,
    /// `person`, `computer` or `computer:LEVEL`.
    pub against: Option<String>,
}

/// `--against`: the request's `opponent` and `level` (the server says what is wrong with
/// either).
fn against(flag: Option<&str>) -> Result<(Option<String>, Option<String>), String> {
    let Some(flag) = flag else {
        return Ok((None, None));
    };
    let (opponent, level) = match flag.split_once(':') {
        Some((opponent, level)) => (opponent, Some(level.to_string())),
        None => (flag, None),
    };
    match opponent {
        "person" if level.is_none() => Ok((Some("person".into()), None)),
        "computer" => Ok((Some("computer".into()), level)),
        _ => Err(format!(
            "--against is person, computer or computer:LEVEL (easy, normal or hard), not {flag:?}"
        )),
    }
}

/// `adjutant new`: creates the game; returns its id.
pub(crate) async fn new_game(client: &Client, flags: NewGame) -> Result<String, String> {
    let NewGame {
        game,
        scenario,
        side,
        private,
        options,
        secrets,
        clock,
        on_timeout,
        against: against_flag,
    } = flags;
    let (opponent, level) = against(against_flag.as_deref())?;
    let clock = clock
        .map(|spec| corr_cli::clock_choice(&spec, &on_timeout))
        .transpose()?;
    let side = match side.as_str() {
        "union" => SideChoice::Union,
        "confederate" => SideChoice::Confederate,
        "random" => SideChoice::Random,
        other => {
            return Err(format!(
                "--side is union, confederate or random, not {other:?}"
            ));
        }
    };
    let request = CreateGame {
        game,
        scenario,
        options: pairs(&options)?,
        side,
        visibility: if private {
            Visibility::Private
        } else {
            Visibility::Public
        },
        secret_choices: pairs(&secrets)?,
        clock,
        opponent,
        level,
    };
    let created = client.create_game(&request).await.map_err(e)?;
    match &created.computer {
        Some(computer) => {
            outln!(
                "Game {} created and started; you are the {} player, and the computer plays the {} at level {}.",
                created.game_id,
                created.seat,
                computer.side,
                computer.level
            );
            outln!(
                "It is yours to play now: `adjutant show` to see it, `adjutant play` to play it."
            );
        }
        None => {
            outln!(
                "Game {} created; you are the {} player.",
                created.game_id,
                created.seat
            );
            outln!(
                "Invite code (give it to your opponent): {}",
                created.invite_code
            );
        }
    }
    outln!("Spectate code: {}", created.spectate_code);
    outln!("Seed commitment: {}", created.seed_commitment);
    Ok(created.game_id)
}
