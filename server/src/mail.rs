//! E-mail through the operator's SMTP server: the mail of a notice, and the mail that asks
//! the owner of a new address to confirm it (the only mail an unconfirmed address gets).

use adjutant_protocol::{Notice, NoticeKind};
use lettre::message::Mailbox;
use lettre::message::SinglePart;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::Duration;
use tracing::warn;

use crate::config::Config;
use crate::tls::SmtpSecurity;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};

/// The SMTP transport and the sender.
pub struct Mailer {
    /// The operator's SMTP server.
    transport: AsyncSmtpTransport<Tokio1Executor>,
    /// `--smtp-from`.
    from: Mailbox,
}

/// The mail that asks for an address to be confirmed.
#[derive(Clone, Debug)]
pub struct Confirmation {
    /// The account that set the address.
    pub account: String,
    /// Its name, so the owner of the address knows who asked.
    pub name: String,
    pub to: String,
    /// The confirmation page, with the token.
    pub link: String,
    /// Hours the link works.
    pub hours: i64,
}

impl Mailer {
    /// The mailer of `config`, if it names an SMTP server: plain, STARTTLS (when offered, or
    /// required) or implicit TLS as `--smtp-tls` says, trusting Mozilla's roots and the PEM
    /// bundle `extra_roots`.
    pub fn from_config(
        config: &Config,
        timeout: Duration,
        extra_roots: Option<&[u8]>,
    ) -> Option<Mailer> {
        let host = config.smtp_host.as_ref()?;
        let from: Mailbox = match config.smtp_from.parse() {
            Ok(from) => from,
            Err(e) => {
                warn!(error = %e, "--smtp-from is not an address; e-mail notices are off");
                return None;
            }
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
            .port(config.smtp_port)
            .timeout(Some(timeout));
        let security = config.smtp_tls.on_port(config.smtp_port);
        if security != SmtpSecurity::Plain {
            crate::tls::install_provider();
            let mut params = TlsParameters::builder(host.clone());
            if let Some(pem) = extra_roots {
                match Certificate::from_pem(pem) {
                    Ok(cert) => params = params.add_root_certificate(cert),
                    Err(e) => warn!(error = %e, "the extra CA file is not used for mail"),
                }
            }
            let params = match params.build_rustls() {
                Ok(params) => params,
                Err(e) => {
                    warn!(error = %e, "TLS for mail cannot be set up; e-mail notices are off");
                    return None;
                }
            };
            builder = builder.tls(match security {
                SmtpSecurity::Implicit => Tls::Wrapper(params),
                SmtpSecurity::Starttls => Tls::Required(params),
                _ => Tls::Opportunistic(params),
            });
        }
        if let (Some(user), Some(password)) = (&config.smtp_user, &config.smtp_password) {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Some(Mailer {
            transport: builder.build(),
            from,
        })
    }

    /// Mails `body` as plain text, with a `Message-ID` of the sender's domain and
    /// `MIME-Version` (large providers refuse mail without them), and, for a notice, the
    /// one-click unsubscribe link (RFC 2369 and RFC 8058).
    async fn send(
        &self,
        to: &str,
        subject: String,
        body: String,
        unsubscribe: Option<String>,
    ) -> Result<(), String> {
        let to: Mailbox = to
            .parse()
            .map_err(|e| format!("the address {to:?} is not valid: {e}"))?;
        let domain = self.from.email.domain().to_string();
        let mut message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(format!("Adjutant: {subject}"))
            .message_id(Some(format!("<{}@{domain}>", uuid::Uuid::new_v4())))
            .singlepart(
                SinglePart::builder()
                    .header(ContentType::TEXT_PLAIN)
                    .body(body),
            )
            .map_err(|e| format!("the message could not be built: {e}"))?;
        if let Some(link) = unsubscribe {
            let headers = message.headers_mut();
            headers.insert_raw(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{link}>"),
            ));
            headers.insert_raw(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_string(),
            ));
        }
        self.transport
            .send(message)
            .await
            .map(drop)
            .map_err(|e| format!("the SMTP server refused the mail: {e}"))
    }

