//! A referral partner's pack as a PDF: one page as a rule (a partner with many families runs
//! on), what is free and coming free with the rate bands, then where their families stand.

use leasedesk_i18n::{Language, tr};

use super::Paper;
use super::pdf::{Align, Layout, day, finish, month_day};
use crate::domain::format::thousands;
use crate::domain::funnel::Stage;
use crate::domain::partner_pack::{FAMILY_DAYS, OPENING_DAYS, PartnerPack};

/// Points kept under the families' table: the "and more" line and the closing line.
const UNDER_FAMILIES: f32 = 14.0 + 10.0;

/// The pack as a PDF in `language` (the partner's: its words, dates and what a screen reader
/// speaks it as).
pub fn render(pack: &PartnerPack, paper: Paper, language: Language) -> Vec<u8> {
    leasedesk_i18n::in_language(language, || render_in_force(pack, paper))
}

/// A partner's pack's name: "Lakeside Physicians' pack", "Paquete de Lakeside Physicians".
pub fn title(partner: &str) -> String {
    let partner = partner.trim();
    let ends_in_s = if partner.ends_with(['s', 'S']) {
        "yes"
    } else {
        "no"
    };
    tr!("pack-title", partner = partner, ends_in_s = ends_in_s)
}

/// Where a family stands: the furthest step it reached.
pub fn standing(stage: Stage) -> String {
    match stage {
        Stage::Inquiry => tr!("pack-inquired"),
        Stage::Tour => tr!("pack-toured"),
        Stage::Deposit => tr!("pack-deposit-paid"),
        Stage::MoveIn => tr!("pack-moved-in"),
    }
}

fn render_in_force(pack: &PartnerPack, paper: Paper) -> Vec<u8> {
    let mut l = Layout::new(paper);
    let y = l.y_now();
    l.title(
        l.margin(),
        y - 14.0,
        16.0,
        &tr!("pack-heading", pack = title(&pack.partner)),
    );
    l.move_down(22.0);
    let community = match &pack.community {
        Some(c) => c.clone(),
        None => tr!("pack-every-community"),
    };
    l.note(&tr!(
        "pack-from",
        portal = crate::words::portal_name(&pack.portal),
        community = community,
        as_of = day(pack.as_of)
    ));
    l.rule();

    l.heading(&tr!("pack-free", days = OPENING_DAYS));
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
                    Some(first) => tr!("pack-coming", count = a.coming, from = month_day(first)),
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
            (&tr!("report-col-community"), 2.5, Align::Left),
            (&tr!("pack-col-care"), 2.3, Align::Left),
            (&tr!("pack-col-private"), 1.2, Align::Right),
            (&tr!("pack-col-shared"), 1.4, Align::Right),
            (&tr!("pack-col-coming"), 1.55, Align::Right),
            (&tr!("pack-col-rate"), 1.55, Align::Right),
        ],
        &rows,
    );
    l.small_paragraph(&tr!("pack-free-means"));

    l.heading(&tr!("pack-families"));
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
                day(f.inquired),
                format!("{} ({})", standing(f.stage), month_day(f.since)),
            ]
        })
        .collect();
    l.table(
        &[
            (&tr!("pack-col-family"), 1.8, Align::Left),
            (&tr!("report-col-community"), 2.2, Align::Left),
            (&tr!("pack-col-inquired"), 1.4, Align::Left),
            (&tr!("pack-col-stand"), 2.2, Align::Left),
        ],
        &rows,
    );
    if more > 0 {
        l.note(&tr!("pack-more", count = more));
    }
    l.small_paragraph(&tr!("pack-thanks", days = FAMILY_DAYS));
    finish(
        l,
        &tr!(
            "pack-footer",
            portal = crate::words::portal_name(&pack.portal),
            partner = pack.partner.as_str(),
            as_of = day(pack.as_of)
        ),
        &title(&pack.partner),
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

    /// Whether the PDF shows `words` (as the standard fonts' encoding writes them).
    fn shows(pdf: &[u8], words: &str) -> bool {
        let mut content = pdf_writer::Content::new();
        content.show(pdf_writer::Str(&super::super::pdf::win_ansi(words)));
        let shown = content.finish().to_vec();
        pdf.windows(shown.len()).any(|w| w == shown.as_slice())
    }

    #[test]
    fn a_pack_is_the_partners_in_each_language() {
        let english = |partner| leasedesk_i18n::in_language(Language::English, || title(partner));
        assert_eq!(english("Lakeside Physicians"), "Lakeside Physicians' pack");
        assert_eq!(english("St. Mary's Hospital"), "St. Mary's Hospital's pack");
        assert_eq!(
            leasedesk_i18n::in_language(Language::Spanish, || title("Lakeside Physicians")),
            "Paquete de Lakeside Physicians"
        );
    }

    #[test]
    fn a_pack_in_spanish_says_its_words_and_dates_in_spanish() {
        let pdf = render(&pack_of(3), Paper::Letter, Language::Spanish);
        assert!(String::from_utf8_lossy(&pdf).contains("/Lang (es-US)"));
        for words in [
            "Paquete de Lakeside Physicians: disponibilidad y sus familias",
            "De Demo, todas las comunidades, al 27 nov 2026.",
            "Libre ahora y en los próximos 60 días",
            "Las familias que nos refirió",
            "Familia",
            "Consultó (27 nov)",
            "1 desde 27 nov",
        ] {
            assert!(shows(&pdf, words), "{words:?}");
        }
        let english = render(&pack_of(3), Paper::Letter, Language::English);
        for words in [
            "Lakeside Physicians' pack: availability and your families",
            "From Demo, every community as of Nov 27, 2026.",
            "Inquired (Nov 27)",
        ] {
            assert!(shows(&english, words), "{words:?}");
            assert!(!shows(&pdf, words), "{words:?} in the Spanish pack");
        }
    }

    #[test]
    fn a_pack_lists_every_family_its_page_holds_and_says_how_many_more() {
        let (names, pages, text) = listed(&render(&pack_of(25), Paper::Letter, Language::English));
        assert_eq!((names, pages), (25, 1), "25 fit: all listed, no \"more\"");
        assert!(!text.contains("more, newer first"));

        let (names, pages, text) = listed(&render(&pack_of(200), Paper::Letter, Language::English));
        assert_eq!(pages, 1, "one page as a rule");
        assert!(names > 25, "the page is filled: {names}");
        assert!(
            text.contains(&format!("(And {} more, newer first above", 200 - names)),
            "says exactly how many more"
        );
    }
}
