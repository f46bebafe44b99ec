//! Message templates: per community (or for every community), purpose and language, one for
//! each way a message goes (email, text, a call's script, a letter). A director edits them in
//! Settings; they are kept with the portal's other settings on this desk.

use serde::{Deserialize, Serialize};

mod spanish;

pub use super::language::Language;
pub use crate::channel::Channel;

/// At most this many templates (every community × purpose × channel × language of a large
/// portal fits).
pub const MAX_TEMPLATES: usize = 800;
/// A subject longer than this is cut (mail apps show about 80).
pub const MAX_SUBJECT: usize = 200;
/// A body longer than this is cut: a letter is one page; a `mailto:` carries about 2,000.
pub const MAX_BODY: usize = 4_000;

/// Why a message is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Purpose {
    FirstReply,
    AfterTour,
    NoAnswer,
    ChecklistReminder,
    ReferralPartner,
    /// A referral partner's pack (availability and their families), to the partner's person.
    PartnerPack,
}

impl Purpose {
    pub const ALL: [Purpose; 6] = [
        Purpose::FirstReply,
        Purpose::AfterTour,
        Purpose::NoAnswer,
        Purpose::ChecklistReminder,
        Purpose::ReferralPartner,
        Purpose::PartnerPack,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Purpose::FirstReply => "First reply",
            Purpose::AfterTour => "After a tour",
            Purpose::NoAnswer => "No answer",
            Purpose::ChecklistReminder => "Checklist reminder",
            Purpose::ReferralPartner => "Referral partner",
            Purpose::PartnerPack => "Partner pack",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Template {
    /// `None`: every community without its own.
    pub community_id: Option<i64>,
    pub purpose: Purpose,
    pub channel: Channel,
    /// Templates kept before there were languages are English.
    #[serde(default)]
    pub language: Language,
    #[serde(default)]
    pub subject: String,
    pub body: String,
}

/// Which template: community (`None`: every community), purpose, channel and language.
pub type TemplateKey = (Option<i64>, Purpose, Channel, Language);

impl Template {
    pub fn key(&self) -> TemplateKey {
        (self.community_id, self.purpose, self.channel, self.language)
    }
}

/// Every template of the portal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Templates {
    pub list: Vec<Template>,
}

impl Default for Templates {
    fn default() -> Self {
        Templates {
            list: standard_templates(),
        }
    }
}

impl Templates {
    /// The community's own template for this purpose, channel and language, else the one for
    /// every community in it; in another language than English with neither, the English
    /// ones (a message to write, never none).
    pub fn find(
        &self,
        community_id: Option<i64>,
        purpose: Purpose,
        channel: Channel,
        language: Language,
    ) -> Option<&Template> {
        self.find_in(community_id, purpose, channel, language)
            .or_else(|| self.find_in(community_id, purpose, channel, Language::English))
    }

    fn find_in(
        &self,
        community_id: Option<i64>,
        purpose: Purpose,
        channel: Channel,
        language: Language,
    ) -> Option<&Template> {
        let own = community_id.and_then(|id| self.exactly((Some(id), purpose, channel, language)));
        own.or_else(|| self.exactly((None, purpose, channel, language)))
    }

    fn exactly(&self, key: TemplateKey) -> Option<&Template> {
        self.list.iter().find(|t| t.key() == key)
    }

    /// Whether `community_id` has its own template in `language` (not the one for every
    /// community).
    pub fn has_own(
        &self,
        community_id: i64,
        purpose: Purpose,
        channel: Channel,
        language: Language,
    ) -> bool {
        self.exactly((Some(community_id), purpose, channel, language))
            .is_some()
    }

    /// Keeps `template` in place of the one for the same community, purpose and channel, cut
    /// to the budgets. Refused (false) when the list is full.
    pub fn set(&mut self, mut template: Template) -> bool {
        cut_to(&mut template.subject, MAX_SUBJECT);
        cut_to(&mut template.body, MAX_BODY);
        let key = template.key();
        if let Some(kept) = self.list.iter_mut().find(|t| t.key() == key) {
            *kept = template;
            return true;
        }
        if self.list.len() >= MAX_TEMPLATES {
            return false;
        }
        self.list.push(template);
        true
    }

