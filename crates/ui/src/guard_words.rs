//! The contact guard's answers in the window's words: why a contact is held, a family's word
//! ("stop texting"), and what a list says of a case whose family asked to stop.

use chrono::{Datelike, NaiveDateTime, NaiveTime};
use chrono_tz::Tz;
use leasedesk_i18n::tr;

use crate::domain::channel::Channel;
use crate::domain::contact::lists::ChannelHold;
use crate::domain::contact::{Action, Reason, Scope};

/// A family's word over a scope: "stop texting", "dejar de enviar mensajes de texto".
pub fn phrase(action: Action, scope: Scope) -> String {
    match (action, scope) {
        (Action::OptOut, Scope::All) => tr!("word-stop-all"),
        (Action::OptOut, Scope::Only(Channel::Call)) => tr!("word-stop-calling"),
        (Action::OptOut, Scope::Only(Channel::Text)) => tr!("word-stop-texting"),
        (Action::OptOut, Scope::Only(Channel::Email)) => tr!("word-stop-emailing"),
        (Action::OptOut, Scope::Only(Channel::Letter)) => tr!("word-stop-letters"),
        (Action::Consent, Scope::All) => tr!("word-may-contact"),
        (Action::Consent, Scope::Only(Channel::Call)) => tr!("word-may-call"),
        (Action::Consent, Scope::Only(Channel::Text)) => tr!("word-may-text"),
        (Action::Consent, Scope::Only(Channel::Email)) => tr!("word-may-email"),
        (Action::Consent, Scope::Only(Channel::Letter)) => tr!("word-may-send-letters"),
    }
}

/// A moment on someone's clock with its weekday: "Sun 8:30 pm", "dom 8:30 p. m.".
fn weekday_time(at: NaiveDateTime) -> String {
    format!(
        "{} {}",
        crate::dates::weekday_short(at.weekday()),
        crate::dates::time(at.time())
    )
}

/// Minutes from midnight as a time of day: "8:00 am".
fn clock(minutes: u16) -> String {
    let t = NaiveTime::from_hms_opt(u32::from(minutes / 60) % 24, u32::from(minutes % 60), 0)
        .unwrap_or_default();
    crate::dates::time(t)
}

fn where_words(state: &Option<String>) -> String {
    match state {
        Some(state) => tr!("hold-in-state", state = state.as_str()),
        None => tr!("hold-no-single-address"),
    }
}

/// Why a contact is held, in the window's language.
pub fn reason(reason: &Reason) -> String {
    match reason {
        Reason::Asked {
            action,
            scope,
            how,
            on,
            by,
        } => {
            let what = if how.is_empty() {
                phrase(*action, *scope)
            } else {
                format!("{} ({how})", phrase(*action, *scope))
            };
            let on = crate::dates::day(*on);
            if by.is_empty() {
                tr!("hold-asked", what = what, on = on)
            } else {
                tr!("hold-asked-by", what = what, on = on, by = by.as_str())
            }
        }
        Reason::ClosedDay {
            holiday,
            state,
            local,
            channel,
        } => tr!(
            "hold-closed-day",
            holiday = if *holiday { "yes" } else { "no" },
            place = where_words(state),
            now = weekday_time(*local),
            channel = channel_kind(*channel)
        ),
        Reason::Hours {
            state,
            local,
            channel,
            opens,
            closes,
            saturday,
        } => tr!(
            "hold-hours",
            now = crate::dates::time(local.time()),
            place = where_words(state),
            channel = channel_kind(*channel),
            opens = clock(*opens),
            closes = clock(*closes),
            saturday = if *saturday { "yes" } else { "no" }
        ),
        Reason::Cap {
            count,
            by,
            last,
            state,
            cap,
        } => {
            let by = if by.is_empty() {
                tr!("hold-someone")
            } else {
                by.clone()
            };
            let state = state.clone().unwrap_or_else(|| tr!("hold-strictest-state"));
            tr!(
                "hold-cap",
                count = *count,
                by = by,
                last = weekday_time(*last),
                state = state,
                cap = *cap
            )
        }
    }
}

/// "text" for texts, "call" for the rest: the guard's clock holds only these two.
fn channel_kind(channel: Channel) -> &'static str {
    if channel == Channel::Text {
        "text"
    } else {
        "call"
    }
}

/// A hold in a row's words: "Held until Mon Nov 30, 8:00 am (your time): …", or, while the
/// family's word stands, "Held: …".
pub fn hold_line(hold: &ChannelHold, zone: Tz) -> String {
    let why = reason(&hold.reason);
    match hold.next_allowed {
        Some(next) => tr!(
            "hold-line-until",
            when = crate::dates::weekday_time(next.with_timezone(&zone).naive_local()),
            reason = why
        ),
        None => tr!("hold-line", reason = why),
    }
}

