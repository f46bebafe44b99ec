//! A referral partner's pack as a PDF: one page as a rule (a partner with many families runs
//! on), what is free and coming free with the rate bands, then where their families stand.

use super::Paper;
use super::pdf::{Align, Layout, finish};
use crate::domain::format::{self, thousands};
use crate::domain::partner_pack::{FAMILY_DAYS, OPENING_DAYS, PartnerPack, pack_title};

/// Points kept under the families' table: the "and more" line and the closing line.
const UNDER_FAMILIES: f32 = 14.0 + 10.0;

pub fn render(pack: &PartnerPack, paper: Paper) -> Vec<u8> {
    let mut l = Layout::new(paper);
    let y = l.y_now();
    l.title(
        l.margin(),
        y - 14.0,
        16.0,
        &format!(
            "{}: availability and your families",
            pack_title(&pack.partner)
        ),
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
                format!("{}, {}", a.care_group, a.floor_plan),
                a.private_now.to_string(),
                a.shared_now.to_string(),
                match a.first_coming {
                    Some(first) => {
                        format!("{} from {}", a.coming, first.format(format::MONTH_DAY))
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
            ("Community", 2.5, Align::Left),
            ("Care, floor plan", 2.5, Align::Left),
            ("Private units free", 1.2, Align::Right),
            ("Shared rooms, a bed free", 1.4, Align::Right),
            ("Coming free", 1.35, Align::Right),
            ("Monthly rate", 1.55, Align::Right),
        ],
        &rows,
    );
    l.small_paragraph(
        "A private unit is free with no one living in it; a shared room has a resident and a bed \
         free for one more. Coming free: a resident's move-out date on record falls within the \
         days shown. Rates are the units' base monthly rates; care is priced on assessment.",
    );

    l.heading("The families you referred");
    // As many as the page holds (the pack is one page as a rule), then how many more.
    let listed = pack
        .families
        .len()
        .min(l.rows_that_fit(UNDER_FAMILIES).max(4));
    let more = pack.families.len() - listed + pack.more_families;
    let rows: Vec<Vec<String>> = pack
        .families
        .iter()
        .take(listed)
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
    if more > 0 {
        l.note(&format!(
            "And {more} more, newer first above; ask us for the whole list."
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
        &pack_title(&pack.partner),
    )
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::domain::funnel::Stage;
    use crate::domain::partner_pack::{Availability, Family};

    fn pack_of(families: usize) -> PartnerPack {
        let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        PartnerPack {
            portal: "Demo".into(),
            partner: "Lakeside Physicians".into(),
            community: None,
            as_of: day,
            availability: vec![Availability {
                community: "Maple".into(),
                care_group: "Assisted Living".into(),
                floor_plan: "Studio".into(),
                private_now: 2,
                shared_now: 1,
                coming: 1,
                first_coming: Some(day),
                rate_band: Some((3900.0, 4200.0)),
            }],
            families: (0..families)
                .map(|n| Family {
                    name: format!("Person{n:03} A."),
                    community: "Maple".into(),
                    inquired: day,
                    stage: Stage::Inquiry,
                    since: day,
                    case_number: n.to_string(),
                })
                .collect(),
            more_families: 0,
            contact: None,
        }
    }

    fn listed(pdf: &[u8]) -> (usize, usize, String) {
        let text = String::from_utf8_lossy(pdf).into_owned();
        let names = text.matches("(Person").count();
        let pages = text.lines().filter(|l| l.trim() == "/Type /Page").count();
        (names, pages, text)
    }

    #[test]
    fn a_pack_lists_every_family_its_page_holds_and_says_how_many_more() {
        let (names, pages, text) = listed(&render(&pack_of(25), Paper::Letter));
        assert_eq!((names, pages), (25, 1), "25 fit: all listed, no \"more\"");
        assert!(!text.contains("more, newer first"));

        let (names, pages, text) = listed(&render(&pack_of(200), Paper::Letter));
        assert_eq!(pages, 1, "one page as a rule");
        assert!(names > 25, "the page is filled: {names}");
        assert!(
            text.contains(&format!("(And {} more, newer first above", 200 - names)),
            "says exactly how many more"
        );
    }
}