    /// Drops a community's own template (it uses the one for every community again).
    pub fn remove_own(
        &mut self,
        community_id: i64,
        purpose: Purpose,
        channel: Channel,
        language: Language,
    ) {
        let key = (Some(community_id), purpose, channel, language);
        self.list.retain(|t| t.key() != key);
    }
}

/// Cuts `text` to at most `max` characters, on a character boundary.
pub fn cut_to(text: &mut String, max: usize) {
    if let Some((at, _)) = text.char_indices().nth(max) {
        text.truncate(at);
    }
}

/// The templates a portal starts with: one per purpose, channel and language, for every
/// community.
pub fn standard_templates() -> Vec<Template> {
    let mut all = english_templates();
    all.extend(spanish::spanish_templates());
    all
}

fn english_templates() -> Vec<Template> {
    use Channel::*;
    use Purpose::*;
    let t = |purpose, channel, subject: &str, body: &str| Template {
        community_id: None,
        purpose,
        channel,
        language: Language::English,
        subject: subject.to_owned(),
        body: body.to_owned(),
    };
    vec![
        t(
            FirstReply,
            Email,
            "Thank you for asking about {community}",
            "Dear {contact},\n\nThank you for getting in touch about {person}. I would be glad \
             to tell you more about life at {community} and to show you around.\n\nWhen would \
             suit you for a visit? I can also call you at a time that is convenient.\n\nWarm \
             regards,\n{agent}\n{community}",
        ),
        t(
            FirstReply,
            Text,
            "",
            "Hi {contact_first}, this is {agent} at {community}. Thank you for asking about \
             {person_first}. When is a good time to talk?",
        ),
        t(
            FirstReply,
            Call,
            "",
            "Hello {contact_first}, this is {agent} from {community}, returning your inquiry \
             about {person}. Ask: what prompted the search, the care needed, the timing, and \
             offer a tour.",
        ),
        t(
            FirstReply,
            Letter,
            "Your inquiry about {community}",
            "Dear {contact},\n\nThank you for your interest in {community} for {person}. \
             Enclosed you will find our brochure and current pricing. I would welcome the chance \
             to show you our community in person.\n\nSincerely,\n{agent}",
        ),
        t(
            AfterTour,
            Email,
            "It was a pleasure to meet you",
            "Dear {contact},\n\nThank you for visiting {community} on {tour_day}. I hope you \
             and {person_first} enjoyed meeting our residents and team. Apartment {unit} is \
             {rate} a month; I am holding the details for you.\n\nPlease tell me what questions \
             came up afterwards.\n\nWarm regards,\n{agent}",
        ),
        t(
            AfterTour,
            Text,
            "",
            "Hi {contact_first}, thank you for visiting {community} on {tour_day}. Any \
             questions? - {agent}",
        ),
        t(
            AfterTour,
            Call,
            "",
            "Thank {contact_first} for the visit on {tour_day}. Ask what stood out, what \
             worries remain, and who else decides. Offer a second visit or a meal.",
        ),
        t(
            AfterTour,
            Letter,
            "Thank you for visiting {community}",
            "Dear {contact},\n\nThank you for touring {community} on {tour_day}. It was a \
             pleasure to meet you. Apartment {unit} at {rate} a month remains available, and I \
             would be glad to answer any question.\n\nSincerely,\n{agent}",
        ),
        t(
            NoAnswer,
            Email,
            "Sorry to have missed you",
            "Dear {contact},\n\nI tried to reach you by phone about {person} and {community}. \
             Please let me know a good time to call, or reply here.\n\nWarm regards,\n{agent}",
        ),
        t(
            NoAnswer,
            Text,
            "",
            "Hi {contact_first}, {agent} from {community} - sorry I missed you. When is a good \
             time to call?",
        ),
        t(
            NoAnswer,
            Call,
            "",
            "Voicemail: Hello {contact_first}, this is {agent} from {community} about {person}. \
             Please call me back; I will also send you a short email.",
        ),
        t(
            NoAnswer,
            Letter,
            "We would like to hear from you",
            "Dear {contact},\n\nWe have not been able to reach you by phone. We would be glad \
             to help with your search for {person}; please call us at your convenience.\n\n\
             Sincerely,\n{agent}",
        ),
        t(
            ChecklistReminder,
            Email,
            "What is still needed before moving in",
            "Dear {contact},\n\nWe are looking forward to welcoming {person} to {community}. \
             Before moving in, we still need: {checklist_needs}.\n\nPlease let me know if I can \
             help with any of it.\n\nWarm regards,\n{agent}",
        ),
        t(
            ChecklistReminder,
            Text,
            "",
            "Hi {contact_first}, for {person_first}'s move to {community} we still need: \
             {checklist_needs}. - {agent}",
        ),
        t(
            ChecklistReminder,
            Call,
            "",
            "Go through what is still needed: {checklist_needs}. Agree a date for each.",
        ),
        t(
            ChecklistReminder,
            Letter,
            "Your move-in checklist",
            "Dear {contact},\n\nTo complete {person}'s move to {community}, we still need: \
             {checklist_needs}.\n\nSincerely,\n{agent}",
        ),
        t(
            ReferralPartner,
            Email,
            "Update on {person}",
            "Hello,\n\nA short update on {person}, whom you referred to {community}. Thank you \
             for the referral; I will keep you informed of each step.\n\nBest regards,\n{agent}",
        ),
        t(
            ReferralPartner,
            Text,
            "",
            "Hello, {agent} at {community}: an update on {person} follows by email. Thank you \
             for the referral.",
        ),
        t(
            ReferralPartner,
            Call,
            "",
            "Thank the partner for referring {person}; give the status and ask about other \
             families they are helping.",
        ),
        t(
            ReferralPartner,
            Letter,
            "Thank you for your referral",
            "Dear partner,\n\nThank you for referring {person} to {community}. We will keep you \
             informed.\n\nSincerely,\n{agent}",
        ),
        t(
            PartnerPack,
            Email,
            "Availability at {community} and your families",
            "Hello {contact},\n\nAttached is what is free and coming free with us, and where each \
             family you referred stands. Call me about any family you are helping.\n\nBest \
             regards,\n{agent}",
        ),
        t(
            PartnerPack,
            Text,
            "",
            "Hello {contact}, {agent} at {community}: this week's availability and your families' \
             progress are in your email.",
        ),
        t(
            PartnerPack,
            Call,
            "",
            "Go through the pack with {contact}: what is free now, what comes free, and each of \
             their families' next step. Ask about families they are helping now.",
        ),
        t(
            PartnerPack,
            Letter,
            "Availability and your families",
            "Dear {contact},\n\nEnclosed is what is free and coming free with us, and where each \
             family you referred stands.\n\nSincerely,\n{agent}",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_purpose_channel_and_language_has_a_standard_template_with_the_same_fields() {
        use crate::outreach::merge::{Facts, merge};
        let templates = Templates::default();
        for purpose in Purpose::ALL {
            for channel in Channel::ALL {
                let mut fields = Vec::new();
                for language in Language::ALL {
                    let t = templates.exactly((None, purpose, channel, language));
                    let t = t.unwrap_or_else(|| panic!("{purpose:?} {channel:?} {language:?}"));
                    assert_eq!(t.subject.is_empty(), !channel.has_subject());
                    let merged = merge(&format!("{} {}", t.subject, t.body), &Facts::default());
                    assert!(merged.unknown.is_empty(), "{:?}", merged.unknown);
                    let mut used = merged.missing;
                    used.sort_by_key(|f| f.token());
                    fields.push(used);
                }
                // A letter in Spanish says what the English one says of the case.
                assert_eq!(fields[0], fields[1], "{purpose:?} {channel:?}");
            }
        }
    }

    #[test]
    fn a_language_without_its_own_template_writes_the_english_one() {
        let mut templates = Templates::default();
        templates
            .list
            .retain(|t| !(t.language == Language::Spanish && t.purpose == Purpose::NoAnswer));
        let spanish = templates
            .find(None, Purpose::FirstReply, Channel::Email, Language::Spanish)
            .unwrap();
        assert_eq!(spanish.language, Language::Spanish);
        let fallback = templates
            .find(Some(7), Purpose::NoAnswer, Channel::Text, Language::Spanish)
            .unwrap();
        assert_eq!(fallback.language, Language::English);
    }

    #[test]
    fn a_communitys_own_template_comes_before_the_shared_one_and_can_be_dropped() {
        let mut templates = Templates::default();
        let own = Template {
            community_id: Some(7),
            purpose: Purpose::AfterTour,
            channel: Channel::Email,
            language: Language::English,
            subject: "Maple Grove thanks you".into(),
            body: "x".repeat(MAX_BODY + 50),
        };
        assert!(templates.set(own));
        let found = templates
            .find(
                Some(7),
                Purpose::AfterTour,
                Channel::Email,
                Language::English,
            )
            .unwrap();
        assert_eq!(found.subject, "Maple Grove thanks you");
        assert_eq!(found.body.chars().count(), MAX_BODY, "cut to the budget");
        let other = templates
            .find(
                Some(8),
                Purpose::AfterTour,
                Channel::Email,
                Language::English,
            )
            .unwrap();
        assert_eq!(other.community_id, None);
        assert!(templates.has_own(7, Purpose::AfterTour, Channel::Email, Language::English));
        // The community's own English template is not its Spanish one.
        assert!(!templates.has_own(7, Purpose::AfterTour, Channel::Email, Language::Spanish));
        assert_eq!(
            templates
                .find(
                    Some(7),
                    Purpose::AfterTour,
                    Channel::Email,
                    Language::Spanish
                )
                .unwrap()
                .language,
            Language::Spanish
        );
        templates.remove_own(7, Purpose::AfterTour, Channel::Email, Language::English);
        assert_eq!(
            templates
                .find(
                    Some(7),
                    Purpose::AfterTour,
                    Channel::Email,
                    Language::English
                )
                .unwrap()
                .community_id,
            None
        );
    }

    #[test]
    fn a_full_list_refuses_a_new_template_but_replaces_one_it_holds() {
        let mut templates = Templates { list: Vec::new() };
        for id in 0..MAX_TEMPLATES as i64 {
            assert!(templates.set(Template {
                community_id: Some(id),
                purpose: Purpose::FirstReply,
                channel: Channel::Text,
                language: Language::Spanish,
                subject: String::new(),
                body: "hi".into(),
            }));
        }
        let mut one_more = templates.list[0].clone();
        one_more.community_id = Some(-1);
        assert!(!templates.set(one_more));
        let mut again = templates.list[3].clone();
        again.body = "hello".into();
        assert!(templates.set(again));
        assert_eq!(templates.list[3].body, "hello");
        assert_eq!(templates.list.len(), MAX_TEMPLATES);
    }
}
