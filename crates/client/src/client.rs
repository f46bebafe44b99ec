//! `Client`: one async method per operation of the v3 interface.

use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::header::{ACCEPT, AUTHORIZATION, HeaderMap, HeaderValue};
use reqwest::{Method, Url};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::model::*;
use super::transport::{self, Outgoing};
use super::{ApiError, RetryPolicy, Secret};

/// Where to reach the service and as whom.
#[derive(Debug, Clone, PartialEq)]
pub struct Connection {
    pub base_url: String,
    pub subscription_key: Secret,
    pub portal_id: i64,
}

#[derive(Debug, Clone)]
pub struct ClientOptions {
    pub connect_timeout: Duration,
    pub request_timeout: Duration,
    pub retry: RetryPolicy,
    /// A token is refreshed when less than this is left of its life (at most half its life).
    pub token_refresh_margin: Duration,
    /// An answer larger than this is refused instead of read into memory.
    pub max_answer_bytes: usize,
    /// Certificates (DER) trusted besides the system's roots: a company's own TLS inspection
    /// proxy, or a test server.
    pub extra_root_certificates: Vec<Vec<u8>>,
}

/// 64 MiB: a full 10,000-case search page is about 40 MiB.
pub const MAX_ANSWER_BYTES: usize = 64 * 1024 * 1024;

/// The longest token life believed; a service claiming more is renewed after this anyway.
const MAX_TOKEN_LIFE: Duration = Duration::from_secs(30 * 24 * 3600);

impl Default for ClientOptions {
    fn default() -> Self {
        Self {
            connect_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            retry: RetryPolicy::default(),
            token_refresh_margin: Duration::from_secs(120),
            max_answer_bytes: MAX_ANSWER_BYTES,
            extra_root_certificates: Vec::new(),
        }
    }
}

/// How an operation carries the portal: most as `PortalId`, campaign read as `Portalid`,
/// admission and token operations not at all.
#[derive(Clone, Copy)]
enum PortalParam {
    /// `PortalId`
    UpperCase,
    /// `Portalid`
    LowerI,
    Omitted,
}

/// A cheap-to-clone handle; clones share the connection pool and the access token.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
    /// Counts the bytes of answers this handle (and its clones) read: a long read's budget.
    meter: Option<Arc<std::sync::atomic::AtomicU64>>,
}

struct Inner {
    http: reqwest::Client,
    base: Url,
    key_header: HeaderMap,
    portal_id: i64,
    options: ClientOptions,
    auth: tokio::sync::Mutex<Option<TokenState>>,
    /// The API user's zone, for timestamps the service sends without an offset.
    zone: std::sync::RwLock<Option<chrono_tz::Tz>>,
}

struct TokenState {
    token: Secret,
    expires_at: Instant,
    lifetime: Duration,
    username: String,
    password: Secret,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("base_url", &self.inner.base.as_str())
            .field("portal_id", &self.inner.portal_id)
            .finish_non_exhaustive()
    }
}

impl Client {
    /// The same service, key and options for another portal (a trainer's key reads each
    /// trainee's portal); not signed in, whatever this handle is.
    pub fn for_portal(&self, portal_id: i64) -> Client {
        Client {
            inner: Arc::new(Inner {
                http: self.inner.http.clone(),
                base: self.inner.base.clone(),
                key_header: self.inner.key_header.clone(),
                portal_id,
                options: self.inner.options.clone(),
                auth: tokio::sync::Mutex::new(None),
                zone: std::sync::RwLock::new(None),
            }),
            meter: None,
        }
    }

    /// A handle on the same connection whose answers (its clones' too, and no one else's)
    /// are counted in the returned meter, in bytes.
    pub fn metered(&self) -> (Client, Arc<std::sync::atomic::AtomicU64>) {
        let meter = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let client = Client {
            inner: self.inner.clone(),
            meter: Some(meter.clone()),
        };
        (client, meter)
    }

