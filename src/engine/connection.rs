//! Connecting: to the embedded sandbox or a portal, with its secrets; learning who the API user
//! is and the portal's time zone; opening the store and the local files that go with it.

use std::future::Future;
use std::sync::Arc;

use super::*;

impl Backend {
    fn set_link(&self, link: Link) {
        *lock(&self.inner.link) = link;
        self.wake();
    }

    /// Connects to the embedded sandbox, starting it (and seeding it on first run) if needed.
    /// Returns at once; requests made meanwhile wait for it.
    pub fn connect_sandbox(&self) {
        self.inner.epoch.fetch_add(1, Ordering::SeqCst);
        self.forget_portal();
        self.inner.client.send_replace(ClientState::Waiting);
        self.set_link(Link::Connecting {
            label: SANDBOX_LABEL.into(),
        });
        let me = self.clone();
        self.inner.runtime.spawn(async move {
            let mut running = me.inner.sandbox.lock().await;
            if running.is_none() {
                let config = lock(&me.inner.sandbox_config).clone();
                match Sandbox::start(config).await {
                    Ok(sandbox) => *running = Some(sandbox),
                    Err(e) => {
                        let message = format!("The embedded sandbox could not start: {e}");
                        tracing::error!(%message);
                        return me.fail_link(SANDBOX_LABEL, message);
                    }
                }
            }
            let Some(sandbox) = running.as_ref() else {
                return;
            };
            let connection = Connection {
                base_url: sandbox.base_url.clone(),
                subscription_key: sandbox.key.as_str().into(),
                portal_id: sandbox.portal_id,
            };
            match Client::with_options(connection, me.inner.client_options.clone()) {
                Ok(client) => {
                    let key = format!("sandbox-{}", sandbox.portal_id);
                    me.open_local(&key).await;
                    me.open_store(&key, true, None).await;
                    me.learn_identity(client.clone());
                    me.inner.client.send_replace(ClientState::Ready(client));
                    me.start_sync_loop();
                    tracing::info!(base_url = %sandbox.base_url, "connected to the embedded sandbox");
                    me.set_link(Link::Sandbox {
                        base_url: sandbox.base_url.clone(),
                        portal_id: sandbox.portal_id,
                    });
                }
                Err(e) => me.fail_link(SANDBOX_LABEL, e.to_string()),
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
        self.begin_connect(profile);
        let (me, profile) = (self.clone(), profile.to_owned());
        self.inner.runtime.spawn(async move {
            me.open_portal(profile, connection, login).await;
        });
    }

    /// Runs a connect; if it panics (a bug), the link says so instead of "Connecting…" for ever.
    async fn guarded_connect(&self, label: &str, connect: impl Future<Output = ()>) {
        if let Err(panic) = AssertUnwindSafe(connect).catch_unwind().await {
            tracing::error!(panic = panic_text(&panic), "connecting failed with a panic");
            self.fail_link(label, ApiError::Internal.to_string());
        }
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
        self.begin_connect(profile);
        let (me, profile) = (self.clone(), profile.to_owned());
        self.inner.runtime.spawn(async move {
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
                    format!("No subscription key is stored for {profile}: enter it in Settings"),
                );
            };
            connection.subscription_key = key;
            let login = (!username.is_empty())
                .then(|| password.map(|p| (username, p)))
                .flatten();
            me.open_portal(profile, connection, login).await;
        });
    }

    fn forget_portal(&self) {
        *lock(&self.inner.zone) = None;
        *lock(&self.inner.me) = None;
        *lock(&self.inner.follow_up_file) = None;
        self.forget_store();
    }

    fn begin_connect(&self, label: &str) {
        self.inner.epoch.fetch_add(1, Ordering::SeqCst);
        self.forget_portal();
        self.inner.client.send_replace(ClientState::Waiting);
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
        let client = match Client::with_options(connection, self.inner.client_options.clone()) {
            Ok(client) => client,
            Err(e) => return self.fail_link(&profile, e.to_string()),
        };
        // What is kept on this computer opens first: it is there even when the service is not.
        let key = format!("{profile}-{portal_id}");
        self.open_local(&key).await;
        self.open_store(&key, false, Some(&profile)).await;
        if let Some((user, password)) = login
            && let Err(e) = client.token(&user, &password).await
        {
            self.note_reach(&Err::<(), _>(e.clone()));
            return self.fail_link(&profile, e.to_string());
        }
        self.learn_identity(client.clone());
        self.inner.client.send_replace(ClientState::Ready(client));
        self.start_sync_loop();
        self.set_link(Link::Portal {
            profile,
            base_url,
            portal_id,
        });
    }

    /// Opens this portal's local file (on a blocking thread). A file that cannot be opened
    /// leaves the data in memory for this run, and says so.
    async fn open_local(&self, key: &str) {
        let path = lock(&self.inner.data_dir)
            .as_ref()
            .map(|dir| FollowUpFile::path_for(dir, key));
        let opened = tokio::task::spawn_blocking(move || {
            FollowUpFile::open(path.as_deref()).or_else(|e| {
                tracing::error!(error = %e, "local data kept in memory for this run");
                FollowUpFile::open(None)
            })
        })
        .await;
        match opened {
            Ok(Ok(store)) => *lock(&self.inner.follow_up_file) = Some(Arc::new(store)),
            Ok(Err(e)) => tracing::error!(error = %e, "no local data this run"),
            Err(e) => tracing::error!(error = %e, "no local data this run"),
        }
    }

    /// Learns who the API user is (a search names them as its tenant) and their time zone
    /// (activity times come in it, and every activity names it). What was learned before is
    /// kept in the store and used first, so a start without the service still shows
    /// times in the portal's zone and the user's own items.
    fn learn_identity(&self, client: Client) {
        let (me, epoch) = (self.clone(), self.epoch());
        self.inner.runtime.spawn(async move {
            let keep = Keep::<KeptIdentity>::new(answer_keys::IDENTITY);
            if let Some((known, _)) = me.kept_answer(&keep).await
                && me.epoch() == epoch
            {
                if let Some(zone) = known.zone.as_deref().and_then(|z| z.parse::<Tz>().ok()) {
                    client.set_time_zone(zone);
                    *lock(&me.inner.zone) = Some(zone);
                }
                lock(&me.inner.me).get_or_insert(Me {
                    user_id: known.user_id,
                    name: known.name,
                });
                me.wake();
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
            if me.epoch() != epoch {
                return;
            }
            *lock(&me.inner.me) = Some(Me {
                user_id,
                name: name.clone(),
            });
            me.wake();
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
            if me.epoch() != epoch {
                return;
            }
            if let Some(zone) = zone {
                client.set_time_zone(zone);
                *lock(&me.inner.zone) = Some(zone);
                me.wake();
            }
            let known = KeptIdentity {
                user_id,
                name,
                zone: zone.or(*lock(&me.inner.zone)).map(|z| z.name().to_owned()),
            };
            me.keep_answer(&keep, &known);
        });
    }

    fn fail_link(&self, label: &str, message: String) {
        self.inner
            .client
            .send_replace(ClientState::Failed(message.clone()));
        *lock(&self.inner.last_error) = Some(message.clone());
        self.set_link(Link::Failed {
            label: label.to_owned(),
            message,
        });
    }
}
