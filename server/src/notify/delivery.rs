//! Delivering the notices in the outbox: each account's queue in id order, a notice
//! checked against the game it speaks of before it goes, retried with backoff.

use super::*;

impl Worker {
    /// Attempts every notice due now: one queue per account and channel, each in id order,
    /// several queues at once, so that a slow or dead endpoint holds up only its own account.
    pub(super) async fn deliver_due(&self) {
        const BATCH: usize = 200;
        let now = self.clock.now();
        // Several servers on one database: the sweeper delivers (a notice written elsewhere
        // waits for its next look, within 15 seconds).
        if !crate::sweeper::is_sweeper(&self.store, &self.node, now, self.sweep_secs).await {
            return;
        }
        loop {
            let rows = match self.store.due_notices(now, BATCH as i64).await {
                Ok(rows) => rows,
                Err(e) => {
                    warn!(error = %e, "outbox unreadable");
                    return;
                }
            };
            let more = rows.len() == BATCH;
            let mut queues: Vec<Vec<NoticeRow>> = Vec::new();
            let mut index: HashMap<(String, String), usize> = HashMap::new();
            for row in rows {
                let key = (row.account_id.clone(), row.channel.clone());
                let i = *index.entry(key).or_insert_with(|| {
                    queues.push(Vec::new());
                    queues.len() - 1
                });
                queues[i].push(row);
            }
            futures_util::stream::iter(queues)
                .for_each_concurrent(8, |queue| async move {
                    // A failure stops the queue: what comes after waits behind it.
                    for row in queue {
                        if self.still_due(&row, now).await && !self.deliver_one(&row, now).await {
                            break;
                        }
                    }
                })
                .await;
            if !more {
                return;
            }
        }
    }

    /// Whether a due notice goes now: not while its recipient looks at the game (a first
    /// attempt waits until they stop), not once it is no longer true (it is dropped).
    async fn still_due(&self, row: &NoticeRow, now: i64) -> bool {
        let (Some(game_id), Ok(notice)) = (&row.game_id, serde_json::from_str::<Notice>(&row.body))
        else {
            return true;
        };
        if row.attempts == 0 && notice.kind == NoticeKind::YourMove {
            let looking = self.presence.looking(game_id, &row.account_id, now);
            let always = || async {
                let settings = self.store.notice_settings(&row.account_id).await;
                settings.is_ok_and(|s| s.always)
            };
            if let Some(until) = looking
                && !always().await
            {
                let write = NoticeWrite::Defer { id: row.id, until };
                if let Err(e) = self.store.write(write.into()).await {
                    warn!(error = ?e, "notice not deferred");
                }
                return false;
            }
        }
        if !truth::checked(notice.kind) {
            return true;
        }
        let game = match self.game_now(game_id, row.seq, notice.seat).await {
            Ok(game) => game,
            Err(e) => {
                warn!(error = %e, "game unreadable; the notice goes as written");
                return true;
            }
        };
        let Some(why) = truth::stale(notice.kind, notice.seat, &game) else {
            return true;
        };
        info!(account = %row.account_id, notice = row.id, why, "notice dropped: no longer true");
        let write = NoticeWrite::Dropped {
            id: row.id,
            why: why.to_string(),
        };
        if let Err(e) = self.store.write(write.into()).await {
            warn!(error = ?e, "stale notice not marked dropped");
        }
        false
    }

    /// What a notice's truth depends on, as the store has the game now.
    async fn game_now(
        &self,
        game_id: &str,
        seq: Option<i64>,
        seat: Option<Side>,
    ) -> Result<truth::GameNow, String> {
        let row = self
            .store
            .game(game_id)
            .await
            .map_err(|e| e.to_string())?
            .ok_or("the game is gone")?;
        let clock: serde_json::Value = row
            .clock
            .as_deref()
            .and_then(|c| serde_json::from_str(c).ok())
            .unwrap_or_default();
        let later = match seq {
            Some(seq) if row.seq > seq => self
                .store
                .actions_after(game_id, seq, row.seq - seq)
                .await
                .map_err(|e| e.to_string())?,
            _ => Vec::new(),
        };
        let acted_since =
            seat.is_some_and(|seat| later.iter().any(|a| Side::parse(&a.side) == Some(seat)));
        let draw_answered = later.iter().any(|a| {
            matches!(
                serde_json::from_str::<serde_json::Value>(&a.action)
                    .ok()
                    .as_ref()
                    .and_then(adjutant_engine::MetaAction::parse),
                Some(
                    adjutant_engine::MetaAction::AcceptDraw
                        | adjutant_engine::MetaAction::DeclineDraw
                        | adjutant_engine::MetaAction::WithdrawDraw
                )
            )
        });
        Ok(truth::GameNow {
            active: row.status == "active",
            to_act: row.to_act.split(',').filter_map(Side::parse).collect(),
            paused: !clock["paused"].is_null(),
            pause_asked: !clock["request"].is_null(),
            acted_since,
            draw_answered,
        })
    }

