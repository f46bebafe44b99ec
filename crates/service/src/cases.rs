//! Reading one whole case: `GET /v3/Case` by its number (everyone in it, with their relationship
//! to the primary person), the people's contact details, their addresses and activities, the
//! case's contracts and their transactions.

use crate::api::model::*;
use crate::api::{ApiError, Client};

/// A case and, when a search has them, its people's contact details.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WholeCase {
    pub case: Case,
    /// The case as Search gives it (phones, emails, communities, status), when found.
    pub contact: Option<SearchCase>,
}

impl WholeCase {
    pub fn primary(&self) -> Option<&CaseIndividual> {
        self.case
            .individuals
            .iter()
            .find(|i| i.individual_id == self.case.primary_individual_id)
            .or(self.case.individuals.first())
    }

    /// A person's contact details from the search, by id.
    pub fn contact_of(&self, individual_id: i64) -> Option<&SearchIndividual> {
        let c = self.contact.as_ref()?;
        std::iter::once(&c.primary)
            .chain(&c.relationships)
            .find(|p| p.individual_id == individual_id)
    }

    pub fn people(&self) -> Vec<i64> {
        self.case
            .individuals
            .iter()
            .map(|i| i.individual_id)
            .collect()
    }
}

/// The case by number; its contact details from `known` (a search row), or else from a search
/// for the primary person's name matched on the case number (never on the name alone).
pub async fn load_whole(
    client: Client,
    case_number: String,
    known: Option<SearchCase>,
) -> Result<WholeCase, ApiError> {
    let case = client
        .case(&CaseQuery {
            case_number: Some(case_number.clone()),
            individual_id: None,
        })
        .await?;
    let contact = match known.filter(|k| k.primary.case_number == case_number) {
        Some(known) => Some(known),
        None => {
            let name = case
                .individuals
                .iter()
                .find(|i| i.individual_id == case.primary_individual_id)
                .map(|i| i.individual_name.clone())
                .unwrap_or_default();
            let found = client
                .search(&SearchQuery {
                    q: Some(name),
                    page_size: Some(50),
                    ..Default::default()
                })
                .await;
            found.ok().and_then(|page| {
                page.cases
                    .into_iter()
                    .find(|c| c.primary.case_number == case_number)
            })
        }
    };
    Ok(WholeCase { case, contact })
}

pub async fn addresses_of(client: Client, people: Vec<i64>) -> Result<Records<Address>, ApiError> {
    let mut all = Records::default();
    for id in people {
        let query = AddressQuery {
            individual_id: Some(id),
            ..Default::default()
        };
        all.append(client.addresses(&query).await?);
    }
    Ok(all)
}

/// Everyone's activities in the case, newest first.
pub async fn activities_of(
    client: Client,
    people: Vec<i64>,
) -> Result<Records<Activity>, ApiError> {
    let mut all = Records::default();
    for id in people {
        let query = ActivityQuery {
            individual_id: Some(id),
            page_size: Some(500),
            ..Default::default()
        };
        all.append(client.activities(&query).await?);
    }
    all.sort_by_key(|a| std::cmp::Reverse(a.due_date));
    Ok(all)
}

/// Transactions of every contract of the case; "none found" (404) is an empty list here.
pub async fn transactions_of(
    client: Client,
    case_number: String,
) -> Result<Records<Transaction>, ApiError> {
    let contracts = client
        .housing_contracts(&HousingContractQuery {
            case_number: Some(case_number),
            ..Default::default()
        })
        .await?;
    let mut all = Records::default();
    for contract in contracts {
        let query = TransactionQuery {
            housing_contract_id: Some(contract.id),
            ..Default::default()
        };
        match client.transactions(&query).await {
            Ok(list) => all.append(list),
            Err(ApiError::NotFound { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    all.sort_by_key(|t| std::cmp::Reverse(t.effective_date));
    Ok(all)
}

/// Every case of the portal, page by page (at most 50 pages of 4,000), handed to `each` and
/// not kept; refused once more than a report's budget of bytes was read (a hostile service
/// that answers every page in full).
pub async fn each_case(
    client: Client,
    each: impl FnMut(&SearchCase) + Send,
) -> Result<(), ApiError> {
    each_case_within(client, super::budget::REPORT_CASE_BYTES, each).await
}

/// [`each_case`], refused once more than `limit` bytes were read.
pub async fn each_case_within(
    client: Client,
    limit: u64,
    mut each: impl FnMut(&SearchCase) + Send,
) -> Result<(), ApiError> {
    use super::budget::ByteBudget;
    const PAGE: i64 = 4000;
    let (client, budget) = ByteBudget::new(&client, limit, crate::api::BudgetOf::EveryCase);
    for page in 1..=50 {
        let answer = client
            .search(&SearchQuery {
                page_number: Some(page),
                page_size: Some(PAGE),
                ..Default::default()
            })
            .await?;
        budget.check()?;
        let received = answer.cases.len() + answer.cases.skipped;
        for case in answer.cases.iter() {
            each(case);
        }
        if (received as i64) < PAGE {
            break;
        }
    }
    Ok(())
}

/// Every prospect and pre-lead case of the portal (search by type, page by page), refused once
/// more than a report's budget of bytes was read.
pub async fn leads(client: Client) -> Result<Vec<SearchCase>, ApiError> {
    leads_within(client, super::budget::REPORT_CASE_BYTES).await
}

/// [`leads`], refused once more than `limit` bytes were read.
pub async fn leads_within(client: Client, limit: u64) -> Result<Vec<SearchCase>, ApiError> {
    use super::budget::ByteBudget;
    const PAGE: i64 = 4000;
    let (client, budget) = ByteBudget::new(&client, limit, crate::api::BudgetOf::Leads);
    let mut all = Vec::new();
    for kind in [IndividualType::Prospect, IndividualType::PreLead] {
        for page in 1..=50 {
            let answer = client
                .search(&SearchQuery {
                    individual_type_id: Some(kind),
                    page_number: Some(page),
                    page_size: Some(PAGE),
                    ..Default::default()
                })
                .await?;
            budget.check()?;
            let received = answer.cases.len() + answer.cases.skipped;
            all.extend(answer.cases);
            if (received as i64) < PAGE {
                break;
            }
        }
    }
    Ok(all)
}