    pub fn new(connection: Connection) -> Result<Self, ApiError> {
        Self::with_options(connection, ClientOptions::default())
    }

    /// Whether a base URL may carry the key and password: https anywhere, plain http only to
    /// this computer (a local sandbox or a recording proxy).
    pub fn base_url_allowed(base_url: &str) -> bool {
        Url::parse(base_url.trim())
            .is_ok_and(|u| secure_enough(&u) && u.username().is_empty() && u.password().is_none())
    }

    pub fn with_options(connection: Connection, options: ClientOptions) -> Result<Self, ApiError> {
        let config = |message: String| ApiError::Config { message };
        let mut base_text = connection.base_url.trim().to_owned();
        if !base_text.ends_with('/') {
            base_text.push('/');
        }
        let base = Url::parse(&base_text).map_err(|e| {
            config(format!(
                "the base URL {:?} is not a web address ({e})",
                connection.base_url
            ))
        })?;
        if !secure_enough(&base) {
            return Err(config(format!(
                "the base URL must start with https:// (plain http only to this computer; got {})",
                connection.base_url.trim()
            )));
        }
        if !base.username().is_empty() || base.password().is_some() {
            return Err(config(
                "the base URL must not hold a user name or password (user:pass@): enter those in their own fields"
                    .into(),
            ));
        }
        if connection.subscription_key.is_empty() {
            return Err(config("the subscription key is empty".into()));
        }
        let mut key =
            HeaderValue::from_str(connection.subscription_key.expose()).map_err(|_| {
                config("the subscription key contains characters that cannot be sent".into())
            })?;
        key.set_sensitive(true);
        let mut key_header = HeaderMap::new();
        key_header.insert("Ocp-Apim-Subscription-Key", key);
        key_header.insert(ACCEPT, HeaderValue::from_static("application/json"));
        // No redirects: a redirect to another host would carry the subscription key (and, on
        // 307/308, the password in the token request) where it does not belong.
        let mut builder = reqwest::Client::builder()
            .connect_timeout(options.connect_timeout)
            .timeout(options.request_timeout)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("LeaseDesk/", env!("CARGO_PKG_VERSION")));
        if is_loopback(&base) {
            // A proxy would see the key in clear on its way back to this computer.
            builder = builder.no_proxy();
        }
        for der in &options.extra_root_certificates {
            let cert = reqwest::Certificate::from_der(der)
                .map_err(|e| config(format!("an extra root certificate is not valid ({e})")))?;
            builder = builder.add_root_certificate(cert);
        }
        let http = builder
            .build()
            .map_err(|e| config(format!("the HTTP client could not start ({e})")))?;
        Ok(Self {
            inner: Arc::new(Inner {
                http,
                base,
                key_header,
                portal_id: connection.portal_id,
                options,
                auth: tokio::sync::Mutex::new(None),
                zone: std::sync::RwLock::new(None),
            }),
            meter: None,
        })
    }

    pub fn portal_id(&self) -> i64 {
        self.inner.portal_id
    }

    pub fn base_url(&self) -> &str {
        self.inner.base.as_str()
    }

    /// The API user's time zone, in which timestamps without an offset are read.
    pub fn set_time_zone(&self, zone: chrono_tz::Tz) {
        *self.inner.zone.write().unwrap_or_else(|p| p.into_inner()) = Some(zone);
    }

    fn decode<T: DeserializeOwned>(&self, body: &[u8]) -> Result<T, ApiError> {
        let zone = *self.inner.zone.read().unwrap_or_else(|p| p.into_inner());
        super::model::stamp::reading_in(zone, || transport::decode(body))
    }

    fn decode_or_default<T: DeserializeOwned + Default>(&self, body: &[u8]) -> Result<T, ApiError> {
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(T::default());
        }
        self.decode(body)
    }

    // ---- Individuals and cases ----

    /// `GET /v3/Search/`
    pub async fn search(&self, query: &SearchQuery) -> Result<SearchResponse, ApiError> {
        self.get("v3/Search/", PortalParam::UpperCase, query).await
    }

    /// `GET /v3/Case/`
    pub async fn case(&self, query: &CaseQuery) -> Result<Case, ApiError> {
        self.get("v3/Case/", PortalParam::UpperCase, query).await
    }

    /// `POST /v3/Individual` (200).
    pub async fn create_individuals(
        &self,
        individuals: Vec<NewIndividual>,
    ) -> Result<IndividualsCreated, ApiError> {
        let body = IndividualCreateRequest { individuals };
        self.write_lenient(Method::POST, "v3/Individual", PortalParam::UpperCase, &body)
            .await
    }

    /// `GET /v3/Address`
    pub async fn addresses(&self, query: &AddressQuery) -> Result<Records<Address>, ApiError> {
        self.get("v3/Address", PortalParam::UpperCase, query).await
    }

    // ---- Activities ----

    /// `GET /v3/Activity`
    pub async fn activities(&self, query: &ActivityQuery) -> Result<Records<Activity>, ApiError> {
        self.get("v3/Activity", PortalParam::UpperCase, query).await
    }

    /// `POST /v3/Activity` (201).
    pub async fn create_activities(
        &self,
        activities: Vec<NewActivity>,
    ) -> Result<ActivitiesCreated, ApiError> {
        let body = ActivityCreateRequest { activities };
        self.write_lenient(Method::POST, "v3/Activity", PortalParam::UpperCase, &body)
            .await
    }

    // ---- Communities, units, contracts, transactions ----

    /// `GET /v3/Community` (not described by the spec; see docs/decisions.md).
    pub async fn communities(&self) -> Result<Records<Community>, ApiError> {
        self.get("v3/Community", PortalParam::UpperCase, &()).await
    }

    /// `GET /v3/Unit` (not described by the spec; see docs/decisions.md).
    pub async fn units(&self, query: &UnitQuery) -> Result<Records<Unit>, ApiError> {
        self.get("v3/Unit", PortalParam::UpperCase, query).await
    }

    /// `POST /v3/Unit` (200).
    pub async fn create_units(&self, units: Vec<NewUnit>) -> Result<UnitsCreated, ApiError> {
        let body = UnitCreateRequest { units };
        self.write(Method::POST, "v3/Unit", PortalParam::UpperCase, &body)
            .await
    }

    /// `GET /v3/HousingContract`
    pub async fn housing_contracts(
        &self,
        query: &HousingContractQuery,
    ) -> Result<Records<HousingContract>, ApiError> {
        self.get("v3/HousingContract", PortalParam::UpperCase, query)
            .await
    }

    /// `POST /v3/HousingContract` (201).
    pub async fn create_housing_contract(
        &self,
        contract: &HousingContractCreate,
    ) -> Result<HousingContractsCreated, ApiError> {
        self.write(
            Method::POST,
            "v3/HousingContract",
            PortalParam::UpperCase,
            contract,
        )
        .await
    }

    /// `GET /v3/Transaction/`
    pub async fn transactions(
        &self,
        query: &TransactionQuery,
    ) -> Result<Records<Transaction>, ApiError> {
        self.get("v3/Transaction/", PortalParam::UpperCase, query)
            .await
    }

    // ---- Value lists ----

    /// `GET /v3/Type`
    pub async fn types(&self, query: &TypeQuery) -> Result<Records<TypeRecord>, ApiError> {
        self.get("v3/Type", PortalParam::UpperCase, query).await
    }

    // ---- Campaigns ----

    /// `GET /v3/Campaign/` (the portal goes as `Portalid`).
    pub async fn campaigns(&self, query: &CampaignQuery) -> Result<Records<Campaign>, ApiError> {
        self.get("v3/Campaign/", PortalParam::LowerI, query).await
    }

    /// `GET /v3/CampaignIndividual`
    pub async fn campaign_individuals(
        &self,
        campaign_id: i64,
    ) -> Result<Records<CampaignIndividual>, ApiError> {
        #[derive(Serialize)]
        struct Query {
            #[serde(rename = "CampaignId")]
            campaign_id: i64,
        }
        self.get(
            "v3/CampaignIndividual",
            PortalParam::UpperCase,
            &Query { campaign_id },
        )
        .await
    }

    /// `POST /v3/CampaignIndividual` (201). Adding someone already in the campaign changes
    /// their status.
    pub async fn add_campaign_individuals(
        &self,
        add: &CampaignIndividualAdd,
    ) -> Result<Acknowledgement, ApiError> {
        self.write_lenient(
            Method::POST,
            "v3/CampaignIndividual",
            PortalParam::UpperCase,
            add,
        )
        .await
    }

    // ---- Users ----

    /// `GET /v3/User`
    pub async fn users(&self, query: &UserQuery) -> Result<Records<User>, ApiError> {
        self.get("v3/User", PortalParam::UpperCase, query).await
    }

    /// `POST /v3/user`
    pub async fn create_users(&self, users: &[NewUser]) -> Result<UsersCreated, ApiError> {
        self.write_lenient(Method::POST, "v3/user", PortalParam::UpperCase, &users)
            .await
    }

    // ---- Admission requirements and plugin ----

    /// `GET /v3/admission` (no `PortalId`).
    pub async fn admission_requirements(
        &self,
        case_id: i64,
        community_id: i64,
    ) -> Result<Records<AdmissionRequirement>, ApiError> {
        #[derive(Serialize)]
        struct Query {
            #[serde(rename = "CaseId")]
            case_id: i64,
            #[serde(rename = "CommunityId")]
            community_id: i64,
        }
        self.get(
            "v3/admission",
            PortalParam::Omitted,
            &Query {
                case_id,
                community_id,
            },
        )
        .await
    }

    /// `PUT /v3/admission/{AdmissionMetId}` (no query). The path takes the body's id; a body
    /// without one is sent to `/v3/admission/0` so that the service refuses it with its own 400.
    pub async fn update_admission(
        &self,
        update: &AdmissionUpdate,
    ) -> Result<Acknowledgement, ApiError> {
        let path = format!("v3/admission/{}", update.admission_met_id.unwrap_or(0));
        self.write_lenient(Method::PUT, &path, PortalParam::Omitted, update)
            .await
    }

    /// `PUT /v3/plugin`
    pub async fn update_plugin(&self, update: &PluginUpdate) -> Result<PluginResponse, ApiError> {
        self.write(Method::PUT, "v3/plugin", PortalParam::UpperCase, update)
            .await
    }

    // ---- Access token ----

    /// `POST /v3/user/auth/jwt/token`. On success the token is sent as `Authorization: Bearer`
    /// on every later call and renewed with the same credentials before it expires.
    pub async fn token(
        &self,
        username: &str,
        password: &Secret,
    ) -> Result<TokenResponse, ApiError> {
        let mut auth = self.inner.auth.lock().await;
        let response = self.request_token(username, password).await?;
        *auth = Some(TokenState::new(&response, username, password));
        Ok(response)
    }

    async fn request_token(
        &self,
        username: &str,
        password: &Secret,
    ) -> Result<TokenResponse, ApiError> {
        let body = TokenRequest {
            username: username.to_owned(),
            password: password.clone(),
        };
        let out = self.outgoing(
            Method::POST,
            "v3/user/auth/jwt/token",
            PortalParam::Omitted,
            &(),
            Some(&body),
        )?;
        let answer = transport::exchange(
            &self.inner.http,
            &self.inner.key_header,
            &self.inner.options,
            &out,
        )
        .await?;
        if !answer.status.is_success() {
            return Err(transport::status_error(&answer));
        }
        self.decode(&answer.body)
    }

    /// The bearer token to send, renewed first when it is about to expire.
    async fn bearer(&self, force_renew: bool) -> Result<Option<HeaderValue>, ApiError> {
        let mut auth = self.inner.auth.lock().await;
        let Some(state) = auth.as_mut() else {
            return Ok(None);
        };
        let margin = self
            .inner
            .options
            .token_refresh_margin
            .min(state.lifetime / 2);
        if force_renew || Instant::now() + margin >= state.expires_at {
            tracing::debug!("renewing the access token");
            let response = self.request_token(&state.username, &state.password).await?;
            *state = TokenState::new(&response, &state.username.clone(), &state.password.clone());
        }
        let mut value = HeaderValue::from_str(&format!("Bearer {}", state.token.expose()))
            .map_err(|_| ApiError::Decode {
                path: "access_token".into(),
                detail: "not sendable as a header".into(),
            })?;
        value.set_sensitive(true);
        Ok(Some(value))
    }

    // ---- The training server's class (not v3) ----

    /// `GET /training/class`: the class roster (the trainer's key only).
    pub async fn training_roster(&self) -> Result<Vec<crate::training::RosterSeat>, ApiError> {
        self.get("training/class", PortalParam::Omitted, &()).await
    }

    /// `POST /training/reset`: one trainee's portal (`Some(n)`) or the whole class, back to the
    /// scenario (the trainer's key only).
    pub async fn training_reset(
        &self,
        trainee: Option<usize>,
    ) -> Result<crate::training::ResetReport, ApiError> {
        #[derive(Serialize)]
        struct Which {
            #[serde(rename = "Trainee", skip_serializing_if = "Option::is_none")]
            trainee: Option<usize>,
        }
        let out = self.outgoing::<Which, ()>(
            Method::POST,
            "training/reset",
            PortalParam::Omitted,
            &Which { trainee },
            None,
        )?;
        self.decode(&self.send(out).await?)
    }

    // ---- Plumbing ----

    fn outgoing<Q: Serialize + ?Sized, B: Serialize + ?Sized>(
        &self,
        method: Method,
        path: &str,
        portal: PortalParam,
        query: &Q,
        body: Option<&B>,
    ) -> Result<Outgoing, ApiError> {
        let mut url = self.inner.base.join(path).map_err(|e| ApiError::Config {
            message: e.to_string(),
        })?;
        let encoded = serde_urlencoded::to_string(query).map_err(|e| ApiError::Config {
            message: format!("query could not be encoded: {e}"),
        })?;
        let portal = match portal {
            PortalParam::UpperCase => Some(format!("PortalId={}", self.inner.portal_id)),
            PortalParam::LowerI => Some(format!("Portalid={}", self.inner.portal_id)),
            PortalParam::Omitted => None,
        };
        let joined: Vec<&str> = portal
            .as_deref()
            .into_iter()
            .chain(Some(encoded.as_str()))
            .filter(|s| !s.is_empty())
            .collect();
        let query_text = joined.join("&");
        url.set_query((!query_text.is_empty()).then_some(query_text.as_str()));
        let body = body
            .map(serde_json::to_vec)
            .transpose()
            .map_err(|e| ApiError::Config {
                message: format!("body could not be encoded: {e}"),
            })?;
        Ok(Outgoing { method, url, body })
    }

    /// Sends with the key and, when signed in, the token; a 401 with a token renews it once
    /// and repeats (a refused request was not applied, so this is safe for writes too).
    async fn send(&self, out: Outgoing) -> Result<Vec<u8>, ApiError> {
        let mut force_renew = false;
        loop {
            let mut headers = self.inner.key_header.clone();
            let bearer = self.bearer(force_renew).await?;
            let signed_in = bearer.is_some();
            if let Some(value) = bearer {
                headers.insert(AUTHORIZATION, value);
            }
            let answer =
                transport::exchange(&self.inner.http, &headers, &self.inner.options, &out).await?;
            if let Some(meter) = &self.meter {
                meter.fetch_add(
                    u64::try_from(answer.body.len()).unwrap_or(u64::MAX),
                    std::sync::atomic::Ordering::Relaxed,
                );
            }
            if answer.status.is_success() {
                return Ok(answer.body);
            }
            if answer.status.as_u16() == 401 && signed_in && !force_renew {
                force_renew = true;
                continue;
            }
            return Err(transport::status_error(&answer));
        }
    }

    async fn get<T: DeserializeOwned, Q: Serialize + ?Sized>(
        &self,
        path: &str,
        portal: PortalParam,
        query: &Q,
    ) -> Result<T, ApiError> {
        let out = self.outgoing::<Q, ()>(Method::GET, path, portal, query, None)?;
        self.decode(&self.send(out).await?)
    }

    async fn write<T: DeserializeOwned, B: Serialize + ?Sized>(
        &self,
        method: Method,
        path: &str,
        portal: PortalParam,
        body: &B,
    ) -> Result<T, ApiError> {
        let out = self.outgoing(method, path, portal, &(), Some(body))?;
        self.decode(&self.send(out).await?)
    }

    /// For writes whose answer body the spec does not show: any body, even none, is accepted.
    async fn write_lenient<T: DeserializeOwned + Default, B: Serialize + ?Sized>(
        &self,
        method: Method,
        path: &str,
        portal: PortalParam,
        body: &B,
    ) -> Result<T, ApiError> {
        let out = self.outgoing(method, path, portal, &(), Some(body))?;
        self.decode_or_default(&self.send(out).await?)
    }
}