    /// Mails a notice to `to`, with the one-click `unsubscribe` link if the address has one.
    pub async fn send_notice(
        &self,
        to: &str,
        notice: &Notice,
        unsubscribe: Option<String>,
    ) -> Result<(), String> {
        let link = notice.link.clone().unwrap_or_default();
        let mut body = format!("{}\n\n{link}\n", notice.text);
        for line in &notice.games {
            body.push_str(&format!(
                "\n- {} ({}){}: {}",
                line.game_name,
                line.scenario_name,
                line.opponent
                    .as_deref()
                    .map(|o| format!(" against {o}"))
                    .unwrap_or_default(),
                line.link
            ));
        }
        if let Some(link) = &unsubscribe {
            body.push_str(&format!("\n\n--\nTo get no more of these mails: {link}\n"));
        }
        self.send(to, subject(notice), body, unsubscribe).await
    }

    /// Mails the confirmation link.
    pub async fn send_confirmation(&self, mail: &Confirmation) -> Result<(), String> {
        let body = format!(
            "The Adjutant account {name:?} asked for notices about its games to be mailed to \
             this address.\n\nIf that is you, confirm the address within {hours} hours here:\n\n\
             {link}\n\nIf it is not, ignore this mail: nothing more is sent to this address \
             unless it is confirmed.\n",
            name = mail.name,
            hours = mail.hours,
            link = mail.link,
        );
        self.send(
            &mail.to,
            "confirm your e-mail address".to_string(),
            body,
            None,
        )
        .await
    }
}

/// The mail with a link that signs its reader in to an account (asked for by name on the
/// sign-in page; sent to the account's confirmed address only).
#[derive(Clone, Debug)]
pub struct SignInLink {
    /// The account's name, so the reader knows which account.
    pub name: String,
    pub to: String,
    /// The web client's sign-in page, with the link's token.
    pub link: String,
    /// Minutes the link works.
    pub minutes: i64,
}

impl Mailer {
    /// Mails a sign-in link.
    pub async fn send_sign_in_link(&self, mail: &SignInLink) -> Result<(), String> {
        let body = format!(
            "Someone asked to sign in to the Adjutant account {name:?}, whose notices are mailed \
             to this address.\n\nIf that is you, this link signs you in (and lets you set a new \
             password) within {minutes} minutes, once:\n\n{link}\n\nIf it is not, ignore this \
             mail: nothing changes unless the link is used.\n",
            name = mail.name,
            minutes = mail.minutes,
            link = mail.link,
        );
        self.send(&mail.to, format!("sign in as {}", mail.name), body, None)
            .await
    }
}

/// A notice's e-mail subject: what happened, in which game (its scenario, against whom),
/// so that a player with several games tells them apart in the inbox.
fn subject(notice: &Notice) -> String {
    let game = match (&notice.scenario_name, &notice.game_name) {
        (Some(scenario), Some(game)) => format!("{scenario} ({game})"),
        (None, Some(game)) => game.clone(),
        _ => "your game".to_string(),
    };
    let game = match &notice.opponent {
        Some(opponent) => format!("{game} against {opponent}"),
        None => game,
    };
    match notice.kind {
        NoticeKind::GameStarted => format!("{game} has started"),
        NoticeKind::YourMove => format!("your move in {game}"),
        NoticeKind::TimeLow => format!("your time is running out in {game}"),
        NoticeKind::TimeNearlyOut => format!("last warning: your time is nearly out in {game}"),
        NoticeKind::GameOver => format!("{game} is over"),
        NoticeKind::PauseRequested => format!("a pause is asked for in {game}"),
        NoticeKind::PauseRefused => format!("no pause for {game}"),
        NoticeKind::PauseStarted => format!("{game} is paused"),
        NoticeKind::PauseEnded => format!("the pause of {game} is over"),
        NoticeKind::BotTookSeat => format!("time ran out in {game}"),
        NoticeKind::SeatReturned => format!("a seat is back from the bot in {game}"),
        NoticeKind::Chat => format!("a chat message in {game}"),
        NoticeKind::RematchOffered => format!("a rematch of {game}"),
        NoticeKind::DrawOffered => format!("a draw is offered in {game}"),
        NoticeKind::DrawDeclined => format!("your draw offer is declined in {game}"),
        NoticeKind::Digest => format!("{} games waiting for your move", notice.games.len()),
        NoticeKind::Test => "test notice".to_string(),
    }
}