/// What a list says of a case whose family asked to stop: "No texts", "No calls, texts",
/// "Do not contact" (every channel); nothing when nothing was asked.
pub fn stopped(channels: &[Channel]) -> String {
    if channels.is_empty() {
        return String::new();
    }
    if Channel::ALL.iter().all(|c| channels.contains(c)) {
        return tr!("stopped-all");
    }
    let names: Vec<String> = channels
        .iter()
        .map(|c| match c {
            Channel::Call => tr!("stopped-calls"),
            Channel::Text => tr!("stopped-texts"),
            Channel::Email => tr!("stopped-emails"),
            Channel::Letter => tr!("stopped-letters"),
        })
        .collect();
    tr!("stopped-some", channels = names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use leasedesk_i18n::{Language, in_language};

    fn at(d: u32, h: u32, m: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, d)
            .unwrap()
            .and_hms_opt(h, m, 0)
            .unwrap()
    }

    fn every_kind() -> Vec<Reason> {
        vec![
            Reason::Asked {
                action: Action::OptOut,
                scope: Scope::Only(Channel::Text),
                how: "replied STOP".into(),
                on: NaiveDate::from_ymd_opt(2026, 11, 3).unwrap(),
                by: "Dana Ortiz".into(),
            },
            Reason::Asked {
                action: Action::OptOut,
                scope: Scope::All,
                how: String::new(),
                on: NaiveDate::from_ymd_opt(2026, 11, 3).unwrap(),
                by: String::new(),
            },
            Reason::ClosedDay {
                holiday: false,
                state: Some("FL".into()),
                local: at(29, 10, 5),
                channel: Channel::Call,
            },
            Reason::ClosedDay {
                holiday: true,
                state: None,
                local: at(26, 10, 5),
                channel: Channel::Text,
            },
            Reason::Hours {
                state: Some("TX".into()),
                local: at(28, 20, 30),
                channel: Channel::Text,
                opens: 9 * 60,
                closes: 21 * 60,
                saturday: false,
            },
            Reason::Hours {
                state: None,
                local: at(28, 8, 0),
                channel: Channel::Call,
                opens: 10 * 60,
                closes: 17 * 60,
                saturday: true,
            },
            Reason::Cap {
                count: 3,
                by: "Sam Lee".into(),
                last: at(27, 14, 30),
                state: Some("FL".into()),
                cap: 3,
            },
            Reason::Cap {
                count: 4,
                by: String::new(),
                last: at(27, 14, 30),
                state: None,
                cap: 3,
            },
        ]
    }

    /// In English the window says exactly what the domain says (the command line's JSON).
    #[test]
    fn english_reasons_are_the_domains_own_words() {
        for r in every_kind() {
            assert_eq!(in_language(Language::English, || reason(&r)), r.to_string());
        }
    }

    #[test]
    fn spanish_reasons_leave_no_english() {
        let said: Vec<String> = every_kind()
            .iter()
            .map(|r| in_language(Language::Spanish, || reason(r)))
            .collect();
        assert_eq!(
            said[0],
            "Lo pidieron: no más mensajes de texto (replied STOP), 3 nov 2026, registrado por \
             Dana Ortiz. Solo su consentimiento lo levanta."
        );
        assert_eq!(
            said[2],
            "Para ellos es domingo en FL (dom 10:05 a. m.), y la ley de allí no permite llamadas."
        );
        assert!(
            said[3].starts_with("Para ellos es feriado donde puedan estar"),
            "{}",
            said[3]
        );
        assert_eq!(
            said[4],
            "Para ellos son las 8:30 p. m. en TX; allí se permiten mensajes de texto de 9:00 a. m. \
             a 9:00 p. m., hora local."
        );
        assert!(
            said[5].ends_with("de 10:00 a. m. a 5:00 p. m. los sábados, hora local."),
            "{}",
            said[5]
        );
        assert_eq!(
            said[6],
            "3 llamadas o mensajes en las últimas 24 horas (el último de Sam Lee, vie 2:30 p. m.); \
             FL permite 3."
        );
        assert!(said[7].contains("alguien") && said[7].contains("el estado más estricto"));
        for s in &said {
            for english in [
                "They asked",
                "It is",
                "for them",
                "calls or texts",
                "allows",
                " pm",
            ] {
                assert!(!s.contains(english), "{english:?} in {s:?}");
            }
        }
    }

    #[test]
    fn a_list_says_which_channels_were_stopped() {
        let en = |c: &[Channel]| in_language(Language::English, || stopped(c));
        assert_eq!(en(&[Channel::Text, Channel::Call]), "No texts, calls");
        assert_eq!(en(&[Channel::Text]), "No texts");
        assert_eq!(en(&Channel::ALL), "Do not contact");
        assert_eq!(en(&[]), "");
        let es = |c: &[Channel]| in_language(Language::Spanish, || stopped(c));
        assert_eq!(
            es(&[Channel::Text, Channel::Call]),
            "Sin mensajes de texto, llamadas"
        );
        assert_eq!(es(&Channel::ALL), "No contactar");
    }
}