impl TokenState {
    /// A claimed lifetime is believed between nothing and [`MAX_TOKEN_LIFE`]: a hostile or
    /// broken `expires_in` (negative, or near `i64::MAX`) can neither panic nor keep a token
    /// forever.
    fn new(response: &TokenResponse, username: &str, password: &Secret) -> Self {
        let claimed = u64::try_from(response.expires_in).unwrap_or(0);
        let lifetime = Duration::from_secs(claimed).min(MAX_TOKEN_LIFE);
        let now = Instant::now();
        Self {
            token: response.access_token.clone(),
            expires_at: now.checked_add(lifetime).unwrap_or(now),
            lifetime,
            username: username.to_owned(),
            password: password.clone(),
        }
    }
}

fn is_loopback(url: &Url) -> bool {
    let host = url.host_str().unwrap_or("");
    host.eq_ignore_ascii_case("localhost")
        || host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

fn secure_enough(url: &Url) -> bool {
    match url.scheme() {
        "https" => url.host_str().is_some_and(|h| !h.is_empty()),
        "http" => is_loopback(url),
        _ => false,
    }
}

#[cfg(test)]
mod base_url_tests {
    use super::Client;

    #[test]
    fn plain_http_is_only_for_this_computer() {
        assert!(Client::base_url_allowed("https://api.example.com/"));
        assert!(Client::base_url_allowed("http://127.0.0.1:8080"));
        assert!(Client::base_url_allowed("http://localhost:8080/"));
        assert!(Client::base_url_allowed("http://[::1]:8080/"));
        assert!(!Client::base_url_allowed("http://api.example.com/"));
        assert!(!Client::base_url_allowed("http://127.0.0.1.evil.example/"));
        assert!(!Client::base_url_allowed("http://localhost.evil.example/"));
        assert!(!Client::base_url_allowed("ftp://127.0.0.1/"));
    }

    #[test]
    fn a_base_url_with_a_user_and_password_is_refused() {
        let connection = |url: &str| super::Connection {
            base_url: url.into(),
            subscription_key: "k".into(),
            portal_id: 1,
        };
        let refused = Client::new(connection("https://dana:pw@api.example.com/")).unwrap_err();
        assert!(refused.to_string().contains("user:pass@"), "{refused}");
        assert!(Client::new(connection("https://api.example.com/")).is_ok());
        assert!(!Client::base_url_allowed(
            "https://dana:pw@api.example.com/"
        ));
    }
}
