//! Records every byte a viewer receives from the server — WebSocket text frames as they
//! arrive, HTTP bodies as sent, error replies included — each dated with the game's sequence
//! number it was sent at, so that a canary found in it can be dated against the rules' reveal.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

use crate::common::WAIT;

/// One thing a viewer received.
#[derive(Clone, Debug)]
pub struct Heard {
    /// Who received it (`union`, `confederate`, `spectator`).
    pub viewer: &'static str,
    /// The game's sequence number when it was sent.
    pub seq: u64,
    /// Where it came from (`ws view`, `GET /events`, ...), for the failure message.
    pub source: String,
    /// The bytes, as text.
    pub text: String,
}

/// Everything every viewer received, in arrival order.
#[derive(Clone, Default)]
pub struct Tape(Arc<Mutex<Vec<Heard>>>);

impl Tape {
    pub fn push(&self, viewer: &'static str, seq: u64, source: &str, text: String) {
        self.0.lock().expect("tape").push(Heard {
            viewer,
            seq,
            source: source.to_string(),
            text,
        });
    }

    pub fn all(&self) -> Vec<Heard> {
        self.0.lock().expect("tape").clone()
    }

    /// Bytes recorded, for the report.
    pub fn bytes(&self) -> usize {
        self.0
            .lock()
            .expect("tape")
            .iter()
            .map(|h| h.text.len())
            .sum()
    }
}

/// A raw WebSocket subscriber recording every text frame it receives.
pub struct Ear {
    seen: watch::Receiver<u64>,
    task: JoinHandle<()>,
}

impl Ear {
    /// Subscribes to `game_id` as `viewer` (authenticated by `token`, if any) in `mode`
    /// (`view` or `patch`).
    pub async fn open(
        base: &str,
        token: Option<&str>,
        game_id: &str,
        mode: &str,
        viewer: &'static str,
        tape: Tape,
    ) -> Ear {
        let url = format!("{}/api/ws", base.replace("http://", "ws://"));
        let (mut socket, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .expect("the WebSocket opens");
        if let Some(token) = token {
            let auth = json!({"type": "auth", "token": token}).to_string();
            socket.send(Message::text(auth)).await.expect("auth sent");
        }
        let subscribe =
            json!({"type": "subscribe", "game_id": game_id, "updates": mode}).to_string();
        socket.send(Message::text(subscribe)).await.expect("sent");
        let (tx, seen) = watch::channel(0);
        let source = format!("ws {mode}");
        let task = tokio::spawn(async move {
            let mut seq = 0;
            while let Some(Ok(message)) = socket.next().await {
                let text = match message {
                    Message::Text(text) => text.to_string(),
                    Message::Binary(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                    Message::Close(frame) => format!("{frame:?}"),
                    _ => continue,
                };
                let frame: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                if let Some(s) = frame["seq"].as_u64() {
                    seq = s;
                }
                tape.push(viewer, seq, &source, text);
                let _ = tx.send(seq);
            }
        });
        Ear { seen, task }
    }

    /// Waits until a frame of sequence `seq` (or later) has arrived.
    pub async fn heard(&mut self, seq: u64) {
        tokio::time::timeout(WAIT, self.seen.wait_for(|&s| s >= seq))
            .await
            .expect("the update arrives")
            .expect("the WebSocket stays open");
    }
}

impl Drop for Ear {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// An HTTP client that records every body it receives.
#[derive(Clone)]
pub struct Http {
    base: String,
    token: Option<String>,
    viewer: &'static str,
    http: reqwest::Client,
    tape: Tape,
}

impl Http {
    pub fn new(base: &str, token: Option<&str>, viewer: &'static str, tape: Tape) -> Http {
        Http {
            base: base.to_string(),
            token: token.map(String::from),
            viewer,
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()
                .expect("client"),
            tape,
        }
    }

    /// `GET path`, recorded as sent at `seq` (or the seq the reply shows); the body as JSON.
    pub async fn get(&self, seq: u64, path: &str) -> Value {
        let request = self.http.get(format!("{}{path}", self.base));
        self.send(seq, &format!("GET {path}"), request).await
    }

    /// `POST path` with `body`, recorded as sent at `seq`; the body as JSON.
    pub async fn post(&self, seq: u64, path: &str, body: Value) -> Value {
        let request = self.http.post(format!("{}{path}", self.base)).json(&body);
        self.send(seq, &format!("POST {path}"), request).await
    }

    async fn send(&self, seq: u64, what: &str, mut request: reqwest::RequestBuilder) -> Value {
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status();
        let text = response.text().await.expect("a body");
        let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        // A reply that says which state it shows is dated by it (an action's reply shows the
        // state after it).
        let seq = body["seq"].as_u64().map_or(seq, |s| s.max(seq));
        self.tape.push(self.viewer, seq, what, text);
        assert!(
            status != reqwest::StatusCode::TOO_MANY_REQUESTS,
            "{what} was rate-limited"
        );
        body
    }
}
