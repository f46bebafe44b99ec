//! `leasedesk report score-check`: the move-in score's calibration on the portal's last six
//! months, from the service's reads, as a table on stdout (the numbers the app's Settings show,
//! for a director's notes or `docs/`).

use chrono::{NaiveDate, Utc};

use super::{Connected, Failure};
use crate::domain::move_in_score::records::records_of;
use crate::domain::move_in_score::{score_all, written};

pub async fn run(connected: Connected, as_of: Option<NaiveDate>) -> Result<String, Failure> {
    let today = as_of.unwrap_or_else(|| Utc::now().date_naive());
    let data = crate::service::reports::load(connected.client, Default::default())
        .await
        .map_err(|e| {
            Failure::Run(leasedesk_i18n::tr!(
                "cli-portal-not-read",
                error = e.to_string()
            ))
        })?;
    let records = records_of(&data.cases, &data.activities, &data.contracts, today);
    drop(data);
    let scores = score_all(&records, today).map_err(|e| Failure::Run(e.to_string()))?;
    let mut out = leasedesk_i18n::tr!(
        "score-check-head",
        portal = connected.label.to_string(),
        day = today.to_string(),
        scored = scores.by_case.len(),
        fitted = scores.fitted_on,
        rate = written(scores.base_rate)
    );
    let Some(check) = scores.calibration else {
        out.push_str(&leasedesk_i18n::tr!("score-check-too-short"));
        return Ok(out);
    };
    out.push_str(&leasedesk_i18n::tr!(
        "score-check-held-out",
        from = check.from.to_string(),
        to = check.to.to_string(),
        fitted = check.fitted_on,
        rate = written(check.rate)
    ));
    for (k, d) in check.deciles.iter().enumerate() {
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            k + 1,
            d.leads,
            written(d.predicted),
            written(d.moved_in)
        ));
    }
    if let Some(lift) = check.top_lift() {
        out.push_str(&leasedesk_i18n::tr!(
            "score-check-lift",
            lift = format!("{lift:.1}")
        ));
    }
    Ok(out)
}
