//! People, users, communities and the connection itself.

use crate::answer_keys;
use crate::api::model::{
    Community, PluginResponse, PluginUpdate, Records, SearchQuery, SearchResponse, User, UserQuery,
    UsersCreated,
};
use crate::api::{Client, ClientOptions, Connection, Secret};
use crate::request::Request;

/// The portal's communities.
pub fn communities() -> Request<Records<Community>> {
    Request::kept(answer_keys::COMMUNITIES, |_, client: Client| async move {
        client.communities().await
    })
}

/// The users matching `query` (id, email or name; everyone when empty).
pub fn users(query: &str) -> Request<Records<User>> {
    let q = Some(query.trim().to_owned()).filter(|q| !q.is_empty());
    Request::kept(answer_keys::users(query), move |_, client: Client| {
        let q = q.clone();
        async move { client.users(&UserQuery { q, id: None }).await }
    })
}

pub fn create_users(users: Vec<crate::api::model::NewUser>) -> Request<UsersCreated> {
    Request::write(move |_, client: Client| {
        let users = users.clone();
        async move { client.create_users(&users).await }
    })
}

pub fn update_plugin(body: PluginUpdate) -> Request<PluginResponse> {
    Request::write(move |_, client: Client| {
        let body = body.clone();
        async move { client.update_plugin(&body).await }
    })
}

/// People whose name, phone or email matches `text`: the first `limit` cases.
pub fn find_people(text: &str, limit: i64) -> Request<SearchResponse> {
    let query = typed(text, limit);
    Request::read(move |_, client: Client| {
        let query = query.clone();
        async move { client.search(&query).await }
    })
}

/// A page of Search's answer to `query`, with its page number.
pub fn search_page(query: SearchQuery, page: i64) -> Request<(i64, SearchResponse)> {
    Request::read(move |_, client: Client| {
        let query = query.clone();
        async move { client.search(&query).await.map(|r| (page, r)) }
    })
}

/// Tries a connection as typed in Settings, with a client of its own (and no retries), so
/// the connection in use is not disturbed: the portal and how many communities it has.
pub fn test_connection(
    connection: Connection,
    login: Option<(String, Secret)>,
) -> Request<Reached> {
    Request::write(move |_, _| {
        let (connection, login) = (connection.clone(), login.clone());
        async move {
            let options = ClientOptions {
                retry: crate::api::RetryPolicy::none(),
                ..ClientOptions::default()
            };
            let client = Client::with_options(connection, options)?;
            if let Some((user, password)) = login {
                client.token(&user, &password).await?;
            }
            let communities = client.communities().await?;
            Ok(Reached {
                portal_id: client.portal_id(),
                communities: communities.len(),
            })
        }
    })
}

/// What a connection test found: the portal answered, with this many communities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reached {
    pub portal_id: i64,
    pub communities: usize,
}

/// Everyone (primary people and their relations) whose name, phone or email matches `text`,
/// as an activity's "who": the first `limit` cases' people.
pub fn find_who(text: &str, limit: i64) -> Request<Vec<crate::domain::activity_draft::Who>> {
    let query = typed(text, limit);
    Request::read(move |_, client: Client| {
        let query = query.clone();
        async move {
            let found = client.search(&query).await?;
            Ok(found
                .cases
                .iter()
                .flat_map(|c| std::iter::once(&c.primary).chain(&c.relationships))
                .map(|p| crate::domain::activity_draft::Who {
                    individual_id: p.individual_id,
                    case_number: p.case_number.clone(),
                    name: p.individual_name.clone(),
                })
                .collect())
        }
    })
}

/// Search's query for what was typed into a finder: its first `limit` cases.
fn typed(text: &str, limit: i64) -> SearchQuery {
    SearchQuery {
        q: Some(text.trim().to_owned()),
        page_size: Some(limit),
        ..Default::default()
    }
}
