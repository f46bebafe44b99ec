//! A referral partner's pack as a PDF: one page as a rule (a partner with many families runs
//! on), what is free and coming free with the rate bands, then where their families stand.

use super::Paper;
use super::pdf::{Align, Font, Layout, finish};
use crate::domain::format::{self, thousands};
use crate::domain::partner_pack::{FAMILY_DAYS, OPENING_DAYS, PartnerPack};

pub fn render(pack: &PartnerPack, paper: Paper) -> Vec<u8> {
    let mut l = Layout::new(paper);
    let y = l.y_now();
    l.text(
        l.margin(),
        y - 14.0,
        16.0,
        Font::Bold,
        Align::Left,
        &format!("Availability and your families: {}", pack.partner),
    );
    l.move_down(22.0);
    l.note(&format!(
        "From {}, {} as of {}.",
        pack.portal,
        pack.community.as_deref().unwrap_or("every community"),
        pack.as_of.format(format::DAY)
    ));
    l.rule();

    l.heading(&format!("Free now and within {OPENING_DAYS} days"));
    let rows: Vec<Vec<String>> = pack
        .availability
        .iter()
        .map(|a| {
            vec![
                a.community.clone(),
                a.care_group.clone(),
                a.floor_plan.clone(),
                a.free_now.to_string(),
                match a.first_coming {
                    Some(first) => {
                        format!("{} (from {})", a.coming, first.format(format::MONTH_DAY))
                    }
                    None => a.coming.to_string(),
                },
                a.rate_band.map_or("—".to_owned(), |(low, high)| {
                    let dollars = |d: f64| format!("${}", thousands(d.round().max(0.0) as u64));
                    if low == high {
                        dollars(low)
                    } else {
                        format!("{} – {}", dollars(low), dollars(high))
                    }
                }),
            ]
        })
        .collect();
    l.table(
        &[
            ("Community", 2.6, Align::Left),
            ("Care", 1.8, Align::Left),
            ("Floor plan", 1.7, Align::Left),
            ("Free now", 0.9, Align::Right),
            ("Coming free", 1.4, Align::Right),
            ("Monthly rate", 1.7, Align::Right),
        ],
        &rows,
    );
    l.small_paragraph(
        "A unit is free on a day when it has a bed no contract holds that day; coming free: a \
         resident's move-out date on record falls before the day. Rates are the units' base \
         monthly rates; care is priced on assessment.",
    );

    l.heading("The families you referred");
    let rows: Vec<Vec<String>> = pack
        .families
        .iter()
        .map(|f| {
            vec![
                f.name.clone(),
                f.community.clone(),
                f.inquired.format(format::DAY).to_string(),
                format!("{} ({})", f.status(), f.since.format(format::MONTH_DAY)),
            ]
        })
        .collect();
    l.table(
        &[
            ("Family", 1.8, Align::Left),
            ("Community", 2.2, Align::Left),
            ("Inquired", 1.4, Align::Left),
            ("Where they stand", 2.2, Align::Left),
        ],
        &rows,
    );
    if pack.more_families > 0 {
        l.note(&format!(
            "And {} more; ask us for the whole list.",
            pack.more_families
        ));
    }
    l.small_paragraph(&format!(
        "Families whose first inquiry came through you in the last {FAMILY_DAYS} days, by first \
         name and initial only. Thank you for thinking of us."
    ));
    finish(
        l,
        &format!(
            "LeaseDesk · {} · for {} · {}",
            pack.portal,
            pack.partner,
            pack.as_of.format(format::DAY)
        ),
        &format!("Partner pack, {}", pack.partner),
    )
}
