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
        .map_err(|e| Failure::Run(format!("the portal could not be read: {e}")))?;
    let records = records_of(&data.cases, &data.activities, &data.contracts, today);
    drop(data);
    let scores = score_all(&records, today).map_err(|e| Failure::Run(e.to_string()))?;
    let mut out = format!(
        "Move-in score, {} as of {today}: {} active leads scored; fitted on {} leads on past \
         days, {} of whom moved in within 90 days.\n",
        connected.label,
        scores.by_case.len(),
        scores.fitted_on,
        written(scores.base_rate)
    );
    let Some(check) = scores.calibration else {
        out.push_str("No check: the past before the last six months is too short to fit on.\n");
        return Ok(out);
    };
    out.push_str(&format!(
        "Held out: leads as of {} to {}, scored by a fit on the {} before; {} moved in within \
         90 days.\n\n| Tenth | Leads | Predicted | Moved in |\n|---|---|---|---|\n",
        check.from,
        check.to,
        check.fitted_on,
        written(check.rate)
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
        out.push_str(&format!(
            "\nThe top tenth moved in {lift:.1} times as often as the held-out leads on average.\n"
        ));
    }
    Ok(out)
}
