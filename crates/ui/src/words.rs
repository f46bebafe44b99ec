//! The domain's names in the window's language: the domain names its stages and filters in
//! English for logs and files; what the window shows of them comes from the Fluent files.

use leasedesk_i18n::tr;

use crate::domain::cases::{ColourFilter, StageFilter};
use crate::domain::funnel::Stage;
use crate::domain::speed_to_lead::Colour;

/// A sales stage: "Inquiry", "Consulta".
pub fn stage(stage: Stage) -> String {
    match stage {
        Stage::Inquiry => tr!("stage-inquiry"),
        Stage::Tour => tr!("stage-tour"),
        Stage::Deposit => tr!("stage-deposit"),
        Stage::MoveIn => tr!("stage-move-in"),
    }
}

/// A choice of Search's stage filter.
pub fn stage_filter(filter: StageFilter) -> String {
    match filter {
        StageFilter::Any => tr!("stage-any"),
        StageFilter::At(at) => stage(at),
        StageFilter::None => tr!("stage-none"),
    }
}

/// A choice of Search's follow-up filter, the colour with what it means.
pub fn colour_filter(filter: ColourFilter) -> String {
    match filter {
        ColourFilter::Any => tr!("follow-up-any"),
        ColourFilter::Is(Colour::Red) => tr!("follow-up-red"),
        ColourFilter::Is(Colour::Amber) => tr!("follow-up-amber"),
        ColourFilter::Is(Colour::Green) => tr!("follow-up-green"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leasedesk_i18n::Language;

    /// Each name in English is the domain's own (logs and files say the same words), and in
    /// Spanish is not.
    #[test]
    fn the_windows_names_are_the_domains_in_english_and_translated_in_spanish() {
        leasedesk_i18n::set_language_on_this_thread(Language::English);
        let filters: Vec<StageFilter> = std::iter::once(StageFilter::Any)
            .chain(Stage::ALL.into_iter().map(StageFilter::At))
            .chain([StageFilter::None])
            .collect();
        for f in &filters {
            assert_eq!(stage_filter(*f), f.label());
        }
        for f in ColourFilter::ALL {
            assert_eq!(colour_filter(f), f.label());
        }
        leasedesk_i18n::set_language_on_this_thread(Language::Spanish);
        for f in &filters {
            assert_ne!(stage_filter(*f), f.label(), "{f:?}");
        }
        for f in ColourFilter::ALL {
            assert_ne!(colour_filter(f), f.label(), "{f:?}");
        }
        assert_eq!(stage(Stage::MoveIn), "Ingreso");
        leasedesk_i18n::set_language_on_this_thread(Language::English);
    }
}
