//! Which game a command means. Game ids are long (UUIDs), so every command that takes one
//! also takes a unique start of it, resolved against the lists the server gives
//! (`GET /api/games?filter=mine`, then the public `active`, `open` and `finished` lists), and
//! none at all: then the game this profile named last (kept in the config file). An id that
//! matches no listed game is passed on whole, so a private game reached with a spectate code
//! still works; a start of an id that matches several games is refused with their list.

use adjutant_cli::Client;
use adjutant_cli::config::ConfigFile;
use adjutant_protocol::{GameFilter, GameSummary};

/// The length of a whole game id (a hyphenated UUID).
const WHOLE: usize = 36;

/// The game ids of the lists whose ids start with `prefix` (case ignored), each once,
/// with a few words on each for a sentence listing them.
fn matching(games: &[GameSummary], prefix: &str) -> Vec<(String, String)> {
    let prefix = prefix.to_lowercase();
    let mut out: Vec<(String, String)> = Vec::new();
    for g in games {
        if g.game_id.to_lowercase().starts_with(&prefix)
            && !out.iter().any(|(id, _)| *id == g.game_id)
        {
            let players = format!(
                "{} vs {}",
                g.players.union.as_deref().unwrap_or("?"),
                g.players.confederate.as_deref().unwrap_or("?")
            );
            out.push((
                g.game_id.clone(),
                format!(
                    "{} {}, {players}, {}",
                    g.game,
                    g.scenario,
                    g.status.as_str()
                ),
            ));
        }
    }
    out
}

/// The one game id `prefix` names among `games`, or a sentence: none, or several (listed).
/// `Ok(None)`: no listed game matches.
pub fn pick(games: &[GameSummary], prefix: &str) -> Result<Option<String>, String> {
    let found = matching(games, prefix);
    match found.as_slice() {
        [] => Ok(None),
        [(id, _)] => Ok(Some(id.clone())),
        many => {
            let list: Vec<String> = many
                .iter()
                .map(|(id, about)| format!("  {id} ({about})"))
                .collect();
            Err(format!(
                "“{prefix}” is the start of {} games' ids; give more of the one you mean:\n{}",
                many.len(),
                list.join("\n")
            ))
        }
    }
}

/// Resolves the game a command names (`given`), or the profile's last game when it names
/// none, and remembers the result as the profile's last game.
pub async fn resolve(
    client: &Client,
    config: &mut ConfigFile,
    profile: &str,
    given: Option<&str>,
) -> Result<String, String> {
    let id = match given.map(str::trim).filter(|g| !g.is_empty()) {
        None => config
            .profiles
            .get(profile)
            .and_then(|p| p.last_game.clone())
            .ok_or_else(|| {
                "name a game: no game has been used with this profile yet (`adjutant list` shows \
                 your games; a unique start of an id is enough)"
                    .to_string()
            })?,
        Some(given) if given.len() >= WHOLE => given.to_string(),
        Some(given) => find(client, given).await?,
    };
    let entry = config.profiles.entry(profile.to_string()).or_default();
    if entry.last_game.as_deref() != Some(id.as_str()) {
        entry.last_game = Some(id.clone());
        // Remembering is a convenience: a config that cannot be written does not stop the
        // command.
        let _ = config.save();
    }
    Ok(id)
}

/// The game whose id starts with `prefix`: the caller's own games first, then the public
/// lists.
async fn find(client: &Client, prefix: &str) -> Result<String, String> {
    let mut filters = vec![GameFilter::Active, GameFilter::Open, GameFilter::Finished];
    if client.token().is_some() {
        filters.insert(0, GameFilter::Mine);
    }
    let mut seen = Vec::new();
    for filter in filters {
        // A list the server refuses (none is expected to be) just adds no candidate.
        if let Ok(list) = client.list(filter).await {
            seen.extend(list.games);
        }
        if let Some(id) = pick(&seen, prefix)? {
            return Ok(id);
        }
    }
    Err(format!(
        "no game you can list has an id starting with “{prefix}”: `adjutant list` shows your \
         games, `adjutant list --filter active` the public ones (a private game you watch with \
         a spectate code takes its whole id)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> GameSummary {
        serde_json::from_value(serde_json::json!({
            "game_id": id, "game": "g", "scenario": "s", "status": "active",
            "visibility": "public", "players": {"union": "ann", "confederate": "bob"},
            "my_seat": null, "to_act": [], "my_turn": false, "seq": 3, "created_at": 0,
            "updated_at": 0, "outcome": null
        }))
        .expect("a game summary")
    }

    #[test]
    fn a_unique_start_names_its_game_and_an_ambiguous_one_lists_them() {
        let games = [
            game("ab12-x"),
            game("ab34-y"),
            game("cd56-z"),
            game("ab12-x"),
        ];
        assert_eq!(pick(&games, "cd").unwrap(), Some("cd56-z".to_string()));
        assert_eq!(pick(&games, "AB1").unwrap(), Some("ab12-x".to_string()));
        assert_eq!(pick(&games, "ff").unwrap(), None);
        let err = pick(&games, "ab").unwrap_err();
        assert!(
            err.starts_with("“ab” is the start of 2 games' ids"),
            "{err}"
        );
        assert!(err.contains("ab12-x (g s, ann vs bob, active)"), "{err}");
        assert!(err.contains("ab34-y"), "{err}");
    }
}
