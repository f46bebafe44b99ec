//! The v3 routes. Paths are matched lower-case without a trailing slash (see `http::fold_path`).

pub mod activities;
pub mod admission;
pub mod campaigns;
pub mod catalog;
pub mod housing;
pub mod people;
pub mod users;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::{get, post, put};

use super::http::{Fail, not_found};
use super::state::AppState;

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/v3/search", get(people::search))
        .route("/v3/case", get(people::case))
        .route("/v3/individual", post(people::create_individuals))
        .route("/v3/address", get(people::addresses))
        .route(
            "/v3/activity",
            get(activities::read).post(activities::create),
        )
        .route("/v3/community", get(housing::communities))
        .route("/v3/unit", get(housing::units).post(housing::create_units))
        .route(
            "/v3/housingcontract",
            get(housing::contracts).post(housing::create_contract),
        )
        .route("/v3/transaction", get(housing::transactions))
        .route("/v3/type", get(catalog::types))
        .route("/v3/plugin", put(catalog::plugin))
        .route("/v3/campaign", get(campaigns::campaigns))
        .route(
            "/v3/campaignindividual",
            get(campaigns::members).post(campaigns::add),
        )
        .route("/v3/user", get(users::users).post(users::create))
        .route("/v3/user/auth/jwt/token", post(users::token))
        .route("/v3/admission", get(admission::read))
        .route("/v3/admission/{id}", put(admission::update))
        .route("/openapi.json", get(super::openapi::document))
        .fallback(not_found)
        .method_not_allowed_fallback(|| async {
            Fail::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "This method is not allowed on this resource",
            )
        })
        .with_state(state)
}
