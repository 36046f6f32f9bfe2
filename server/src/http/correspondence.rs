//! The HTTP handlers of correspondence play: the clock (pauses, reclaiming a seat), chat,
//! rematches, imports, notices and vacations.

use super::*;

async fn clock_op(
    state: &AppState,
    account: Option<Account>,
    id: &str,
    op: ClockOp,
) -> Reply<adjutant_protocol::ClockReply> {
    let account = needs_account(account)?;
    Ok(Json(state.service.clock_op(&account, id, op).await?))
}

pub(super) async fn request_pause(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
    Body(req): Body<RequestPause>,
) -> Reply<adjutant_protocol::ClockReply> {
    clock_op(&state, account, &id, ClockOp::RequestPause(req.days)).await
}

pub(super) async fn answer_pause(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
    Body(req): Body<AnswerPause>,
) -> Reply<adjutant_protocol::ClockReply> {
    clock_op(&state, account, &id, ClockOp::AnswerPause(req.accept)).await
}

pub(super) async fn end_pause(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
) -> Reply<adjutant_protocol::ClockReply> {
    clock_op(&state, account, &id, ClockOp::EndPause).await
}

pub(super) async fn reclaim(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
) -> Reply<adjutant_protocol::ClockReply> {
    clock_op(&state, account, &id, ClockOp::Reclaim).await
}

#[derive(Deserialize)]
pub(super) struct ChatQuery {
    channel: ChatChannel,
    #[serde(default)]
    after: i64,
    #[serde(default)]
    spectate_code: Option<String>,
}

pub(super) async fn chat_log(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
    q: Result<Query<ChatQuery>, QueryRejection>,
) -> Reply<adjutant_protocol::ChatLog> {
    let q = query(q)?;
    Ok(Json(
        state
            .service
            .chat_log(
                account.as_ref(),
                &id,
                q.channel,
                q.after,
                q.spectate_code.as_deref(),
            )
            .await?,
    ))
}

pub(super) async fn post_chat(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
    q: Result<Query<ViewQuery>, QueryRejection>,
    Body(req): Body<PostChat>,
) -> Reply<adjutant_protocol::ChatMessage> {
    let q = query(q)?;
    Ok(Json(
        state
            .service
            .post_chat(
                account.as_ref(),
                &id,
                req.channel,
                &req.text,
                q.spectate_code.as_deref(),
            )
            .await?,
    ))
}

pub(super) async fn rematch(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
    Body(req): Body<RequestRematch>,
) -> Reply<adjutant_protocol::GameCreated> {
    Ok(Json(
        state
            .service
            .rematch(account.as_ref(), &id, req.secret_choices)
            .await?,
    ))
}

pub(super) async fn import(
    State(state): State<AppState>,
    Caller(account): Caller,
    Extension(key): Extension<ClientKey>,
    Body(req): Body<ImportGame>,
) -> Reply<adjutant_protocol::Imported> {
    Ok(Json(
        state
            .service
            .import(account.as_ref(), req, |n| state.charge(&key, n))
            .await?,
    ))
}

pub(super) async fn notices(
    State(state): State<AppState>,
    Caller(account): Caller,
) -> Reply<adjutant_protocol::NoticeList> {
    let account = needs_account(account)?;
    Ok(Json(state.service.notices(&account).await?))
}

pub(super) async fn notice_settings(
    State(state): State<AppState>,
    Caller(account): Caller,
) -> Reply<adjutant_protocol::NoticeSettings> {
    let account = needs_account(account)?;
    Ok(Json(state.service.notice_settings(&account).await?))
}

pub(super) async fn set_notice_settings(
    State(state): State<AppState>,
    Caller(account): Caller,
    Body(req): Body<UpdateNoticeSettings>,
) -> Reply<adjutant_protocol::NoticeSettings> {
    let account = needs_account(account)?;
    Ok(Json(
        state.service.set_notice_settings(&account, req).await?,
    ))
}

pub(super) async fn test_notice(
    State(state): State<AppState>,
    Caller(account): Caller,
) -> Reply<adjutant_protocol::NoticeSettings> {
    let account = needs_account(account)?;
    Ok(Json(state.service.test_notice(&account).await?))
}

pub(super) async fn vacation(
    State(state): State<AppState>,
    Caller(account): Caller,
) -> Reply<adjutant_protocol::VacationInfo> {
    let account = needs_account(account)?;
    Ok(Json(state.service.vacation(&account).await?))
}
