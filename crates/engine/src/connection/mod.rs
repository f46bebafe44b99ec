//! Connecting: to the embedded sandbox or a portal, with its secrets; learning who the API user
//! is and the portal's time zone; opening the store and the local files that go with it.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};

use super::*;
use crate::domain::training_key::{is_live_service, is_training_key};

pub(super) mod failure;
pub(super) mod probe;
pub(super) mod reach;

/// The connection's room: the client the service is asked with, where the app is connected,
/// who the user is, and whether the service answers (`reach`, `probe`).
pub(super) struct State {
    client: tokio::sync::watch::Sender<ClientState>,
    link: Mutex<Link>,
    /// Bumped on every connection change, so answers from an old connection can be told apart.
    epoch: AtomicUsize,
    last_error: Mutex<Option<LinkFailure>>,
    /// The embedded sandbox the app handed in.
    embedded: Arc<dyn Embedded>,
    client_options: ClientOptions,
    /// The API user's time zone, learned from the service after each connect.
    zone: Mutex<Option<Tz>>,
    /// Who the API user is, learned after each connect.
    me: Mutex<Option<Me>>,
    reach: Mutex<reach::Reach>,
    /// "Work offline", chosen by hand: nothing is sent until the user goes online again.
    work_offline: AtomicBool,
    /// Bumped when the service can be asked again (it answered after failing, or the user went
    /// online), so reads that failed meanwhile ask again at once.
    back_online: AtomicU64,
    /// The probe that finds out the service is back runs (`probe`).
    probing: AtomicBool,
    /// The probe is asking the service now (or Retry was just pressed).
    trying: AtomicBool,
    /// Retry: the probe asks now instead of at its next turn.
    probe_now: tokio::sync::Notify,
    /// The probe's first and longest waits, when not the usual (tests of Retry).
    probe_waits: Mutex<Option<(std::time::Duration, std::time::Duration)>>,
}

impl State {
    pub(super) fn new(embedded: Arc<dyn Embedded>, client_options: ClientOptions) -> Self {
        let (client, _) = tokio::sync::watch::channel(ClientState::Waiting);
        State {
            client,
            link: Mutex::new(Link::Connecting {
                label: SANDBOX_LABEL.into(),
            }),
            epoch: AtomicUsize::new(0),
            last_error: Mutex::new(None),
            embedded,
            client_options,
            zone: Mutex::new(None),
            me: Mutex::new(None),
            reach: Mutex::new(reach::Reach::Unknown),
            work_offline: AtomicBool::new(false),
            back_online: AtomicU64::new(0),
            probing: AtomicBool::new(false),
            trying: AtomicBool::new(false),
            probe_now: tokio::sync::Notify::new(),
            probe_waits: Mutex::new(None),
        }
    }
}

impl Backend {
    /// The connection's client, or why there is none yet.
    pub(super) fn client_state(&self) -> ClientState {
        self.inner.connection.client.borrow().clone()
    }

    /// The client as it changes (a request made while connecting waits for it).
    pub(super) fn client_changes(&self) -> tokio::sync::watch::Receiver<ClientState> {
        self.inner.connection.client.subscribe()
    }

    pub(super) fn set_last_error(&self, error: ApiError) {
        *lock(&self.inner.connection.last_error) = Some(LinkFailure::Service(error));
    }

    /// The time on this desk's clock (the sandbox's: tests fix it, and the queue's days
    /// follow it).
    pub(super) fn clock_now(&self) -> chrono::DateTime<chrono::Utc> {
        self.inner.connection.embedded.clock().now()
    }

    fn set_link(&self, link: Link) {
        *lock(&self.inner.connection.link) = link;
        self.events().wake();
    }

    /// Runs a connect; if it panics (a bug), the link says so instead of "Connecting…" for ever.
    async fn guarded_connect(&self, label: &str, connect: impl Future<Output = ()>) {
        if let Err(panic) = AssertUnwindSafe(connect).catch_unwind().await {
            tracing::error!(panic = panic_text(&panic), "connecting failed with a panic");
            self.fail_link(label, LinkFailure::Service(ApiError::Internal));
        }
    }

    fn forget_portal(&self) {
        *lock(&self.inner.connection.zone) = None;
        *lock(&self.inner.connection.me) = None;
        self.forget_store();
    }

    fn begin_connect(&self, label: &str) {
        self.inner.connection.epoch.fetch_add(1, Ordering::SeqCst);
        self.forget_portal();
        self.inner
            .connection
            .client
            .send_replace(ClientState::Waiting);
        self.set_link(Link::Connecting {
            label: label.to_owned(),
        });
    }

