//! `adjutant account`: creating an account (with a password or without), signing in on this
//! machine (password, existing token, mailed link), the password, the account's tokens and
//! revoking them. A new token goes into the profile; passwords are read from the terminal
//! without echo, or from standard input for scripts.

use adjutant_cli::Client;
use adjutant_cli::accounts::link_token;
use adjutant_cli::config::{ConfigFile, Profile};
use adjutant_protocol::{
    AccountSecurity, ChangePassword, CreateAccount, LinkSignIn, SignIn, TokenOrigin,
};
use std::io::BufRead;

use crate::args::AccountCommand;

/// Where an account command runs: the config file, the profile's name, the server.
pub(super) struct Place<'a> {
    pub(super) config: &'a mut ConfigFile,
    pub(super) profile: &'a str,
    pub(super) server: &'a str,
    pub(super) client: &'a Client,
}

type Outcome = Result<(), String>;

fn api(e: adjutant_cli::ClientError) -> String {
    e.to_string()
}

/// Lines of standard input, read once, handed out in order.
struct Stdin(std::vec::IntoIter<String>);

impl Stdin {
    fn read() -> Result<Stdin, String> {
        let lines: Result<Vec<String>, _> = std::io::stdin().lock().lines().take(2).collect();
        let lines = lines.map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(Stdin(lines.into_iter()))
    }

    fn next(&mut self, what: &str) -> Result<String, String> {
        self.0
            .next()
            .map(|line| line.trim_end_matches('\r').to_string())
            .ok_or_else(|| format!("standard input ended before the {what}"))
    }
}

/// A password from the terminal, without echo.
fn ask(prompt: &str) -> Result<String, String> {
    rpassword::prompt_password(prompt).map_err(|e| {
        format!("cannot read a password from the terminal ({e}); use --password-stdin")
    })
}

/// A new password: from standard input, or typed twice on the terminal.
fn new_password(stdin: Option<&mut Stdin>) -> Result<String, String> {
    if let Some(stdin) = stdin {
        return stdin.next("new password");
    }
    let first = ask("New password (10 characters or more): ")?;
    let again = ask("The same again: ")?;
    if first != again {
        return Err("the two passwords differ; nothing was changed".into());
    }
    Ok(first)
}

/// The label of a token made here: the CLI and the machine's name.
fn default_label() -> String {
    let host = std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "this machine".into());
    format!("adjutant CLI on {host}").chars().take(64).collect()
}

/// A Unix time as `2026-12-02 14:05 UTC` (Howard Hinnant's days-to-civil).
pub(super) fn utc(unix: i64) -> String {
    let z = unix.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let secs = unix.rem_euclid(86_400);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        secs / 3600,
        secs % 3600 / 60
    )
}

/// The account's tokens and password, as a table.
pub(super) fn security(s: &AccountSecurity) -> String {
    let mut text = format!(
        "{:<16}  {:<8}  {:<20}  {:<20}  LABEL\n",
        "ID", "HOW", "CREATED", "LAST USED"
    );
    for t in &s.tokens {
        let how = match t.origin {
            TokenOrigin::Created => "created",
            TokenOrigin::Password => "password",
            TokenOrigin::Link => "link",
        };
        text.push_str(&format!(
            "{:<16}  {:<8}  {:<20}  {:<20}  {}{}\n",
            t.id,
            how,
            utc(t.created_at),
            t.last_used_at.map_or_else(|| "never".into(), utc),
            t.label,
            if t.current { "  (this profile)" } else { "" },
        ));
    }
    text.push_str(&match (s.has_password, s.password_changed_at) {
        (true, Some(at)) => format!("Password: set {}.\n", utc(at)),
        (true, None) => "Password: set.\n".into(),
        (false, _) => "Password: none (set one with `adjutant account password`).\n".into(),
    });
    text.push_str(if s.email_sign_in {
        "Sign-in by mailed link: available (`adjutant account recover NAME`).\n"
    } else {
        "Sign-in by mailed link: not available (it needs a confirmed notice address).\n"
    });
    text
}

impl Place<'_> {
    /// Saves `token` for `name` in the profile.
    fn save(&mut self, token: String, name: &str) -> Outcome {
        self.config.profiles.insert(
            self.profile.to_string(),
            Profile {
                server: Some(self.server.to_string()),
                token: Some(token),
                name: Some(name.to_string()),
                // Another account: the last game used was the other account's.
                last_game: None,
            },
        );
        self.config.save()
    }
}