    /// Mails a confirmation link; a failure is kept as the e-mail channel's error.
    pub(super) async fn confirm(&self, mail: &Confirmation) {
        let Some(mailer) = &self.mailer else { return };
        let Err(detail) = mailer.send_confirmation(mail).await else {
            return;
        };
        warn!(account = %mail.account, %detail, "confirmation mail not sent");
        let write = NoticeWrite::EmailError {
            account: mail.account.clone(),
            error: format!("the confirmation mail could not be sent ({detail}); ask for another"),
            now: self.clock.now(),
        };
        if let Err(e) = self.store.write(write.into()).await {
            warn!(error = ?e, "confirmation mail's error not stored");
        }
    }

    /// One attempt at one notice, and its result stored; whether it was delivered.
    async fn deliver_one(&self, row: &NoticeRow, now: i64) -> bool {
        let result = self.attempt(row).await;
        let delivered = result.is_ok();
        let attempts = row.attempts + 1;
        let email = row.channel == "email";
        let next = BACKOFF.get(attempts as usize - 1).map(|delay| now + delay);
        self.deliveries
            .attempted(&row.channel, delivered, next.is_some());
        let error = result.err().map(|detail| {
            if email {
                (detail, next)
            } else {
                info!(account = %row.account_id, notice = row.id, %detail, "webhook not delivered");
                (WEBHOOK_FAILED.to_string(), next)
            }
        });
        let write = NoticeWrite::Result(NoticeResult {
            id: row.id,
            account: row.account_id.clone(),
            channel: if email { "email" } else { "webhook" },
            now,
            error,
        });
        if let Err(e) = self.store.write(write.into()).await {
            warn!(error = ?e, "notice result not stored; it is tried again");
        }
        delivered
    }

    async fn attempt(&self, row: &NoticeRow) -> Result<(), String> {
        let settings = self
            .store
            .notice_settings(&row.account_id)
            .await
            .map_err(|e| format!("the store failed: {e}"))?;
        let notice: Notice =
            serde_json::from_str(&row.body).map_err(|e| format!("a damaged notice: {e}"))?;
        match row.channel.as_str() {
            "email" => {
                let to = settings.email.ok_or("the e-mail address was removed")?;
                if !settings.email_confirmed {
                    return Err("the e-mail address is not confirmed".to_string());
                }
                let mailer = self
                    .mailer
                    .as_ref()
                    .ok_or("this server no longer sends e-mail")?;
                let unsubscribe = settings
                    .unsubscribe_token
                    .map(|t| format!("{}/api/notices/unsubscribe?token={t}", self.link_base));
                mailer.send_notice(&to, &notice, unsubscribe).await
            }
            _ => {
                let url = settings.webhook_url.ok_or("the webhook was removed")?;
                let parsed = Url::parse(&url).map_err(|e| format!("not an address: {e}"))?;
                let format = adjutant_protocol::WebhookFormat::parse(&settings.webhook_format);
                let body = webhook_body::body(&notice, webhook_body::shape(format, &parsed));
                let now = self.clock.now();
                let mut headers = vec![("x-adjutant-timestamp", now.to_string())];
                if let Some(secret) = &settings.webhook_secret {
                    let signed = webhook_body::signature(secret, now, &body);
                    headers.push(("x-adjutant-signature", signed));
                }
                self.guard.post(&self.http, &url, body, &headers).await
            }
        }
    }
}
