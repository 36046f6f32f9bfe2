//! What a webhook receives: the notice as Adjutant's JSON, or in the shape a chat service's
//! incoming webhook takes (Discord's `content`, Slack's `text`, the sentence and its link),
//! signed with the account's secret so a receiver can tell it came from this server.

use adjutant_protocol::{Notice, WebhookFormat};
use hmac::{Hmac, KeyInit, Mac};
use reqwest::Url;
use serde_json::json;
use sha2::Sha256;

/// The shape a webhook at `url` gets when its account asked for `format`.
pub fn shape(format: WebhookFormat, url: &Url) -> WebhookFormat {
    if format != WebhookFormat::Auto {
        return format;
    }
    let host = url.host_str().unwrap_or_default();
    let discord = matches!(
        host,
        "discord.com" | "discordapp.com" | "canary.discord.com" | "ptb.discord.com"
    ) && url.path().starts_with("/api/webhooks/");
    if discord {
        WebhookFormat::Discord
    } else if host == "hooks.slack.com" {
        WebhookFormat::Slack
    } else {
        WebhookFormat::Adjutant
    }
}

/// The body (JSON bytes) of `notice` in `shape`.
pub fn body(notice: &Notice, shape: WebhookFormat) -> Vec<u8> {
    let mut text = notice.text.clone();
    for line in &notice.games {
        text.push_str(&format!(
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
    let link = notice.link.as_deref().unwrap_or_default();
    let value = match shape {
        // No mention in a notice may ping anyone (a player's name could read as one).
        WebhookFormat::Discord => json!({
            "content": format!("{text}\n{link}"),
            "username": "Adjutant",
            "allowed_mentions": {"parse": []},
        }),
        WebhookFormat::Slack => json!({"text": format!("{text}\n{link}")}),
        WebhookFormat::Auto | WebhookFormat::Adjutant => {
            serde_json::to_value(notice).expect("notices serialise")
        }
    };
    serde_json::to_vec(&value).expect("JSON serialises")
}

/// The `X-Adjutant-Signature` of `body` sent at `timestamp`: `sha256=` and the hex
/// HMAC-SHA256, keyed by the account's secret, of `{timestamp}.{body}`.
pub fn signature(secret: &str, timestamp: i64, body: &[u8]) -> String {
    let mut mac =
        <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    format!(
        "sha256={}",
        adjutant_engine::hex::encode(mac.finalize().into_bytes().as_slice())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    #[test]
    fn chat_services_are_told_by_their_addresses_and_an_asked_shape_wins() {
        let auto = WebhookFormat::Auto;
        assert_eq!(
            shape(auto, &url("https://discord.com/api/webhooks/1/abc")),
            WebhookFormat::Discord
        );
        assert_eq!(
            shape(auto, &url("https://hooks.slack.com/services/T/B/X")),
            WebhookFormat::Slack
        );
        assert_eq!(
            shape(auto, &url("https://discord.com/channels/1")),
            WebhookFormat::Adjutant
        );
        assert_eq!(
            shape(auto, &url("https://example.org/hook")),
            WebhookFormat::Adjutant
        );
        assert_eq!(
            shape(
                WebhookFormat::Slack,
                &url("https://chat.example.org/hooks/x")
            ),
            WebhookFormat::Slack
        );
    }

    #[test]
    fn the_signature_is_the_hmac_of_the_timestamp_and_the_body() {
        // RFC 4231 has no case with this message; the value is checked against itself
        // with another key, another time and another body.
        let a = signature("whsec_1", 100, b"{}");
        assert!(a.starts_with("sha256=") && a.len() == 7 + 64);
        assert_ne!(a, signature("whsec_2", 100, b"{}"));
        assert_ne!(a, signature("whsec_1", 101, b"{}"));
        assert_ne!(a, signature("whsec_1", 100, b"{ }"));
        assert_eq!(a, signature("whsec_1", 100, b"{}"));
    }
}
