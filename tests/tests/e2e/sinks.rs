//! Where the server's notices land in tests: a minimal SMTP server (enough of RFC 5321 for
//! lettre: greeting, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and a webhook receiver
//! (HTTP/1.1, one request per connection), both on port 0. Each keeps what it received,
//! complete before it answers, so a test reads it as soon as the server's delivery returned.

use serde_json::Value;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// One e-mail as the SMTP sink received it.
#[derive(Clone, Debug)]
pub struct Mail {
    pub from: String,
    pub to: Vec<String>,
    /// Headers and body, as sent (dot-stuffing undone).
    pub data: String,
}

impl Mail {
    /// The message with quoted-printable soft breaks and escapes undone.
    pub fn text(&self) -> String {
        let joined = self.data.replace("=\r\n", "");
        let bytes = joined.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
                (b'=', Some(&a), Some(&b)) if hex(a).is_some() && hex(b).is_some() => {
                    out.push((hex(a).unwrap_or(0) * 16 + hex(b).unwrap_or(0)) as u8);
                    i += 3;
                }
                (b, _, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// A local SMTP server that accepts every message.
pub struct SmtpSink {
    pub port: u16,
    mails: Arc<Mutex<Vec<Mail>>>,
}

impl SmtpSink {
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let mails = Arc::new(Mutex::new(Vec::new()));
        let kept = mails.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let kept = kept.clone();
                tokio::spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut lines = BufReader::new(read);
                    let mut mail = Mail {
                        from: String::new(),
                        to: Vec::new(),
                        data: String::new(),
                    };
                    if write.write_all(b"220 sink ESMTP ready\r\n").await.is_err() {
                        return;
                    }
                    let mut line = String::new();
                    loop {
                        line.clear();
                        match lines.read_line(&mut line).await {
                            Ok(0) | Err(_) => return,
                            Ok(_) => {}
                        }
                        let command = line.trim_end().to_string();
                        let verb = command
                            .split([' ', ':'])
                            .next()
                            .unwrap_or_default()
                            .to_ascii_uppercase();
                        let reply: &[u8] = match verb.as_str() {
                            "EHLO" => b"250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n",
                            "HELO" => b"250 sink\r\n",
                            "MAIL" => {
                                mail.from = address(&command);
                                b"250 sender ok\r\n"
                            }
                            "RCPT" => {
                                mail.to.push(address(&command));
                                b"250 recipient ok\r\n"
                            }
                            "DATA" => {
                                if write.write_all(b"354 go ahead\r\n").await.is_err() {
                                    return;
                                }
                                let mut data = String::new();
                                loop {
                                    line.clear();
                                    match lines.read_line(&mut line).await {
                                        Ok(0) | Err(_) => return,
                                        Ok(_) => {}
                                    }
                                    if line == ".\r\n" || line == ".\n" {
                                        break;
                                    }
                                    let unstuffed = line.strip_prefix('.').unwrap_or(&line);
                                    data.push_str(unstuffed);
                                }
                                mail.data = data;
                                kept.lock().expect("mails").push(mail.clone());
                                mail.to.clear();
                                b"250 queued\r\n"
                            }
                            "RSET" => {
                                mail.to.clear();
                                b"250 reset\r\n"
                            }
                            "NOOP" => b"250 ok\r\n",
                            "QUIT" => {
                                let _ = write.write_all(b"221 bye\r\n").await;
                                return;
                            }
                            _ => b"502 not implemented\r\n",
                        };
                        if write.write_all(reply).await.is_err() {
                            return;
                        }
                    }
                });
            }
        });
        SmtpSink { port, mails }
    }

    /// Takes every mail received so far.
    pub fn take(&self) -> Vec<Mail> {
        std::mem::take(&mut *self.mails.lock().expect("mails"))
    }
}

/// The address in `MAIL FROM:<a@b>` or `RCPT TO:<a@b>`.
fn address(command: &str) -> String {
    command
        .split_once('<')
        .and_then(|(_, rest)| rest.split_once('>'))
        .map(|(address, _)| address.to_string())
        .unwrap_or_default()
}

/// One POST the webhook receiver answered.
#[derive(Clone, Debug)]
pub struct Hook {
    pub path: String,
    pub body: Value,
    /// The status it answered with.
    pub status: u16,
}

/// A local HTTP server that takes webhook POSTs and answers with a status the test sets.
pub struct WebhookReceiver {
    pub base: String,
    hooks: Arc<Mutex<Vec<Hook>>>,
    status: Arc<AtomicU16>,
}

impl WebhookReceiver {
    pub async fn start() -> WebhookReceiver {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let hooks = Arc::new(Mutex::new(Vec::new()));
        let status = Arc::new(AtomicU16::new(200));
        let (kept, answer) = (hooks.clone(), status.clone());
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (kept, answer) = (kept.clone(), answer.clone());
                tokio::spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut reader = BufReader::new(read);
                    let mut head = String::new();
                    let mut line = String::new();
                    loop {
                        line.clear();
                        match reader.read_line(&mut line).await {
                            Ok(0) | Err(_) => return,
                            Ok(_) => {}
                        }
                        if line == "\r\n" || line == "\n" {
                            break;
                        }
                        head.push_str(&line);
                    }
                    let path = head
                        .lines()
                        .next()
                        .and_then(|l| l.split_whitespace().nth(1))
                        .unwrap_or_default()
                        .to_string();
                    let length = head
                        .lines()
                        .filter_map(|l| l.split_once(':'))
                        .find(|(k, _)| k.trim().eq_ignore_ascii_case("content-length"))
                        .and_then(|(_, v)| v.trim().parse::<usize>().ok())
                        .unwrap_or(0);
                    let mut body = vec![0u8; length];
                    if reader.read_exact(&mut body).await.is_err() {
                        return;
                    }
                    let status = answer.load(Ordering::SeqCst);
                    kept.lock().expect("hooks").push(Hook {
                        path,
                        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
                        status,
                    });
                    let reply = format!(
                        "HTTP/1.1 {status} Status\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                    );
                    let _ = write.write_all(reply.as_bytes()).await;
                    let _ = write.shutdown().await;
                });
            }
        });
        WebhookReceiver {
            base,
            hooks,
            status,
        }
    }

    /// The address of one account's hook on this receiver.
    pub fn url(&self, name: &str) -> String {
        format!("{}/hook/{name}", self.base)
    }

    /// Answers every later request with `status`.
    pub fn answer(&self, status: u16) {
        self.status.store(status, Ordering::SeqCst);
    }

    /// Takes every request received so far.
    pub fn take(&self) -> Vec<Hook> {
        std::mem::take(&mut *self.hooks.lock().expect("hooks"))
    }
}