    async fn open_portal(
        &self,
        profile: String,
        connection: Connection,
        login: Option<(String, Secret)>,
    ) {
        let label = profile.clone();
        self.guarded_connect(
            &label,
            self.open_portal_unguarded(profile, connection, login),
        )
        .await;
    }

    async fn open_portal_unguarded(
        &self,
        profile: String,
        connection: Connection,
        login: Option<(String, Secret)>,
    ) {
        let base_url = connection.base_url.clone();
        let portal_id = connection.portal_id;
        let training = is_training_key(connection.subscription_key.expose());
        if training && is_live_service(&base_url) {
            return self.fail_link(&profile, LinkFailure::TrainingKeyOnLive);
        }
        let client =
            match Client::with_options(connection, self.inner.connection.client_options.clone()) {
                Ok(client) => client,
                Err(e) => return self.fail_link(&profile, LinkFailure::Service(e)),
            };
        // What is kept on this computer opens first: it is there even when the service is not.
        let key = crate::store_id::profile(&profile, portal_id);
        let legacy = self.offline_copy().legacy_store_of(&profile, portal_id);
        self.open_local(&key, legacy.as_deref()).await;
        let origin = crate::store_id::origin(&base_url, portal_id);
        self.open_store(&key, false, Some(&profile), origin).await;
        if let Some((user, password)) = login
            && let Err(e) = client.token(&user, &password).await
        {
            self.connection().note_reach(&Err::<(), _>(e.clone()));
            return self.fail_link(&profile, LinkFailure::Service(e));
        }
        self.learn_identity(client.clone());
        self.inner
            .connection
            .client
            .send_replace(ClientState::Ready(client));
        self.start_sync_loop();
        self.set_link(Link::Portal {
            profile,
            base_url,
            portal_id,
            training,
        });
    }

    /// Learns who the API user is (a search names them as its tenant) and their time zone
    /// (activity times come in it, and every activity names it). What was learned before is
    /// kept in the store and used first, so a start without the service still shows
    /// times in the portal's zone and the user's own items.
    fn learn_identity(&self, client: Client) {
        let (me, epoch) = (self.clone(), self.connection().epoch());
        self.inner.runtime.spawn(async move {
            let keep = Keep::<KeptIdentity>::new(answer_keys::IDENTITY);
            if let Some((known, _)) = me.kept_answer(&keep).await
                && me.connection().epoch() == epoch
            {
                if let Some(zone) = known.zone.as_deref().and_then(|z| z.parse::<Tz>().ok()) {
                    client.set_time_zone(zone);
                    *lock(&me.inner.connection.zone) = Some(zone);
                }
                lock(&me.inner.connection.me).get_or_insert(Me {
                    user_id: known.user_id,
                    name: known.name,
                });
                me.events().wake();
            }
            let probe = SearchQuery {
                page_size: Some(1),
                ..Default::default()
            };
            let Ok(page) = client.search(&probe).await else {
                return;
            };
            let user_id = page.tenant.user_id;
            let name = client
                .users(&UserQuery {
                    q: None,
                    id: Some(user_id),
                })
                .await
                .ok()
                .and_then(|users| users.first().map(|u| u.name.clone()))
                .unwrap_or_default();
            if me.connection().epoch() != epoch {
                return;
            }
            *lock(&me.inner.connection.me) = Some(Me {
                user_id,
                name: name.clone(),
            });
            me.events().wake();
            let mut zone = None;
            for filter in [ActivityFilter::All, ActivityFilter::AllUsers] {
                let query = ActivityQuery {
                    filter: Some(filter),
                    page_size: Some(1),
                    ..Default::default()
                };
                let Ok(list) = client.activities(&query).await else {
                    break;
                };
                if let Some(found) = list
                    .first()
                    .and_then(|a| time_zone_by_name(&a.time_zone))
                    .map(|z| z.iana)
                {
                    zone = Some(found);
                    break;
                }
            }
            if me.connection().epoch() != epoch {
                return;
            }
            if let Some(zone) = zone {
                client.set_time_zone(zone);
                *lock(&me.inner.connection.zone) = Some(zone);
                me.events().wake();
            }
            let known = KeptIdentity {
                user_id,
                name,
                zone: zone
                    .or(*lock(&me.inner.connection.zone))
                    .map(|z| z.name().to_owned()),
            };
            me.keep_answer(&keep, &known);
        });
    }

    fn fail_link(&self, label: &str, why: LinkFailure) {
        self.inner
            .connection
            .client
            .send_replace(ClientState::Failed(why.clone()));
        *lock(&self.inner.connection.last_error) = Some(why.clone());
        self.set_link(Link::Failed {
            label: label.to_owned(),
            why,
        });
    }
}

