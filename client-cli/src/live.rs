//! A typed client for the WebSocket door.

use adjutant_protocol::{ClientMessage, ServerMessage};
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

use crate::client::ClientError;

/// One WebSocket connection.
pub struct Live {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Live {
    /// Connects to `url` (`ws://host:port/api/ws`), authenticating with `token` on the
    /// upgrade request if given. The server's `welcome` frame is the first to read.
    pub async fn connect(url: &str, token: Option<&str>) -> Result<Live, ClientError> {
        let mut request = url
            .into_client_request()
            .map_err(|e| ClientError::Transport(format!("bad WebSocket address {url}: {e}")))?;
        if let Some(token) = token {
            let value = HeaderValue::from_str(&format!("Bearer {token}"))
                .map_err(|_| ClientError::Transport("the token is not a valid header".into()))?;
            request.headers_mut().insert("authorization", value);
        }
        crate::client::install_tls();
        let (socket, _) = connect_async_with_config(
            request,
            Some(WebSocketConfig::default().read_buffer_size(8 * 1024)),
            true,
        )
        .await
        .map_err(|e| ClientError::Transport(format!("cannot open a WebSocket to {url}: {e}")))?;
        Ok(Live { socket })
    }

    /// Sends one request.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), ClientError> {
        let text = serde_json::to_string(message).expect("client messages serialise");
        self.send_text(text).await
    }

    /// Sends raw text (for tests of malformed and oversized frames).
    pub async fn send_text(&mut self, text: String) -> Result<(), ClientError> {
        self.socket
            .send(Message::text(text))
            .await
            .map_err(|e| ClientError::Transport(format!("the WebSocket send failed: {e}")))
    }

    /// The next frame from the server; `None` once the connection is closed.
    pub async fn next(&mut self) -> Option<Result<ServerMessage, ClientError>> {
        loop {
            match self.socket.next().await? {
                Ok(Message::Text(text)) => {
                    return Some(serde_json::from_str(text.as_str()).map_err(|e| {
                        ClientError::Transport(format!(
                            "a frame from the server is not understood: {e}: {text}"
                        ))
                    }));
                }
                Ok(Message::Close(_)) => return None,
                Ok(_) => continue,
                Err(e) => {
                    return Some(Err(ClientError::Transport(format!(
                        "the WebSocket failed: {e}"
                    ))));
                }
            }
        }
    }

    /// The next frame, waiting at most `wait`; `None` on time-out or close.
    pub async fn next_within(
        &mut self,
        wait: Duration,
    ) -> Option<Result<ServerMessage, ClientError>> {
        tokio::time::timeout(wait, self.next()).await.ok().flatten()
    }

    /// Reads frames until `pick` accepts one (within `wait` in all); the frames skipped on
    /// the way are returned too, in order.
    pub async fn until<T>(
        &mut self,
        wait: Duration,
        mut pick: impl FnMut(&ServerMessage) -> Option<T>,
    ) -> Result<(T, Vec<ServerMessage>), ClientError> {
        let deadline = tokio::time::Instant::now() + wait;
        let mut skipped = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.next_within(left).await {
                Some(Ok(message)) => match pick(&message) {
                    Some(found) => return Ok((found, skipped)),
                    None => skipped.push(message),
                },
                Some(Err(e)) => return Err(e),
                None => {
                    return Err(ClientError::Transport(format!(
                        "the expected frame did not arrive within {wait:?} (got {skipped:?})"
                    )));
                }
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
