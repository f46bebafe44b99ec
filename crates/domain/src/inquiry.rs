//! How an inquiry is recorded at intake. The individual create's carried activities take no
//! market source, so the inquiry is logged as its own activity right after: its type says how
//! the inquiry came (a phone call is a Call In, a website form a Web Form), and it carries the
//! market source the lead named.

use crate::api::model::ActivityTypeMaster as T;

/// The activity type that records an inquiry that came this way (an entry of the portal's
/// inquiry-method list, Type 35). Unknown methods are plain inquiries.
pub fn activity_type_for(method: &str) -> T {
    let method = method.trim().to_lowercase();
    match method.as_str() {
        "phone" | "call" | "call in" | "telephone" => T::CallIn,
        "walk-in" | "walk in" | "visit" => T::WalkIn,
        "website" | "web" | "web form" | "online" => T::WebForm,
        "email" | "e-mail" => T::EmailIn,
        "referral" => T::Referral,
        "event" => T::Event,
        _ => T::Inquiry,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_method_is_logged_as_the_matching_type() {
        assert_eq!(activity_type_for("Phone"), T::CallIn);
        assert_eq!(activity_type_for(" walk-in "), T::WalkIn);
        assert_eq!(activity_type_for("Website"), T::WebForm);
        assert_eq!(activity_type_for("Email"), T::EmailIn);
        assert_eq!(activity_type_for("Referral"), T::Referral);
        assert_eq!(activity_type_for("Event"), T::Event);
        assert_eq!(activity_type_for("Billboard"), T::Inquiry);
    }
}