/// Runs one `adjutant account` command.
pub(super) async fn run(action: AccountCommand, mut place: Place<'_>) -> Outcome {
    let client = place.client.clone();
    match action {
        AccountCommand::Create {
            name,
            password,
            password_stdin,
        } => {
            let password = if password_stdin {
                Some(Stdin::read()?.next("password")?)
            } else if password {
                Some(new_password(None)?)
            } else {
                None
            };
            let request = CreateAccount {
                name,
                password,
                label: Some(default_label()),
            };
            let created = client.create_account_with(&request).await.map_err(api)?;
            place.save(created.token, &created.name)?;
            outln!(
                "Created account {} ({}); its token is saved in profile {:?}.",
                created.name,
                created.account_id,
                place.profile
            );
        }
        AccountCommand::Show => {
            let me = client.me().await.map_err(api)?;
            outln!("{} ({}) on {}", me.name, me.account_id, place.server);
        }
        AccountCommand::Login {
            name,
            password_stdin,
            token,
            link,
            new_password: set_password,
            label,
        } => {
            let label = Some(label.unwrap_or_else(default_label));
            let mut stdin = if password_stdin {
                Some(Stdin::read()?)
            } else {
                None
            };
            let (token, name) = if let Some(token) = token {
                let me = client
                    .with_token(Some(token.trim().to_string()))
                    .me()
                    .await
                    .map_err(api)?;
                (token.trim().to_string(), me.name)
            } else if let Some(link) = link {
                let new_password = if set_password {
                    Some(new_password(stdin.as_mut())?)
                } else {
                    None
                };
                let request = LinkSignIn {
                    token: link_token(&link).to_string(),
                    label,
                    new_password,
                    sign_out_others: false,
                };
                let signed = client.link_sign_in(&request).await.map_err(api)?;
                (signed.token, signed.name)
            } else {
                let name = name.unwrap_or_default();
                let password = match stdin.as_mut() {
                    Some(stdin) => stdin.next("password")?,
                    None => ask(&format!("Password of {name}: "))?,
                };
                let request = SignIn {
                    name,
                    password,
                    label,
                };
                let signed = client.sign_in(&request).await.map_err(api)?;
                (signed.token, signed.name)
            };
            place.save(token, &name)?;
            outln!(
                "Signed in as {name} on {}; the token is saved in profile {:?}.",
                place.server,
                place.profile
            );
        }
        AccountCommand::Recover { name } => {
            let sent = client.email_sign_in(&name).await.map_err(api)?;
            outln!("{}\nThen: adjutant account login --link LINK", sent.message);
        }
        AccountCommand::Password {
            password_stdin,
            sign_out_others,
        } => {
            let before = client.tokens().await.map_err(api)?;
            let mut stdin = if password_stdin {
                Some(Stdin::read()?)
            } else {
                None
            };
            let current_password = match (before.has_password, stdin.as_mut()) {
                (false, _) => None,
                (true, Some(stdin)) => Some(stdin.next("current password")?),
                (true, None) => Some(ask("Current password: ")?),
            };
            let request = ChangePassword {
                current_password,
                new_password: new_password(stdin.as_mut())?,
                sign_out_others,
            };
            let after = client.change_password(&request).await.map_err(api)?;
            outln!(
                "{}",
                if before.has_password {
                    "Password changed."
                } else {
                    "Password set: the account can sign in by name now."
                }
            );
            if sign_out_others {
                outln!("Every other token is revoked.");
            }
            out!("{}", security(&after));
        }
        AccountCommand::Sessions => {
            let list = client.tokens().await.map_err(api)?;
            out!("{}", security(&list));
        }
        AccountCommand::Revoke { id, others } => {
            let after = if others {
                client.revoke_others().await.map_err(api)?
            } else {
                let id = id.unwrap_or_default();
                if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
                    return Err(format!(
                        "{id:?} is not a token id (`adjutant account sessions` lists them)"
                    ));
                }
                client.revoke(&id).await.map_err(api)?
            };
            outln!("Revoked.");
            out!("{}", security(&after));
        }
        AccountCommand::Logout => {
            client.revoke("current").await.map_err(api)?;
            if let Some(profile) = place.config.profiles.get_mut(place.profile) {
                profile.token = None;
            }
            place.config.save()?;
            outln!(
                "Signed out: the token of profile {:?} is revoked and forgotten.",
                place.profile
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_dates_and_links_give_their_token() {
        assert_eq!(utc(951_782_400 + 3600 * 14 + 300), "2000-02-29 14:05 UTC");
        let token = format!("adj_{}", "a".repeat(64));
        let link = format!("http://example.org/#/sign-in/link/{token}");
        assert_eq!(link_token(&link), token);
        assert_eq!(link_token(&token), token);
    }
}
