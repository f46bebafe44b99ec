//! Saving "what happened" and "what next" as two activity creates, safely: after a create whose
//! answer was lost, the individual's activities are read and the one sent is looked for before
//! anything is sent again. A failure part way says what was saved, so trying again sends only
//! what is missing.

use crate::api::model::{ActivitiesCreated, ActivityQuery, NewActivity};
use crate::api::{ApiError, Client};
use crate::domain::follow_up::find_created;

/// One create to make: the body and the name of its type (to recognise it when read back).
#[derive(Debug, Clone)]
pub struct Create {
    pub body: NewActivity,
    pub type_name: String,
}

/// What was saved: the ids of the outcome and of the next step.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Saved {
    pub outcome_id: Option<i64>,
    pub next_id: Option<i64>,
}

/// Stopped part way: what was saved before, and why the rest was not.
#[derive(Debug, Clone)]
pub struct Stopped {
    pub saved: Saved,
    pub error: CreateError,
}

#[derive(Debug, Clone)]
pub enum CreateError {
    /// The service refused it, or could not be reached: it was not saved.
    Failed(ApiError),
    /// No answer came, and it was not found on the service afterwards: not saved.
    NotSaved,
    /// No answer came, and the service could not be read to find out.
    Unknown(ApiError),
}

impl std::fmt::Display for CreateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CreateError::Failed(e) => write!(f, "{e}"),
            CreateError::NotSaved => f.write_str(
                "No answer came back, and the service does not have it: it was not saved. Save again",
            ),
            CreateError::Unknown(e) => write!(
                f,
                "No answer came back, and it could not be checked whether it was saved ({e}). Check the case's activities before saving again"
            ),
        }
    }
}

/// Creates the outcome (unless already saved) and then the next step (unless already saved).
/// With `look_first` (the last try could not learn whether it was saved), the service is read
/// before anything is sent again.
pub async fn save(
    client: Client,
    outcome: Option<Create>,
    next: Option<Create>,
    mut saved: Saved,
    look_first: bool,
) -> Result<Saved, Stopped> {
    for (stage, create) in [(0, &outcome), (1, &next)] {
        let slot = if stage == 0 {
            saved.outcome_id
        } else {
            saved.next_id
        };
        let (Some(create), None) = (create, slot) else {
            continue;
        };
        let looked = if look_first {
            settle(&client, create).await
        } else {
            Err(CreateError::NotSaved)
        };
        let made = match looked {
            Ok(id) => Ok(id),
            Err(CreateError::NotSaved) => create_one(&client, create).await,
            Err(other) => Err(other),
        };
        match made {
            Ok(id) if stage == 0 => saved.outcome_id = Some(id),
            Ok(id) => saved.next_id = Some(id),
            Err(error) => return Err(Stopped { saved, error }),
        }
    }
    Ok(saved)
}

/// One create; after a lost answer (or an answer without an id) the service is read to learn
/// whether it was made.
pub async fn create_one(client: &Client, create: &Create) -> Result<i64, CreateError> {
    let answer = client.create_activities(vec![create.body.clone()]).await;
    settle_answer(client, create, answer).await
}

/// What a create's answer says: the id it gave, or after a lost answer (or one without an id)
/// what the service holds.
pub async fn settle_answer(
    client: &Client,
    create: &Create,
    answer: Result<ActivitiesCreated, ApiError>,
) -> Result<i64, CreateError> {
    match answer {
        Ok(created) => match created.activity_ids.first() {
            Some(id) => Ok(*id),
            None => settle(client, create).await,
        },
        Err(ApiError::OutcomeUnknown { .. }) => settle(client, create).await,
        Err(e) => Err(CreateError::Failed(e)),
    }
}

/// [`create_one`], but when the last try's outcome is unknown (`look_first`) the service is
/// read first and nothing is sent if it has the activity already.
pub async fn create_checked(
    client: &Client,
    create: &Create,
    look_first: bool,
) -> Result<i64, CreateError> {
    if look_first && let Some(id) = look_for(client, create).await? {
        return Ok(id);
    }
    create_one(client, create).await
}

/// Whether the service holds `create` already (after a lost answer): its id, or `None`.
pub async fn look_for(client: &Client, create: &Create) -> Result<Option<i64>, CreateError> {
    match settle(client, create).await {
        Ok(id) => Ok(Some(id)),
        Err(CreateError::NotSaved) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Pages of a person's activities read to find a create, at most (500 each).
const SETTLE_PAGES: i64 = 40;

/// Looks for `create` among every activity of its person, page by page (not only the first
/// page: a long-standing resident has more than 500).
async fn settle(client: &Client, create: &Create) -> Result<i64, CreateError> {
    const PAGE: i64 = 500;
    for page in 1..=SETTLE_PAGES {
        let query = ActivityQuery {
            individual_id: create.body.individual_id,
            page_size: Some(PAGE),
            page_number: Some(page),
            ..Default::default()
        };
        let read = client
            .activities(&query)
            .await
            .map_err(CreateError::Unknown)?;
        if let Some(id) = find_created(&read, &create.body, &create.type_name) {
            return Ok(id);
        }
        if ((read.len() + read.skipped) as i64) < PAGE {
            break;
        }
    }
    Err(CreateError::NotSaved)
}