impl crate::ConnectionRoom<'_> {
    pub fn link(&self) -> Link {
        lock(&self.0.inner.connection.link).clone()
    }

    pub fn epoch(&self) -> usize {
        self.0.inner.connection.epoch.load(Ordering::SeqCst)
    }

    /// The last failure a request or the connection met (the command line says it).
    pub fn last_error(&self) -> Option<LinkFailure> {
        lock(&self.0.inner.connection.last_error).clone()
    }

    /// The signed-in user, once the service has said who that is.
    pub fn me(&self) -> Option<Me> {
        lock(&self.0.inner.connection.me).clone()
    }

    /// The API user's time zone: activity times are in it and "today" is its today. Until the
    /// service has told (or when it cannot), the computer's own zone.
    pub fn zone(&self) -> Tz {
        lock(&self.0.inner.connection.zone).unwrap_or_else(local_zone)
    }

    /// Connects to the embedded sandbox, starting it (and seeding it on first run) if needed.
    /// Returns at once; requests made meanwhile wait for it.
    pub fn connect_sandbox(&self) {
        self.0.connection().connect_sandbox_portal(false);
    }

    /// Connects to the embedded sandbox's demo portal, or (`second`) to its second demo
    /// portal (other communities and figures: a region of two), each with its own store.
    pub fn connect_sandbox_portal(&self, second: bool) {
        self.0.begin_connect(SANDBOX_LABEL);
        let me = self.0.clone();
        self.0.inner.runtime.spawn(async move {
            let sandbox = match me.inner.connection.embedded.start().await {
                Ok(sandbox) => sandbox,
                Err(e) => {
                    let why = LinkFailure::SandboxDidNotStart {
                        detail: e.to_string(),
                    };
                    tracing::error!(message = %why);
                    return me.fail_link(SANDBOX_LABEL, why);
                }
            };
            let (key, portal_id) = if second {
                (sandbox.second_key.as_str(), sandbox.second_portal_id)
            } else {
                (sandbox.key.as_str(), sandbox.portal_id)
            };
            let connection = Connection {
                base_url: sandbox.base_url.clone(),
                subscription_key: key.into(),
                portal_id,
            };
            match Client::with_options(connection, me.inner.connection.client_options.clone()) {
                Ok(client) => {
                    let key = crate::store_id::sandbox(portal_id);
                    me.open_local(&key, None).await;
                    let origin = crate::store_id::sandbox_origin(portal_id);
                    me.open_store(&key, true, None, origin).await;
                    me.learn_identity(client.clone());
                    me.inner.connection.client.send_replace(ClientState::Ready(client));
                    me.start_sync_loop();
                    tracing::info!(base_url = %sandbox.base_url, "connected to the embedded sandbox");
                    me.set_link(Link::Sandbox {
                        base_url: sandbox.base_url.clone(),
                        portal_id,
                    });
                }
                Err(e) => me.fail_link(SANDBOX_LABEL, LinkFailure::Service(e)),
            }
        });
    }

    /// Connects to a real portal; a token is obtained first when credentials are given.
    pub fn connect_portal(
        &self,
        profile: &str,
        connection: Connection,
        login: Option<(String, Secret)>,
    ) {
        self.0.begin_connect(profile);
        let (me, profile) = (self.0.clone(), profile.to_owned());
        self.0.inner.runtime.spawn(async move {
            me.open_portal(profile, connection, login).await;
        });
    }

    /// Connects to a saved profile, reading its key and password from the keyring on a
    /// blocking thread first (an unlock prompt must not freeze the window).
    pub fn connect_profile(
        &self,
        secrets: Arc<SecretStore>,
        profile: &str,
        mut connection: Connection,
        username: String,
    ) {
        self.0.begin_connect(profile);
        let (me, profile) = (self.0.clone(), profile.to_owned());
        self.0.inner.runtime.spawn(async move {
            let name = profile.clone();
            let read = tokio::task::spawn_blocking(move || {
                (
                    secrets.get(&name, SecretKind::SubscriptionKey),
                    secrets.get(&name, SecretKind::Password),
                )
            })
            .await;
            let Ok((Some(key), password)) = read else {
                me.tell(EngineEvent::KeyMissing {
                    profile: profile.clone(),
                });
                return me.fail_link(
                    &profile,
                    LinkFailure::NoKey {
                        profile: profile.clone(),
                    },
                );
            };
            connection.subscription_key = key;
            let login = (!username.is_empty())
                .then(|| password.map(|p| (username, p)))
                .flatten();
            me.open_portal(profile, connection, login).await;
        });
    }
}
